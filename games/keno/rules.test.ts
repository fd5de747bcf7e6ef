import { createHmac } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { floatCursor } from '../engine/fairness'
import { kenoDraw } from '../engine/fairness/draws'
import type { FloatCursor } from '../engine/fairness/floats'
import type { Minor } from '../engine/money'
import { kenoOutcomeSchema, kenoParamsSchema } from './protocol'
import {
  KENO_RISKS,
  KENO_TABLES,
  bestMultiplier,
  isValidPicks,
  kenoMultiplier,
  kenoRules,
  settleKeno,
} from './rules'

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

/** The scheme's floats written again from its description with Node's HMAC (not the engine's). */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, n: number) {
  const out: number[] = []
  for (let round = 0; out.length < n; round++) {
    const block = createHmac('sha256', serverSeed)
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest()
    for (let i = 0; i < 32 && out.length < n; i += 4) out.push(block.readUInt32BE(i) / 2 ** 32)
  }
  return out
}

/** Keno's published draw from its description: each float takes `floor(f * left)` of the rest. */
function referenceDraw(floats: number[]): number[] {
  const left = Array.from({ length: 40 }, (_, i) => i + 1)
  return floats.slice(0, 10).map((f) => left.splice(Math.floor(f * left.length), 1)[0]!)
}

/** Fixed draws for given seeds: a change to the draw or to the float stream fails here. */
const VECTORS = [
  { seeds: ['server seed', 'client seed', 0], drawn: [16, 31, 33, 38, 36, 3, 1, 35, 15, 25] },
  { seeds: ['server seed', 'client seed', 1], drawn: [30, 26, 10, 37, 22, 35, 25, 24, 39, 4] },
  { seeds: ['tessera', 'keno', 41], drawn: [1, 20, 3, 5, 38, 23, 31, 22, 32, 18] },
] as const

describe('keno draws for given seeds', () => {
  it('draw the fixed vectors, the same as the scheme written again from its description', () => {
    for (const { seeds, drawn } of VECTORS) {
      const [server, client, nonce] = seeds
      const round = settleKeno([1, 2, 3, 4, 5], 'classic', floatCursor(server, client, nonce))
      expect(round.drawn).toEqual(drawn)
      expect(referenceDraw(referenceFloats(server, client, nonce, 10))).toEqual(drawn)
    }
  })

  it('settle a bet through the kit: 3 hits of 5 at classic on the third vector pay 4.1x', () => {
    const result = kenoRules.settle(
      { picks: [1, 2, 3, 4, 5], risk: 'classic' },
      1000 as Minor,
      floatCursor('tessera', 'keno', 41),
    )
    expect(result).toEqual({
      outcome: { drawn: [1, 20, 3, 5, 38, 23, 31, 22, 32, 18] },
      multiplier: 41_000,
      payout: 4100,
    })
    expect(kenoRules.maxPayout({ picks: [1, 2, 3], risk: 'high' }, 100 as Minor)).toBe(8150)
    expect(bestMultiplier('high', 10)).toBe(10_000_000)
    expect(kenoRules.refusal({ picks: [], risk: 'low' }, 100 as Minor)).toBe('bad_request')
    expect(kenoRules.refusal({ picks: [40], risk: 'low' }, 100 as Minor)).toBeNull()
  })

  it('parse only legal params and draws on the wire', () => {
    const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) =>
      schema.safeParse(v).success
    expect(ok(kenoParamsSchema, { picks: [1, 40], risk: 'medium' })).toBe(true)
    expect(ok(kenoParamsSchema, { picks: [1, 1], risk: 'medium' })).toBe(false)
    expect(ok(kenoParamsSchema, { picks: [41], risk: 'medium' })).toBe(false)
    expect(ok(kenoParamsSchema, { picks: [1], risk: 'wild' })).toBe(false)
    expect(
      ok(kenoParamsSchema, { picks: Array.from({ length: 11 }, (_, i) => i + 1), risk: 'low' }),
    ).toBe(false)
    expect(ok(kenoOutcomeSchema, { drawn: VECTORS[0].drawn })).toBe(true)
    expect(ok(kenoOutcomeSchema, { drawn: [1, 1, 2, 3, 4, 5, 6, 7, 8, 9] })).toBe(false)
    expect(ok(kenoOutcomeSchema, { drawn: [1, 2, 3] })).toBe(false)
  })
})

/**
 * 1,000,000 simulated rounds against the tables. The draw is the game's own (`kenoDraw`, which
 * `settleKeno` draws with), but its floats come from a fast seeded generator (SplitMix32 words
 * over 2^32, the same grid of floats as the HMAC stream) instead of HMAC-SHA256, so the million
 * rounds take a second or two; the HMAC stream is checked against the fixed vectors above. The
 * seed is fixed, so a failure reproduces. Tolerance: 5 standard errors of each figure.
 */
const ROUNDS = 1_000_000
const PICKS = [1, 5, 10] as const

/** SplitMix32: a small, well-mixed 32-bit generator; floats k / 2^32 as the HMAC stream gives. */
function seededFloats(seed: number): FloatCursor {
  let state = seed >>> 0
  let consumed = 0
  return {
    next() {
      state = (state + 0x9e3779b9) >>> 0
      let z = state
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
      z = (z ^ (z >>> 16)) >>> 0
      consumed++
      return z / 2 ** 32
    },
    get consumed() {
      return consumed
    },
  }
}

/** The chance of `hits` hits with `picks` picked when 10 of 40 are drawn. */
const chance = (picks: number, hits: number) =>
  (choose(picks, hits) * choose(40 - picks, 10 - hits)) / choose(40, 10)

describe('keno: 1,000,000 simulated rounds', () => {
  // One draw per round; each pick count reads the same draws (its picks are 1..n: by symmetry
  // any n numbers have the same odds).
  const counts = new Map<number, number[]>(PICKS.map((p) => [p, new Array<number>(p + 1).fill(0)]))
  beforeAll(() => {
    const floats = seededFloats(20_261_127)
    const drawnNow = new Uint8Array(41)
    for (let round = 0; round < ROUNDS; round++) {
      drawnNow.fill(0)
      for (const n of kenoDraw(floats)) drawnNow[n] = 1
      let hits = 0
      for (let n = 1; n <= 10; n++) {
        hits += drawnNow[n]!
        const row = counts.get(n)
        if (row) row[hits]!++
      }
    }
  })

  it.each(PICKS)(
    '%i picks: hit counts within 5 standard errors of the hypergeometric odds',
    (p) => {
      counts.get(p)!.forEach((seen, hits) => {
        const q = chance(p, hits)
        const sd = Math.sqrt(ROUNDS * q * (1 - q))
        expect(Math.abs(seen - ROUNDS * q), `${p} picks, ${hits} hits`).toBeLessThanOrEqual(
          5 * sd + 1,
        )
      })
    },
  )

  it.each(PICKS)('%i picks: every risk table returns its RTP within 5 standard errors', (p) => {
    const seen = counts.get(p)!
    for (const risk of KENO_RISKS) {
      const row = KENO_TABLES[risk][p - 1]!.map((m) => m / 10_000)
      const rtp = row.reduce((sum, m, h) => sum + m * chance(p, h), 0)
      const second = row.reduce((sum, m, h) => sum + m * m * chance(p, h), 0)
      const sd = Math.sqrt((second - rtp * rtp) / ROUNDS)
      const simulated = row.reduce((sum, m, h) => sum + m * seen[h]!, 0) / ROUNDS
      expect(
        Math.abs(simulated - rtp),
        `${risk} ${p} picks: ${simulated} vs ${rtp}`,
      ).toBeLessThanOrEqual(5 * sd)
      expect(rtp).toBeGreaterThanOrEqual(0.9865)
      expect(rtp).toBeLessThanOrEqual(0.9907)
    }
  })
})
