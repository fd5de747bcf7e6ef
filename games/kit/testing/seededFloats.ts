import type { FloatCursor } from '../../engine/fairness/floats'

/**
 * A seeded float source (mulberry32) in the shape of the bet's float cursor, for RTP simulations:
 * a million rounds take a fraction of a second instead of a million HMACs. The rules' conversions
 * are what is under test; the HMAC stream itself is tested in games/engine/fairness.
 */
export function seededFloats(seed: number): FloatCursor {
  let a = seed >>> 0
  let consumed = 0
  return {
    next() {
      consumed++
      a = (a + 0x6d2b79f5) >>> 0
      let t = a
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    },
    get consumed() {
      return consumed
    },
  }
}
