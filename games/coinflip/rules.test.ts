import { describe, expect, it } from 'vitest'
import { coinOf, floatCursor } from '../engine/fairness'
import { MAX_BET_PAYOUT, type Minor } from '../engine/money'
import { moments, tolerance } from '../kit/testing/rtp'
import { seededFloats } from '../kit/testing/seededFloats'
import {
  canCashOut,
  cashOutPayout,
  coinflipAutoRules,
  coinflipMultiplier,
  flip,
  flipRefusal,
  MAX_FLIPS,
  sideOf,
  type Side,
} from './rules'

// 100 RUB: a payout in minor units is the multiplier itself, and 31.68x is far under the cap.
const stake = { amount: 10_000 as Minor, cap: MAX_BET_PAYOUT.RUB }

describe('coinflip', () => {
  it('lands heads below 0.5 and tails from 0.5, as the kit coin', () => {
    expect(sideOf(0)).toBe('heads')
    expect(sideOf(0.4999999999)).toBe('heads')
    expect(sideOf(0.5)).toBe('tails')
    expect(sideOf(0.9999999999)).toBe('tails')
    const floats = floatCursor('s', 'c', 1)
    for (let i = 0; i < 50; i++) {
      const f = floats.next()
      expect(sideOf(f)).toBe(coinOf(f))
    }
  })

  it('pays 0.99 × 2^n: 1.98, 3.96, 7.92 … up to 20 flips', () => {
    expect([1, 2, 3].map(coinflipMultiplier)).toEqual([19_800, 39_600, 79_200])
    expect(coinflipMultiplier(20)).toBe(10_380_902_400)
    expect(() => coinflipMultiplier(21)).toThrow('[coinflip]')
  })

  it('runs a streak, cashes out, loses on a wrong call', () => {
    const first = flip(0, 'heads', 0.1, stake)
    expect(first).toEqual({ side: 'heads', streak: 1, multiplier: 19_800, end: 'open' })
    expect(canCashOut(first.streak)).toBe(true)
    expect(canCashOut(0)).toBe(false)
    expect(cashOutPayout({ amount: 101 as Minor, cap: stake.cap }, first.multiplier)).toBe(199)
    expect(flip(1, 'heads', 0.7, stake)).toEqual({
      side: 'tails',
      streak: 1,
      multiplier: 0,
      end: 'wrong',
    })
  })

  it('cashes out at once on the 20th flip and at the cap', () => {
    expect(flip(MAX_FLIPS - 1, 'tails', 0.6, { amount: 1 as Minor, cap: stake.cap }).end).toBe(
      'flips',
    )
    // 100 RUB and a 500 RUB cap: 3.96x is open, 7.92x reaches it.
    const small = { amount: 10_000 as Minor, cap: 50_000 as Minor }
    expect(flip(1, 'tails', 0.6, small).end).toBe('open')
    expect(flip(2, 'tails', 0.6, small).end).toBe('cap')
    expect(cashOutPayout(small, coinflipMultiplier(3))).toBe(50_000)
  })

  it('refuses a bad call and a 21st flip', () => {
    expect(flipRefusal(0, 'edge')).toBe('bad_request')
    expect(flipRefusal(MAX_FLIPS, 'heads')).toBe('bad_request')
    expect(flipRefusal(-1, 'heads')).toBe('bad_request')
    expect(flipRefusal(19, 'tails')).toBeNull()
    expect(() => flip(0, 'edge' as Side, 0.1, stake)).toThrow('[coinflip]')
  })

  it('settles an auto-bet sequence on the round floats, stopping at the first wrong call', () => {
    const sides = Array.from({ length: 6 }, (_, i) => i).map(() => 0)
    const cursor = floatCursor('s', 'c', 4)
    const drawn = sides.map(() => coinOf(cursor.next()))
    const right = coinflipAutoRules.settle(
      { calls: drawn.slice(0, 3) },
      100 as Minor,
      floatCursor('s', 'c', 4),
    )
    expect(right).toEqual({
      outcome: { sides: drawn.slice(0, 3) },
      multiplier: 79_200,
      payout: 792,
    })
    const calls: Side[] = [drawn[0]!, drawn[1] === 'heads' ? 'tails' : 'heads', drawn[2]!]
    const wrong = coinflipAutoRules.settle({ calls }, 100 as Minor, floatCursor('s', 'c', 4))
    expect(wrong).toEqual({ outcome: { sides: drawn.slice(0, 2) }, multiplier: 0, payout: 0 })
    expect(coinflipAutoRules.refusal({ calls: [] }, 100 as Minor)).toBe('bad_request')
    expect(coinflipAutoRules.refusal({ calls: Array<Side>(21).fill('heads') }, 100 as Minor)).toBe(
      'bad_request',
    )
    expect(coinflipAutoRules.refusal({ calls: ['heads', 'up' as Side] }, 100 as Minor)).toBe(
      'bad_request',
    )
    expect(
      coinflipAutoRules.maxPayout({ calls: Array<Side>(20).fill('heads') }, 100 as Minor),
    ).toBe(103_809_024)
  })
})

describe('coinflip RTP', () => {
  const ROUNDS = 1_000_000
  const STREAK = 5

  // Streaks of 1–5 over one million rounds, each calling heads then tails alternately and scored
  // at every length it reaches (see miner's RTP test for why one round serves every length).
  it('returns 99 % to every streak of 1-5', () => {
    const paid = new Array<number>(STREAK).fill(0)
    const floats = seededFloats(2)
    // Imported bindings read once: the test runner reads them through a getter on every use.
    const [toss, payout] = [flip, cashOutPayout]
    for (let i = 0; i < ROUNDS; i++) {
      let streak = 0
      for (let n = 1; n <= STREAK; n++) {
        const step = toss(streak, n % 2 === 1 ? 'heads' : 'tails', floats.next(), stake)
        if (step.end === 'wrong') break
        streak = step.streak
        paid[n - 1]! += payout(stake, step.multiplier)
      }
    }
    for (let n = 1; n <= STREAK; n++) {
      const chance = 0.5 ** n
      const { rtp, variance } = moments([
        { multiplier: coinflipMultiplier(n) / 10_000, chance },
        { multiplier: 0, chance: 1 - chance },
      ])
      expect(rtp).toBeCloseTo(0.99, 12)
      const simulated = paid[n - 1]! / (ROUNDS * stake.amount)
      expect(Math.abs(simulated - rtp), `streak ${n}`).toBeLessThan(tolerance(variance, ROUNDS))
    }
  })
})
