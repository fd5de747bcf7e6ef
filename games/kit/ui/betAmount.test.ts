import { describe, expect, it } from 'vitest'
import { betLimits, maxBetPayout, type Minor } from '../../engine/money'
import { adjustAmount, amountText, readAmount, stakeCeiling } from './betAmount'

/** A game whose best outcome pays `x` times the stake (dice at 0.01 %: 9900). */
const paysTimes = (x: number) => (amount: Minor) => Math.floor(amount * x) as Minor

describe('the stake ceiling', () => {
  const limits = betLimits('dice', 'RUB')

  it('is the largest stake whose best outcome fits the maximum payout', () => {
    // 5,000,000 RUB / 9900 = 505.0505 RUB: 505.05 fits, 505.06 does not.
    const ceiling = stakeCeiling(limits, 'RUB', paysTimes(9900))
    expect(ceiling).toBe(50_505)
    expect(paysTimes(9900)(ceiling)).toBeLessThanOrEqual(maxBetPayout('RUB'))
    expect(paysTimes(9900)((ceiling + 1) as Minor)).toBeGreaterThan(maxBetPayout('RUB'))
    expect(stakeCeiling(betLimits('dice', 'USD'), 'USD', paysTimes(9900))).toBe(505)
  })

  it("is the game's maximum bet when every stake fits, and its minimum when none does", () => {
    expect(stakeCeiling(limits, 'RUB', paysTimes(2))).toBe(limits.max)
    expect(stakeCeiling(limits, 'RUB', paysTimes(500))).toBe(limits.max) // exactly at the cap
    expect(stakeCeiling(limits, 'RUB', paysTimes(1e9))).toBe(limits.min)
  })

  it('stops Max and doubling at the ceiling, and leaves the other buttons alone', () => {
    const ceiling = 50_505 as Minor
    expect(adjustAmount(1_000 as Minor, 'max', 'RUB', 'dice', ceiling)).toBe(50_505)
    expect(adjustAmount(40_000 as Minor, 'double', 'RUB', 'dice', ceiling)).toBe(50_505)
    expect(adjustAmount(1_000 as Minor, 'double', 'RUB', 'dice', ceiling)).toBe(2_000)
    expect(adjustAmount(1_000 as Minor, 'min', 'RUB', 'dice', ceiling)).toBe(limits.min)
    expect(adjustAmount(1_000 as Minor, 'max', 'RUB', 'dice')).toBe(limits.max)
    // A ceiling above the maximum bet changes nothing.
    expect(adjustAmount(1_000 as Minor, 'max', 'RUB', 'dice', 1e12 as Minor)).toBe(limits.max)
  })
})

describe('the amount as the field shows and reads it', () => {
  it('shows the decimal comma in ru and kz, the dot in en', () => {
    expect(amountText(150 as Minor, 'RUB', 'en')).toBe('1.50')
    expect(amountText(150 as Minor, 'RUB', 'ru')).toBe('1,50')
    expect(amountText(1_000_000 as Minor, 'RUB', 'kz')).toBe('10000,00')
    expect(amountText(12_345 as Minor, 'KZT', 'kz')).toBe('123,45')
  })

  it('reads "1,5" and "1.5" alike, and reads back what it shows in each language', () => {
    expect(readAmount('1,5', 'RUB', 'dice')).toBe(150)
    expect(readAmount('1.5', 'RUB', 'dice')).toBe(150)
    for (const locale of ['en', 'ru', 'kz'] as const) {
      expect(readAmount(amountText(505_05 as Minor, 'RUB', locale), 'RUB', 'dice')).toBe(505_05)
    }
  })
})
