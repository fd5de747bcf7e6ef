import { describe, expect, it } from 'vitest'

import {
  addMinor,
  BET_GAMES,
  betLimits,
  checkBet,
  CURRENCIES,
  currencySchema,
  DEFAULT_CURRENCY,
  formatMoney,
  isCurrency,
  MAX_BET_PAYOUT,
  maxBetPayout,
  MIN_PAYOUT,
  minor,
  MINOR_EXPONENT,
  minorPerMajor,
  minorSchema,
  parseMoney,
  roomPrice,
  subtractMinor,
  sumMinor,
  toDecimalString,
  toMinor,
  WHEEL_MAX,
  type Minor,
} from './index'

const m = (n: number) => minor(n)
/** No-break space, the group and symbol separator ICU uses in ru-RU and kk-KZ. */
const NB = '\u00a0'

describe('Minor', () => {
  it('accepts safe integers only', () => {
    expect(minor(0)).toBe(0)
    expect(minor(-150)).toBe(-150)
    expect(() => minor(1.5)).toThrow('[Money]')
    expect(() => minor(Number.NaN)).toThrow('[Money]')
    expect(() => minor(2 ** 53)).toThrow('[Money]')
    expect(toMinor(250)).toEqual({ ok: true, value: 250 })
    expect(toMinor(0.1)).toEqual({ ok: false, error: 'not_integer' })
    expect(toMinor('250')).toEqual({ ok: false, error: 'not_integer' })
  })

  it('adds and subtracts in integers, refusing to leave the safe range', () => {
    // 0.1 + 0.2 in major units is the classic float slip; in minor units it is exact.
    expect(addMinor(m(10), m(20))).toBe(30)
    expect(subtractMinor(m(10), m(25))).toBe(-15)
    expect(sumMinor([m(1), m(2), m(3)])).toBe(6)
    expect(sumMinor([])).toBe(0)
    expect(() => addMinor(m(Number.MAX_SAFE_INTEGER), m(1))).toThrow('[Money]')
  })

  it('parses wire values with zod', () => {
    expect(minorSchema.parse(12_345)).toBe(12_345)
    expect(minorSchema.safeParse(1.5).success).toBe(false)
    expect(currencySchema.parse('KZT')).toBe('KZT')
    expect(currencySchema.safeParse('GBP').success).toBe(false)
  })
})

describe('currencies', () => {
  it('are the five of SPEC section 9, RUB by default, all with two decimals', () => {
    expect([...CURRENCIES]).toEqual(['RUB', 'USD', 'KZT', 'INR', 'EUR'])
    expect(DEFAULT_CURRENCY).toBe('RUB')
    for (const c of CURRENCIES) {
      expect(MINOR_EXPONENT[c]).toBe(2)
      expect(minorPerMajor(c)).toBe(100)
    }
    expect(isCurrency('INR')).toBe(true)
    expect(isCurrency('rub')).toBe(false)
  })
})

describe('bet limits (SPEC section 9, in minor units)', () => {
  it.each([
    ['crash', 'RUB', 100, 5_000_000],
    ['miner', 'RUB', 100, 100_000],
    ['coinflip', 'RUB', 100, 1_000_000],
    ['roulette', 'RUB', 100, 1_000_000],
    ['crash', 'USD', 1, 50_000],
    ['miner', 'USD', 1, 1_000],
    ['coinflip', 'USD', 1, 10_000],
    ['crash', 'EUR', 1, 50_000],
    ['crash', 'KZT', 500, 25_000_000],
    ['miner', 'KZT', 500, 500_000],
    ['coinflip', 'KZT', 500, 5_000_000],
    ['crash', 'INR', 100, 5_000_000],
    ['miner', 'INR', 100, 100_000],
    ['coinflip', 'INR', 100, 1_000_000],
  ] as const)('%s in %s: %i..%i (given)', (game, currency, min, max) => {
    expect(betLimits(game, currency)).toEqual({ min, max })
  })

  it('fills keno, hilo, roulette and dice from coinflip where a row lists only coinflip', () => {
    for (const currency of CURRENCIES) {
      for (const game of ['keno', 'hilo', 'roulette', 'dice'] as const) {
        expect(betLimits(game, currency), `${game} ${currency}`).toEqual(
          betLimits('coinflip', currency),
        )
      }
    }
  })

  it('keeps EUR equal to USD and every range ordered', () => {
    for (const game of BET_GAMES) {
      expect(betLimits(game, 'EUR')).toEqual(betLimits(game, 'USD'))
      for (const currency of CURRENCIES) {
        const { min, max } = betLimits(game, currency)
        expect(Number.isSafeInteger(min) && min > 0 && max > min, `${game} ${currency}`).toBe(true)
      }
    }
  })

  it('checks a bet at and around the bounds', () => {
    expect(checkBet(m(100), 'crash', 'RUB')).toEqual({ ok: true, value: 100 })
    expect(checkBet(m(99), 'crash', 'RUB')).toEqual({ ok: false, error: 'below_min' })
    expect(checkBet(m(5_000_000), 'crash', 'RUB').ok).toBe(true)
    expect(checkBet(m(5_000_001), 'crash', 'RUB')).toEqual({ ok: false, error: 'above_max' })
  })

  it('has one maximum payout per bet and currency: 100 of the largest maximum bet', () => {
    expect(MAX_BET_PAYOUT).toEqual({
      RUB: 500_000_000,
      USD: 5_000_000,
      EUR: 5_000_000,
      KZT: 2_500_000_000,
      INR: 500_000_000,
    })
    for (const currency of CURRENCIES) {
      const largest = Math.max(...BET_GAMES.map((g) => betLimits(g, currency).max))
      expect(maxBetPayout(currency)).toBe(largest * 100)
    }
  })

  it('has min payouts, wheel caps and room prices for every currency', () => {
    expect(MIN_PAYOUT).toEqual({ RUB: 10_000, USD: 100, EUR: 100, KZT: 50_000, INR: 10_000 })
    expect(WHEEL_MAX).toEqual({ RUB: 100, USD: 10, EUR: 10, KZT: 500, INR: 100 })
    expect([
      roomPrice('red', 'RUB'),
      roomPrice('yellow', 'RUB'),
      roomPrice('purple', 'RUB'),
    ]).toEqual([100, 1_000, 5_000])
    expect(roomPrice('purple', 'USD')).toBe(50)
    expect(roomPrice('purple', 'KZT')).toBe(25_000)
    expect(roomPrice('yellow', 'INR')).toBe(1_000)
  })
})

describe('formatMoney', () => {
  const amount = m(123_456_789)

  it.each([
    ['en', 'RUB', '₽1,234,567.89'],
    ['en', 'USD', '$1,234,567.89'],
    ['en', 'KZT', '₸1,234,567.89'],
    ['ru', 'RUB', `1${NB}234${NB}567,89${NB}₽`],
    ['ru', 'EUR', `1${NB}234${NB}567,89${NB}€`],
    ['kz', 'KZT', `1${NB}234${NB}567,89${NB}₸`],
    ['kz', 'INR', `1${NB}234${NB}567,89${NB}₹`],
  ] as const)('%s %s', (locale, currency, text) => {
    expect(formatMoney(amount, currency, locale)).toBe(text)
  })

  it('shows kopecks, negatives and optionally trims whole amounts', () => {
    expect(formatMoney(m(5), 'USD', 'en')).toBe('$0.05')
    expect(formatMoney(m(-150), 'RUB', 'ru')).toBe(`-1,50${NB}₽`)
    expect(formatMoney(m(5_000_000), 'RUB', 'ru', { trimWhole: true })).toBe(`50${NB}000${NB}₽`)
    expect(formatMoney(m(5_000_050), 'RUB', 'en', { trimWhole: true })).toBe('₽50,000.50')
  })

  it('is exact beyond the range where amount / 100 would round', () => {
    expect(formatMoney(m(Number.MAX_SAFE_INTEGER), 'USD', 'en')).toBe('$90,071,992,547,409.91')
  })

  it('gives exact decimal text for inputs', () => {
    expect(toDecimalString(m(0), 'RUB')).toBe('0.00')
    expect(toDecimalString(m(7), 'RUB')).toBe('0.07')
    expect(toDecimalString(m(-12_345), 'KZT')).toBe('-123.45')
  })
})

describe('parseMoney', () => {
  it.each([
    ['1', 100],
    ['1,5', 150],
    ['1.5', 150],
    ['0.07', 7],
    [',5', 50],
    ['5.', 500],
    ['007', 700],
    ['0', 0],
    [' 1 000,25 ', 100_025],
    [`50${NB}000`, 5_000_000],
    ['50\u202f000.10', 5_000_010],
  ])('%j -> %i', (text, value) => {
    expect(parseMoney(text, 'RUB')).toEqual({ ok: true, value })
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['-1', 'negative'],
    ['\u22121', 'negative'],
    ['.', 'invalid'],
    ['abc', 'invalid'],
    ['1e3', 'invalid'],
    ['1,234.50', 'invalid'],
    ['1..2', 'invalid'],
    ['+5', 'invalid'],
    ['1,000', 'too_many_decimals'],
    ['0.001', 'too_many_decimals'],
    ['99999999999999999', 'too_large'],
    ['90071992547409.92', 'too_large'],
  ])('%j is %s', (text, error) => {
    expect(parseMoney(text, 'USD')).toEqual({ ok: false, error })
  })

  it('reads back what formatMoney shows, without the symbol', () => {
    const amount = m(987_654_321)
    const shown = formatMoney(amount, 'KZT', 'kz').replace(`${NB}₸`, '')
    expect(parseMoney(shown, 'KZT')).toEqual({ ok: true, value: amount satisfies Minor })
  })
})
