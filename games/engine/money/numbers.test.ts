import { describe, expect, it } from 'vitest'
import {
  decimalSign,
  formatChance,
  formatCount,
  formatDecimal,
  formatMultiplierText,
  formatPaidMultiplier,
} from './numbers'

// Intl writes a no-break space (U+00A0) or a narrow one (U+202F) in the Russian groups.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('numbers in the player language', () => {
  it('writes a roll with the locale decimal sign', () => {
    expect(formatDecimal(49.5, 'en')).toBe('49.50')
    expect(formatDecimal(49.5, 'ru')).toBe('49,50')
    expect(formatDecimal(49.5, 'kz')).toBe('49,50')
  })

  it('writes a multiplier', () => {
    expect(formatMultiplierText(1980.2, 'en')).toBe('1,980.20×')
    expect(spaces(formatMultiplierText(1980.2, 'ru'))).toBe('1 980,20×')
    expect(formatMultiplierText(2.0, 'kz', 4)).toBe('2,0000×')
  })

  it('writes a paid multiplier floored to hundredths, never more than it pays', () => {
    expect(formatPaidMultiplier(12_857, 'en')).toBe('1.28×')
    expect(formatPaidMultiplier(19_800, 'ru')).toBe('1,98×')
    expect(formatPaidMultiplier(11_250, 'kz')).toBe('1,12×')
  })

  it('writes a chance', () => {
    expect(formatChance(49.5, 'en')).toBe('49.5%')
    expect(spaces(formatChance(49.5, 'ru'))).toBe('49,5 %')
    expect(spaces(formatChance(0.01, 'kz'))).toBe('0,01 %')
  })

  it('writes a count with the locale grouping', () => {
    expect(formatCount(12345, 'en')).toBe('12,345')
    expect(spaces(formatCount(12345, 'ru'))).toBe('12 345')
    expect(spaces(formatCount(12345, 'kz'))).toBe('12 345')
  })

  it('tells the decimal sign, for text drawn on a canvas', () => {
    expect(decimalSign('en')).toBe('.')
    expect(decimalSign('ru')).toBe(',')
    expect(decimalSign('kz')).toBe(',')
  })
})
