import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { floatCursor } from '../engine/fairness'
import type { Minor } from '../engine/money'
import { instantWireOf } from '../kit/instant/protocol'
import { rouletteGame } from './game'
import { rouletteLogic, rouletteParamsSchema } from './protocol'
import {
  MAX_BETS_PER_SPIN,
  POCKETS,
  betPayout,
  colorOf,
  isLegalInside,
  maxSpinPayout,
  numbersOf,
  pocketOf,
  rouletteRules,
  spinPayout,
  spinRefusal,
  type RouletteBet,
  type RouletteParams,
} from './rules'

const chip = (n: number) => n as Minor
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i)

describe('roulette pockets', () => {
  it('converts a float with floor(float * 37)', () => {
    expect(pocketOf(0)).toBe(0)
    expect(pocketOf(0.5)).toBe(18)
    expect(pocketOf((2 ** 32 - 1) / 2 ** 32)).toBe(36)
  })

  it('colours the European wheel: 18 red, 18 black, 0 green', () => {
    const colours = range(0, 36).map(colorOf)
    expect(colours.filter((c) => c === 'red')).toHaveLength(18)
    expect(colours.filter((c) => c === 'black')).toHaveLength(18)
    expect(colorOf(0)).toBe('green')
    expect([colorOf(1), colorOf(2), colorOf(10), colorOf(11), colorOf(19)]).toEqual([
      'red',
      'black',
      'black',
      'black',
      'red',
    ])
  })
})

describe('roulette table layout', () => {
  /**
   * Every legal position of each inside kind, found by brute force over sorted tuples whose
   * numbers lie within 8 of each other (no position of the layout spans more than 0 to 3 or two
   * rows, so the bound hides none and keeps the six-number search small).
   */
  function legal(kind: 'split' | 'street' | 'corner' | 'line', size: number): string[] {
    const found: string[] = []
    const pick = (start: number, chosen: number[]) => {
      if (chosen.length === size) {
        if (isLegalInside(kind, chosen)) found.push(chosen.join('-'))
        return
      }
      const last = chosen.length > 0 ? chosen[0]! + 8 : 36
      for (let n = start; n <= Math.min(36, last); n++) pick(n + 1, [...chosen, n])
    }
    pick(0, [])
    return found
  }

  it('has the 60 splits, 14 streets, 23 corners and 11 lines of the layout, and no others', () => {
    const splits = legal('split', 2)
    expect(splits).toHaveLength(24 + 33 + 3)
    expect(splits).toEqual(expect.arrayContaining(['0-1', '0-3', '1-2', '2-3', '1-4', '33-36']))
    expect(splits).not.toContain('3-4')
    expect(splits).not.toContain('0-4')
    const streets = legal('street', 3)
    expect(streets).toHaveLength(14)
    expect(streets).toEqual(expect.arrayContaining(['0-1-2', '0-2-3', '1-2-3', '34-35-36']))
    expect(streets).not.toContain('2-3-4')
    const corners = legal('corner', 4)
    expect(corners).toHaveLength(23)
    expect(corners).toEqual(expect.arrayContaining(['0-1-2-3', '1-2-4-5', '32-33-35-36']))
    expect(corners).not.toContain('3-4-6-7')
    const lines = legal('line', 6)
    expect(lines).toHaveLength(11)
    expect(lines).toEqual(expect.arrayContaining(['1-2-3-4-5-6', '31-32-33-34-35-36']))
    expect(lines).not.toContain('2-3-4-5-6-7')
  })

  it('refuses unsorted, repeated or out-of-range numbers', () => {
    expect(isLegalInside('split', [2, 1])).toBe(false)
    expect(isLegalInside('split', [1, 1])).toBe(false)
    expect(isLegalInside('straight', [37])).toBe(false)
    expect(isLegalInside('straight', [-1])).toBe(false)
    expect(isLegalInside('straight', [0])).toBe(true)
    expect(isLegalInside('straight', [1, 2])).toBe(false)
  })

  it('covers the numbers of each outside bet', () => {
    expect(numbersOf({ kind: 'dozen', index: 2, amount: chip(1) })).toEqual(range(13, 24))
    expect(numbersOf({ kind: 'column', index: 1, amount: chip(1) })).toEqual(
      range(0, 11).map((r) => 3 * r + 1),
    )
    expect(numbersOf({ kind: 'low', amount: chip(1) })).toEqual(range(1, 18))
    expect(numbersOf({ kind: 'high', amount: chip(1) })).toEqual(range(19, 36))
    expect(numbersOf({ kind: 'even', amount: chip(1) })).not.toContain(0)
  })
})

describe('roulette payouts', () => {
  const bets: RouletteBet[] = [
    { kind: 'straight', numbers: [17], amount: chip(10) },
    { kind: 'split', numbers: [17, 20], amount: chip(10) },
    { kind: 'street', numbers: [16, 17, 18], amount: chip(10) },
    { kind: 'corner', numbers: [13, 14, 16, 17], amount: chip(10) },
    { kind: 'line', numbers: range(13, 18), amount: chip(10) },
    { kind: 'dozen', index: 2, amount: chip(10) },
    { kind: 'column', index: 2, amount: chip(10) },
    { kind: 'black', amount: chip(10) },
    { kind: 'odd', amount: chip(10) },
    { kind: 'low', amount: chip(10) },
  ]

  it('pays each kind n:1 with the stake back when the pocket is covered', () => {
    expect(bets.map((bet) => betPayout(bet, 17))).toEqual([
      360, 180, 120, 90, 60, 30, 30, 20, 20, 20,
    ])
    expect(bets.map((bet) => betPayout(bet, 0))).toEqual(bets.map(() => 0))
  })

  it('sums a spin of many bets and reports its multiplier on the total stake', () => {
    const params: RouletteParams = {
      bets: [
        { kind: 'red', amount: chip(100) },
        { kind: 'straight', numbers: [0], amount: chip(50) },
      ],
    }
    expect(spinPayout(params, 1)).toBe(200)
    expect(spinPayout(params, 0)).toBe(1800)
    expect(maxSpinPayout(params)).toBe(1800)
    const floatOf = (pocket: number) => ({ next: () => (pocket + 0.5) / 37, consumed: 0 })
    const red = rouletteRules.settle(params, chip(150), floatOf(1))
    expect(red).toEqual({ outcome: { pocket: 1 }, multiplier: 13333, payout: 200 })
    expect(rouletteRules.settle(params, chip(150), floatOf(2)).payout).toBe(0)
  })

  it('refuses a spin with no bets, too many, an illegal one or chips that miss the stake', () => {
    const one = { kind: 'red', amount: chip(100) } as const
    expect(spinRefusal({ bets: [one] }, chip(100))).toBeNull()
    expect(spinRefusal({ bets: [] }, chip(0))).toBe('bad_request')
    expect(spinRefusal({ bets: [one] }, chip(99))).toBe('bad_request')
    expect(
      spinRefusal({ bets: Array.from({ length: MAX_BETS_PER_SPIN + 1 }, () => one) }, chip(1)),
    ).toBe('bad_request')
    expect(
      spinRefusal({ bets: [{ kind: 'split', numbers: [3, 4], amount: chip(1) }] }, chip(1)),
    ).toBe('bad_request')
  })
})

describe('roulette protocol', () => {
  it('parses legal bets into the rules types and refuses illegal positions', () => {
    const parsed = z.safeParse(rouletteParamsSchema, {
      bets: [
        { kind: 'straight', numbers: [7], amount: 100 },
        { kind: 'column', index: 3, amount: 100 },
        { kind: 'red', amount: 100 },
      ],
    })
    expect(parsed.success).toBe(true)
    const params: RouletteParams = parsed.data!
    expect(spinRefusal(params, chip(300))).toBeNull()
    for (const bad of [
      { kind: 'split', numbers: [3, 4], amount: 100 },
      { kind: 'dozen', index: 4, amount: 100 },
      { kind: 'red', amount: 0 },
      { kind: 'green', amount: 100 },
    ]) {
      expect(z.safeParse(rouletteParamsSchema, { bets: [bad] }).success).toBe(false)
    }
    expect(instantWireOf(rouletteGame, rouletteLogic).commandNames).toEqual(['bet', 'sync'])
  })
})

describe('roulette return to player', () => {
  it('is 36/37 for every position, counted over every pocket', () => {
    const positions: RouletteBet[] = [
      { kind: 'straight', numbers: [0], amount: chip(1) },
      { kind: 'split', numbers: [0, 1], amount: chip(1) },
      { kind: 'street', numbers: [0, 2, 3], amount: chip(1) },
      { kind: 'corner', numbers: [0, 1, 2, 3], amount: chip(1) },
      { kind: 'line', numbers: range(31, 36), amount: chip(1) },
      { kind: 'dozen', index: 3, amount: chip(1) },
      { kind: 'column', index: 1, amount: chip(1) },
      ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((kind) => ({
        kind,
        amount: chip(1),
      })),
    ]
    for (const bet of positions) {
      const total = range(0, 36).reduce((sum, pocket) => sum + betPayout(bet, pocket), 0)
      expect(total).toBe(36)
    }
  })

  it('is 36/37 within tolerance over 1,000,000 spins, even-money and straight', () => {
    // Four standard deviations of the mean of 10^6 spins (a win pays m stakes with p = k/37).
    const floats = floatCursor('roulette-rtp-server-seed', 'roulette-rtp-client-seed', 0)
    const cases = [
      { bet: { kind: 'red', amount: chip(1) } as const, m: 2, p: 18 / 37 },
      { bet: { kind: 'even', amount: chip(1) } as const, m: 2, p: 18 / 37 },
      { bet: { kind: 'straight', numbers: [17], amount: chip(1) } as const, m: 36, p: 1 / 37 },
      { bet: { kind: 'straight', numbers: [0], amount: chip(1) } as const, m: 36, p: 1 / 37 },
    ]
    const paid = cases.map(() => 0)
    const n = 1_000_000
    const hits = new Array<number>(POCKETS).fill(0)
    for (let i = 0; i < n; i++) {
      const pocket = pocketOf(floats.next())
      hits[pocket]!++
      cases.forEach(({ bet }, c) => (paid[c]! += betPayout(bet, pocket)))
    }
    cases.forEach(({ m, p }, c) => {
      const tolerance = (4 * m * Math.sqrt(p * (1 - p))) / Math.sqrt(n)
      expect(Math.abs(paid[c]! / n - 36 / 37)).toBeLessThan(tolerance)
    })
    expect(hits.every((h) => h > 0)).toBe(true)
  })
})
