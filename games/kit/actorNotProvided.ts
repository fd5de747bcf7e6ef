/**
 * The stand-in for a machine's actor that its page must provide (`machine.provide({ actors })`):
 * a machine started without it fails loudly, naming the machine and the actor, instead of
 * waiting for an answer that never comes.
 */
export const actorNotProvided = (machine: string) => (name: string) => (): Promise<never> =>
  Promise.reject(new Error(`[${machine}] actor "${name}" was not provided`))
