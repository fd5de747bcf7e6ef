import { describe, expect, it } from 'vitest'
import type { CrashPoint } from '../engine/fairness'
import { CURRENCIES, maxBetPayout, type Minor } from '../engine/money'
import {
  MAX_AUTO_CASHOUT,
  autoWins,
  cashOutMultiplier,
  crashTimeMs,
  maxWin,
  msToReach,
  multiplierAt,
  payout,
  settle,
  validateBet,
  type BetDraft,
  type Multiplier,
} from './rules'

const m = (n: number) => n as Multiplier
const cp = (n: number) => n as CrashPoint
const rub = (n: number) => n as Minor

describe('multiplier curve', () => {
  it('starts at 1.00x and follows floor(100 e^(0.00006 t))', () => {
    expect(multiplierAt(0)).toBe(100)
    expect(multiplierAt(-5)).toBe(100)
    expect(multiplierAt(1000)).toBe(106) // e^0.06 = 1.0618
    expect(multiplierAt(11_552)).toBe(199) // 2x is at ln 2 / k = 11552.45 ms
    expect(multiplierAt(11_553)).toBe(200)
    expect(multiplierAt(38_376)).toBe(999)
    expect(multiplierAt(38_377)).toBe(1000)
  })

  it('is non-decreasing', () => {
    let drops = 0
    for (let t = 0; t < 200_000; t++) if (multiplierAt(t + 1) < multiplierAt(t)) drops++
    expect(drops).toBe(0)
  })

  it('msToReach is the exact inverse on every hundredth up to 1000x', () => {
    const wrong: number[] = []
    for (let h = 101; h <= 100_000; h++) {
      const ms = msToReach(h)
      if (multiplierAt(ms) < h || multiplierAt(ms - 1) >= h) wrong.push(h)
    }
    expect(wrong).toEqual([])
  })

  it('msToReach(1.00x) is 0 and the curve can skip hundredths at high multipliers', () => {
    expect(msToReach(100)).toBe(0)
    expect(msToReach(50)).toBe(0)
    // Above ~16.7x the curve grows more than 0.01x per ms, so some hundredths are never shown.
    const skipped = Array.from({ length: 1000 }, (_, i) => 100_000 + i).filter(
      (h) => multiplierAt(msToReach(h)) > h,
    )
    expect(skipped.length).toBeGreaterThan(0)
  })

  it('a 1.00x round crashes at its start', () => {
    expect(crashTimeMs(cp(100))).toBe(0)
    expect(crashTimeMs(cp(200))).toBe(11_553)
  })
})

describe('payout', () => {
  const cap = rub(1e15)

  it('is floor(amount * cashoutAt / 100) in minor units', () => {
    expect(payout(rub(100), m(153), cap)).toBe(153)
    expect(payout(rub(1), m(199), cap)).toBe(1) // 1.99 kopecks rounds down
    expect(payout(rub(333), m(101), cap)).toBe(336) // 336.33
    expect(payout(rub(5_000_000), m(100), cap)).toBe(5_000_000)
  })

  it('stays exact where the product leaves the safe-integer range', () => {
    // 9,007,199,254,740 * 1099 = 9,898,911,980,959,260: beyond 2^53, so float math would drift.
    expect(Number.isSafeInteger(9_007_199_254_740 * 1099)).toBe(false)
    expect(payout(rub(9_007_199_254_740), m(1099), cap)).toBe(98_989_119_809_592)
  })

  it('is capped by the max win of the currency', () => {
    expect(maxWin('RUB')).toBe(500_000_000) // 100x the 50,000 RUB max bet
    expect(maxWin('USD')).toBe(5_000_000)
    expect(payout(rub(5_000_000), m(MAX_AUTO_CASHOUT), maxWin('RUB'))).toBe(500_000_000)
  })

  it('caps at the one maximum payout per bet of every game, in every currency', () => {
    for (const currency of CURRENCIES) expect(maxWin(currency)).toBe(maxBetPayout(currency))
    // A maximum bet cashed out at 150x would pay 7,500,000 RUB: the live round caps it.
    const bet = {
      amount: rub(5_000_000),
      currency: 'RUB' as const,
      autoCashoutAt: m(15_000),
      cashedOutAt: null,
    }
    const won = settle(bet, cp(20_000))
    expect(won).toEqual({ type: 'cashedOut', cashoutAt: 15_000, win: maxBetPayout('RUB') })
  })
})

describe('auto cash-out and settlement', () => {
  const bet = {
    amount: rub(1000),
    currency: 'RUB' as const,
    autoCashoutAt: m(200),
    cashedOutAt: null,
  }

  it('wins at exactly the target when the target is at or below the crash point', () => {
    expect(autoWins(m(200), cp(200))).toBe(true) // the tie wins
    expect(autoWins(m(201), cp(200))).toBe(false)
    expect(autoWins(null, cp(5000))).toBe(false)
    expect(settle(bet, cp(200))).toEqual({ type: 'cashedOut', cashoutAt: 200, win: 2000 })
    expect(settle(bet, cp(1_000_000))).toEqual({ type: 'cashedOut', cashoutAt: 200, win: 2000 })
    expect(settle(bet, cp(199))).toEqual({ type: 'lost', win: 0 })
  })

  it('loses every bet at a 1.00x crash', () => {
    expect(settle({ ...bet, autoCashoutAt: m(101) }, cp(100))).toEqual({ type: 'lost', win: 0 })
    expect(cashOutMultiplier(0, cp(100), m(101))).toBeNull()
  })

  it('a manual cash-out taken earlier stands over the auto target', () => {
    expect(settle({ ...bet, cashedOutAt: m(150) }, cp(300))).toEqual({
      type: 'cashedOut',
      cashoutAt: 150,
      win: 1500,
    })
  })

  it('gives a manual request the curve value until the crash, and auto targets first', () => {
    const crash = cp(250)
    expect(cashOutMultiplier(1000, crash, null)).toBe(106)
    expect(cashOutMultiplier(crashTimeMs(crash) - 1, crash, null)).toBe(249)
    expect(cashOutMultiplier(crashTimeMs(crash), crash, null)).toBeNull()
    // Target 2.00x fired at 11,553 ms; a later manual request gets the target, not the curve.
    expect(cashOutMultiplier(13_000, crash, m(200))).toBe(200)
    // Target equal to the crash point: fired in the crash millisecond and still wins.
    expect(cashOutMultiplier(crashTimeMs(crash), crash, m(250))).toBe(250)
    expect(cashOutMultiplier(crashTimeMs(crash), crash, m(251))).toBeNull()
  })
})

describe('validateBet', () => {
  const draft: BetDraft = { amount: 1000, currency: 'RUB', autoCashoutAt: null }

  it('accepts a bet inside the crash limits of its currency', () => {
    expect(validateBet(draft, null)).toEqual({ type: 'ok' })
    expect(validateBet({ ...draft, amount: 100 }, rub(100))).toEqual({ type: 'ok' }) // RUB 1.00
    expect(validateBet({ ...draft, amount: 5_000_000 }, null)).toEqual({ type: 'ok' })
    expect(validateBet({ ...draft, currency: 'USD', amount: 1 }, null)).toEqual({ type: 'ok' })
  })

  it('names the first problem', () => {
    const problem = (d: Partial<BetDraft>, balance: number | null = null) => {
      const check = validateBet({ ...draft, ...d }, balance === null ? null : rub(balance))
      return check.type === 'invalid' ? check.problem : 'ok'
    }
    expect(problem({ amount: 99 })).toBe('below_min')
    expect(problem({ amount: 5_000_001 })).toBe('above_max')
    expect(problem({ amount: 100.5 })).toBe('not_whole_minor_units')
    expect(problem({ amount: 499, currency: 'KZT' })).toBe('below_min')
    expect(problem({ autoCashoutAt: 100 })).toBe('auto_cashout_range')
    expect(problem({ autoCashoutAt: 101 })).toBe('ok')
    expect(problem({ autoCashoutAt: 150.5 })).toBe('auto_cashout_range')
    expect(problem({ autoCashoutAt: MAX_AUTO_CASHOUT + 1 })).toBe('auto_cashout_range')
    expect(problem({ amount: 1000 }, 999)).toBe('balance_not_enough')
    expect(problem({ amount: 1000 }, 1000)).toBe('ok')
  })
})
