import { describe, expect, it } from 'vitest'

import { depositPresets, type Minor, type ReceivedPaymentMethod } from '../../contract'
import { amountText, defaultAmount, depositLimits, presetsFor, readAmount } from './payIn.amount'

const m = (n: number) => n as Minor

const method = (extra: Partial<ReceivedPaymentMethod> = {}): ReceivedPaymentMethod => ({
  hash: 'card',
  name: { en: 'Card' },
  min_amount: m(100_00),
  max_amount: m(3000_00),
  preset: { default: m(0), amounts: [] },
  value: { currency: 'RUB', exchange_currency: 'RUB' },
  ...extra,
})

describe('deposit presets (SPEC.md section 9)', () => {
  it('spaces five amounts geometrically, rounded to 50 under a 5000 range', () => {
    const p = depositPresets(m(100_00), m(3000_00))
    expect(p).toEqual([100_00, 250_00, 550_00, 1300_00, 3000_00])
    for (const a of p) expect(a % 50_00).toBe(0)
  })

  it('rounds to 100 over a wide range and keeps the limits at both ends', () => {
    // The reference server sends these for its 100 – 300 000 RUB card (tests/integration).
    expect(depositPresets(m(100_00), m(300_000_00))).toEqual([
      100_00, 700_00, 5500_00, 40_500_00, 300_000_00,
    ])
  })

  it('never repeats an amount or leaves the limits', () => {
    const p = depositPresets(m(1_00), m(3000_00))
    expect(new Set(p).size).toBe(p.length)
    for (const a of p) expect(a >= 1_00 && a <= 3000_00).toBe(true)
  })
})

describe('limits and presets of a method', () => {
  it('defaults to 100 – 300 000 major units when the method gives none', () => {
    const bare = method({
      min_amount: null,
      max_amount: undefined,
      preset: { default: m(0), amounts: [] },
    })
    expect(depositLimits(bare)).toEqual({ min: 100_00, max: 300_000_00 })
    expect(presetsFor(bare)).toEqual([100_00, 700_00, 5500_00, 40_500_00, 300_000_00])
  })

  it('uses the presets the method sends, dropping those outside its limits', () => {
    const own = method({ preset: { default: m(500_00), amounts: [m(50_00), m(500_00)] } })
    expect(presetsFor(own)).toEqual([500_00])
    expect(defaultAmount(own)).toBe(500_00)
    // A default outside the limits falls back to the second preset.
    expect(defaultAmount(method())).toBe(250_00)
  })
})

describe('reading the typed amount', () => {
  const limits = { min: m(100_00), max: m(3000_00) }
  it('accepts a comma or a dot and grouped digits', () => {
    expect(readAmount('1 000,5', limits, 'RUB')).toEqual({ ok: true, value: 1000_50 })
    expect(readAmount('100', limits, 'RUB')).toEqual({ ok: true, value: 100_00 })
    expect(readAmount('3000.00', limits, 'RUB')).toEqual({ ok: true, value: 3000_00 })
  })

  it('names what is wrong', () => {
    expect(readAmount(' ', limits, 'RUB')).toEqual({ ok: false, error: 'empty' })
    expect(readAmount('1e3', limits, 'RUB')).toEqual({ ok: false, error: 'invalid' })
    expect(readAmount('-100', limits, 'RUB')).toEqual({ ok: false, error: 'invalid' })
    expect(readAmount('100.001', limits, 'RUB')).toEqual({ ok: false, error: 'tooPrecise' })
    expect(readAmount('99.99', limits, 'RUB')).toEqual({ ok: false, error: 'tooSmall' })
    expect(readAmount('3000.01', limits, 'RUB')).toEqual({ ok: false, error: 'tooLarge' })
    expect(readAmount('9'.repeat(20), limits, 'RUB')).toEqual({ ok: false, error: 'tooLarge' })
  })

  it('shows whole amounts without decimals', () => {
    expect(amountText(m(500_00), 'RUB')).toBe('500')
    expect(amountText(m(500_50), 'RUB')).toBe('500.50')
  })
})
