import { describe, expect, it } from 'vitest'
import { floatCursor } from '../engine/fairness'
import type { Minor } from '../engine/money'
import { MULTIPLIER_SCALE } from '../kit/instant/protocol'
import {
  MAX_CHANCE,
  MAX_ROLL,
  MIN_CHANCE,
  chanceForMultiplier,
  chanceOf,
  diceRules,
  formatHundredths,
  isValidParams,
  isWin,
  multiplierFor,
  rollOf,
  settleDice,
  targetFor,
  type Direction,
} from './rules'

const stake = (n: number) => n as Minor

describe('dice rolls', () => {
  it('converts a float with floor(float * 10001) / 100', () => {
    expect(rollOf(0)).toBe(0)
    expect(rollOf(0.5)).toBe(5000)
    expect(rollOf(0.99999)).toBe(10000)
    expect(rollOf((2 ** 32 - 1) / 2 ** 32)).toBe(MAX_ROLL)
    expect(formatHundredths(rollOf(0.123456))).toBe('12.34')
  })

  it('matches a published vector of the scheme (server seed, client seed, nonce)', () => {
    // First float of HMAC_SHA256("server", "client:0:0"), see floats.test.ts for the stream.
    const float = floatCursor('server', 'client', 0).next()
    expect(settleDice({ target: 5000, direction: 'under' }, stake(100), float).roll).toBe(
      Math.floor(float * 10001),
    )
  })
})

describe('dice chance, target and multiplier', () => {
  it('links the chance and the target both ways on each side', () => {
    for (const direction of ['over', 'under'] as Direction[]) {
      for (const chance of [MIN_CHANCE, 4950, 5000, MAX_CHANCE]) {
        const target = targetFor(chance, direction)
        expect(chanceOf({ target, direction })).toBe(chance)
      }
    }
    expect(targetFor(4950, 'under')).toBe(4950)
    expect(targetFor(4950, 'over')).toBe(5050)
  })

  it('prices a win at 99 / chance in ten-thousandths', () => {
    expect(multiplierFor(4950)).toBe(2 * MULTIPLIER_SCALE)
    expect(multiplierFor(MIN_CHANCE)).toBe(9900 * MULTIPLIER_SCALE)
    expect(multiplierFor(MAX_CHANCE)).toBe(10102) // 1.0102x
    expect(multiplierFor(9700)).toBe(10206) // 1.0206x
  })

  it('turns a typed multiplier back into the chance it came from', () => {
    for (let chance = MIN_CHANCE; chance <= MAX_CHANCE; chance++) {
      expect(chanceForMultiplier(multiplierFor(chance))).toBe(chance)
    }
    expect(chanceForMultiplier(2 * MULTIPLIER_SCALE)).toBe(4950)
    expect(chanceForMultiplier(1 * MULTIPLIER_SCALE)).toBe(MAX_CHANCE) // clamped
    expect(chanceForMultiplier(1_000_000 * MULTIPLIER_SCALE)).toBe(MIN_CHANCE)
  })

  it('accepts exactly the targets whose chance is 0.01-98 %', () => {
    expect(isValidParams({ target: 1, direction: 'under' })).toBe(true)
    expect(isValidParams({ target: 0, direction: 'under' })).toBe(false)
    expect(isValidParams({ target: 9800, direction: 'under' })).toBe(true)
    expect(isValidParams({ target: 9801, direction: 'under' })).toBe(false)
    expect(isValidParams({ target: 9999, direction: 'over' })).toBe(true)
    expect(isValidParams({ target: 10000, direction: 'over' })).toBe(false)
    expect(isValidParams({ target: 200, direction: 'over' })).toBe(true)
    expect(isValidParams({ target: 199, direction: 'over' })).toBe(false)
    expect(isValidParams({ target: 50.5, direction: 'over' })).toBe(false)
    expect(diceRules.refusal({ target: 0, direction: 'under' }, stake(100))).toBe('bad_request')
  })

  it('wins strictly under or strictly over the target', () => {
    expect(isWin({ target: 5000, direction: 'under' }, 4999)).toBe(true)
    expect(isWin({ target: 5000, direction: 'under' }, 5000)).toBe(false)
    expect(isWin({ target: 5000, direction: 'over' }, 5000)).toBe(false)
    expect(isWin({ target: 5000, direction: 'over' }, 5001)).toBe(true)
  })

  it('pays the stake times the multiplier, floored to minor units, and 0 on a loss', () => {
    const params = { target: 9700, direction: 'under' } as const
    expect(settleDice(params, stake(333), 0).payout).toBe(Math.floor((333 * 10206) / 10000))
    expect(settleDice(params, stake(333), 0.99).payout).toBe(0)
    expect(settleDice(params, stake(333), 0.99).multiplier).toBe(0)
    expect(diceRules.maxPayout(params, stake(333))).toBe(339)
  })
})

describe('dice return to player', () => {
  it('is 99 % x 10000/10001 exactly, counted over every roll, for every chance and side', () => {
    for (const direction of ['over', 'under'] as Direction[]) {
      for (let chance = MIN_CHANCE; chance <= MAX_CHANCE; chance++) {
        const params = { target: targetFor(chance, direction), direction }
        const wins = direction === 'under' ? params.target : MAX_ROLL - params.target
        expect(wins).toBe(chance)
        const rtp = ((wins / (MAX_ROLL + 1)) * multiplierFor(chance)) / MULTIPLIER_SCALE
        expect(rtp).toBeLessThanOrEqual(0.99)
        expect(rtp).toBeGreaterThan(0.9889) // the floor to 4 decimals costs at most 0.01 %
      }
    }
  })

  it('is 99 % within tolerance over 1,000,000 outcomes of the float stream', () => {
    // The tolerance is four standard deviations of the mean of 10^6 bets (a win pays m stakes
    // with probability p: sigma = m * sqrt(p(1 - p)) per bet), around 99 % x 10000/10001.
    const floats = floatCursor('dice-rtp-server-seed', 'dice-rtp-client-seed', 0)
    const amount = stake(100)
    const bets = [
      { target: 4950, direction: 'under' },
      { target: 5050, direction: 'over' },
      { target: 7500, direction: 'over' },
    ] as const
    const paid = bets.map(() => 0)
    const n = 1_000_000
    for (let i = 0; i < n; i++) {
      // Each outcome settles one bet of every kind: the same roll, three sides of it.
      const float = floats.next()
      bets.forEach((params, b) => (paid[b]! += settleDice(params, amount, float).payout))
    }
    bets.forEach((params, b) => {
      const p = chanceOf(params) / (MAX_ROLL + 1)
      const m = multiplierFor(chanceOf(params)) / MULTIPLIER_SCALE
      const tolerance = (4 * m * Math.sqrt(p * (1 - p))) / Math.sqrt(n)
      expect(Math.abs(paid[b]! / (n * amount) - p * m)).toBeLessThan(tolerance)
      expect(p * m).toBeCloseTo(0.99, 3)
    })
  })
})
