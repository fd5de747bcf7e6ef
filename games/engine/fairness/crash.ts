/**
 * The crash point of a game from its chain hash and the public salt:
 * `h = HMAC_SHA256(key = salt text as UTF-8, msg = the 32 raw bytes of the game hash)`,
 * `r` = the first 52 bits of h (its first 13 hex digits), `X = 99 / (1 - r / 2^52)`,
 * crash = `max(1, floor(X) / 100)`.
 *
 * With u = r / 2^52 uniform on [0, 1), P(X >= 100x) = 0.99 / x: a 1 % house edge at every
 * cash-out target. Crash points are kept as integer hundredths (153 is 1.53x) so that no float
 * ever multiplies a bet.
 */
import { hexToBytes, isHash, utf8 } from './encoding'
import { createHmacSha256, DIGEST_LENGTH } from './hmac'

/** A crash multiplier in integer hundredths: 100 is 1.00x, 153 is 1.53x. Never below 100. */
export type CrashPoint = number & { readonly __brand: 'CrashPoint' }

/** The lowest crash point, 1.00x: the round ends at once and every bet loses. */
export const MIN_CRASH_POINT = 100 as CrashPoint

const TWO_POW_52 = 2 ** 52

/** The crash point of an HMAC digest `h` per the formula above. */
function fromDigest(h: Uint8Array): CrashPoint {
  // The first 52 bits: six whole bytes and the high nibble of the seventh. Each product is exact.
  const r =
    h[0]! * 2 ** 44 +
    h[1]! * 2 ** 36 +
    h[2]! * 2 ** 28 +
    h[3]! * 2 ** 20 +
    h[4]! * 2 ** 12 +
    h[5]! * 2 ** 4 +
    (h[6]! >>> 4)
  // Float arithmetic exactly as the published formula, so other verifiers agree to the last bit.
  const x = 99 / (1 - r / TWO_POW_52)
  return Math.max(MIN_CRASH_POINT, Math.floor(x)) as CrashPoint
}

/**
 * A crash-point function bound to one `salt`, taking the raw 32 bytes of a game hash. The salt's
 * HMAC key state is computed once; use this when scoring many games (a whole chain, a history).
 */
export function createCrashPointer(salt: string): (gameHash: Uint8Array) => CrashPoint {
  const hmac = createHmacSha256(utf8(salt))
  const digest = new Uint8Array(DIGEST_LENGTH)
  return (gameHash) => {
    if (gameHash.length !== DIGEST_LENGTH) {
      throw new Error(`[Fairness] a game hash is 32 bytes, got ${gameHash.length}`)
    }
    return fromDigest(hmac(gameHash, digest))
  }
}

/**
 * The crash point of the game whose hash is `gameHash` (64 hex digits) under the public `salt`,
 * which is used as its text exactly as published (hex, as UTF-8 bytes).
 */
export function crashPoint(gameHash: string, salt: string): CrashPoint {
  if (!isHash(gameHash)) throw new Error(`[Fairness] game hash is not 64 hex digits: "${gameHash}"`)
  return createCrashPointer(salt)(hexToBytes(gameHash))
}

/** A crash point as decimal text with two places, `153` -> `"1.53"`; the UI adds the `x`. */
export function formatCrashPoint(point: CrashPoint): string {
  const whole = Math.floor(point / 100)
  const cents = point % 100
  return `${whole}.${cents < 10 ? '0' : ''}${cents}`
}
