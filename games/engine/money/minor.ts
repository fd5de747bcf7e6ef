/**
 * Money as integer minor units (kopecks, cents, tiyn, paise) behind a brand, so a float or a plain
 * count can never be passed where money is expected, and arithmetic stays integer.
 */
import { z } from 'zod/mini'

/** An expected failure as a value (STYLE.md section 9): the caller shows `error` translated. */
export type Result<T, E extends string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E }

/** Integer minor units. Structurally the same brand as the HTTP protocol's `Minor`. */
export type Minor = number & { readonly __brand: 'Minor' }

/** Zero minor units. */
export const ZERO = 0 as Minor

/**
 * Brands a safe integer as {@link Minor}. A non-integer here is a bug (a float reached money), so
 * it throws; use {@link toMinor} for numbers that arrive from outside.
 */
export function minor(n: number): Minor {
  if (!Number.isSafeInteger(n))
    throw new Error(`[Money] not an integer number of minor units: ${n}`)
  return n as Minor
}

/** {@link minor} for untrusted numbers: a `Result` instead of a throw. */
export function toMinor(n: unknown): Result<Minor, 'not_integer'> {
  return typeof n === 'number' && Number.isSafeInteger(n)
    ? { ok: true, value: n as Minor }
    : { ok: false, error: 'not_integer' }
}

/** `a + b`; a sum beyond the safe-integer range would lose kopecks, so it throws. */
export function addMinor(a: Minor, b: Minor): Minor {
  return minor(a + b)
}

/** `a - b` (may be negative: a caller checking a balance compares with {@link ZERO}). */
export function subtractMinor(a: Minor, b: Minor): Minor {
  return minor(a - b)
}

/** The sum of `amounts`, integer all the way. */
export function sumMinor(amounts: readonly Minor[]): Minor {
  return amounts.reduce(addMinor, ZERO)
}

/**
 * A zod schema for a wire field holding minor units (any sign; pipe a checked `z.int()` into it
 * where the sign matters).
 */
export const minorSchema = z.pipe(
  z.int(),
  z.transform((n: number) => n as Minor),
)
