import { describe, expect, it } from 'vitest'
import { floatCursor } from '../engine/fairness'
import { KENO_RISKS, KENO_TABLES, isValidPicks, kenoMultiplier, settleKeno } from './rules'

/** C(n, k) exactly enough for n <= 40. */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let r = 1
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i
  return r
}

describe('keno tables', () => {
  it('return 98.65-99.07 % on every row, by the odds of 10 drawn of 40', () => {
    for (const risk of KENO_RISKS) {
      KENO_TABLES[risk].forEach((row, i) => {
        const picks = i + 1
        expect(row).toHaveLength(picks + 1)
        const rtp = row.reduce(
          (sum, m, hits) =>
            sum + ((choose(picks, hits) * choose(40 - picks, 10 - hits)) / choose(40, 10)) * m,
          0,
        )
        expect(rtp / 10_000, `${risk} ${picks}`).toBeGreaterThanOrEqual(0.9865)
        expect(rtp / 10_000, `${risk} ${picks}`).toBeLessThanOrEqual(0.9907)
      })
    }
  })

  it('holds the corrected values where circulating copies have typos', () => {
    expect(kenoMultiplier('classic', 6, 3)).toBe(36_800)
    expect(kenoMultiplier('medium', 9, 4)).toBe(25_000)
    expect(kenoMultiplier('high', 10, 10)).toBe(10_000_000)
  })

  it('settles a round from the stream: hits are the picks among the drawn numbers', () => {
    const round = settleKeno([1, 2, 3, 4, 5], 'classic', floatCursor('s', 'c', 0))
    expect(new Set(round.drawn).size).toBe(10)
    expect(round.hits).toEqual([1, 2, 3, 4, 5].filter((n) => round.drawn.includes(n)))
    expect(round.multiplier).toBe(kenoMultiplier('classic', 5, round.hits.length))
    expect(isValidPicks([1, 40])).toBe(true)
    expect(isValidPicks([0])).toBe(false)
    expect(isValidPicks([1, 1])).toBe(false)
    expect(isValidPicks(Array.from({ length: 11 }, (_, i) => i + 1))).toBe(false)
  })
})
