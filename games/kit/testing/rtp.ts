/**
 * The yardstick of the stateful games' RTP tests: a strategy's exact return from its payout
 * distribution, and how far a simulation of N rounds may stray from it.
 */

/** One outcome of a strategy: what it returns per unit staked, and its chance. */
export interface Outcome {
  readonly multiplier: number
  readonly chance: number
}

/** The exact mean (the RTP) and variance of a strategy's return per unit staked. */
export function moments(outcomes: readonly Outcome[]): { rtp: number; variance: number } {
  const total = outcomes.reduce((sum, o) => sum + o.chance, 0)
  if (Math.abs(total - 1) > 1e-9) throw new Error(`[rtp] chances add up to ${total}, not 1`)
  const rtp = outcomes.reduce((sum, o) => sum + o.multiplier * o.chance, 0)
  const square = outcomes.reduce((sum, o) => sum + o.multiplier ** 2 * o.chance, 0)
  return { rtp, variance: square - rtp ** 2 }
}

/** How many standard errors a simulated RTP may stray from the exact one. */
export const SIGMAS = 5

/**
 * The tolerance of a simulated RTP over `rounds` independent rounds: {@link SIGMAS} standard
 * errors of the mean, `sqrt(variance / rounds)`. By the central limit theorem a correct rule
 * strays this far about once in 1.7 million checks (and the seeds are fixed, so a pass stays a
 * pass), while a rule that pays a whole point of RTP too much or too little fails wherever the
 * standard error is under 0.2 %: every strategy of the tests but the longest shots.
 */
export function tolerance(variance: number, rounds: number): number {
  return SIGMAS * Math.sqrt(variance / rounds)
}
