/** Argument helpers of `npm run fair` (scripts/fair.ts and its game commands). */
import { parseArgs } from 'node:util'

/** Bad input: the CLI prints the message and its usage, and exits with 2. */
export class UsageError extends Error {}

/** A whole number flag from 0 to `max`; `fallback` when absent (null: required). */
export function count(
  value: string | undefined,
  flag: string,
  fallback: number | null,
  max: number,
): number {
  if (value === undefined) {
    if (fallback === null) throw new UsageError(`${flag} is required`)
    return fallback
  }
  if (!/^\d+$/.test(value) || Number(value) > max) {
    throw new UsageError(`${flag} must be a whole number from 0 to ${max}, got "${value}"`)
  }
  return Number(value)
}

/** The seed pair and nonce every instant-game command takes (`--server-seed`, `--client-seed`, `--nonce`). */
export function seedPairArgs(values: {
  'server-seed'?: string
  'client-seed'?: string
  nonce?: string
}): { serverSeed: string; clientSeed: string; nonce: number } {
  const serverSeed = values['server-seed']
  const clientSeed = values['client-seed']
  if (serverSeed === undefined) throw new UsageError('--server-seed is required')
  if (clientSeed === undefined) throw new UsageError('--client-seed is required')
  return {
    serverSeed,
    clientSeed,
    nonce: count(values.nonce, '--nonce', null, Number.MAX_SAFE_INTEGER),
  }
}

/**
 * A game command's arguments: the seed pair and nonce ({@link seedPairArgs}) and the game's
 * `options`, each a string flag (strict: an unknown flag is a usage error).
 */
export function gameArgs(args: string[], options: readonly string[]) {
  const flags = ['server-seed', 'client-seed', 'nonce', ...options]
  const { values } = parseArgs({
    args,
    strict: true,
    options: Object.fromEntries(flags.map((name) => [name, { type: 'string' as const }])),
  }) as { values: Record<string, string | undefined> }
  return { values, ...seedPairArgs(values) }
}
