/** Argument helpers of `npm run fair` (scripts/fair.ts and its game commands). */

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
