import { afterEach, describe, expect, it, vi } from 'vitest'

import { CURRENCIES, formatMoney, minor, type Currency } from './index'

/** No-break space: the group and symbol separator of Russian (and so Kazakh) amounts. */
const NB = '\u00a0'
const SYMBOL: Record<Currency, string> = { RUB: '₽', USD: '$', KZT: '₸', INR: '₹', EUR: '€' }

describe('formatMoney in Kazakh', () => {
  it.each(CURRENCIES)(
    'reads %s as a Russian reader would: spaced groups, comma, symbol after',
    (c) => {
      const symbol = SYMBOL[c]
      expect(formatMoney(minor(123_450), c, 'kz')).toBe(`1${NB}234,50${NB}${symbol}`)
      expect(formatMoney(minor(-150), c, 'kz')).toBe(`-1,50${NB}${symbol}`)
      expect(formatMoney(minor(5_000_000), c, 'kz', { trimWhole: true })).toBe(
        `50${NB}000${NB}${symbol}`,
      )
      expect(formatMoney(minor(123_450), c, 'kz')).toBe(formatMoney(minor(123_450), c, 'ru'))
    },
  )
})

describe('formatMoney where the runtime has no Kazakh number data', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('still formats Kazakh amounts the Russian way (Chromium ships such ICU data)', async () => {
    // Chromium's icudtl.dat knows the tag `kk` but not its number symbols or patterns, so every
    // `kk*` format falls back to the root locale; this Intl does the same in Node.
    const Real = Intl.NumberFormat
    class ChromiumLikeNumberFormat extends Real {
      constructor(locales?: string | string[], options?: Intl.NumberFormatOptions) {
        const tags = [locales ?? []].flat()
        super(tags.some((tag) => tag.toLowerCase().startsWith('kk')) ? 'und' : locales, options)
      }
    }
    expect(
      new ChromiumLikeNumberFormat('kk-KZ', { style: 'currency', currency: 'KZT' }).format(1),
    ).not.toContain(',')
    vi.stubGlobal('Intl', { ...Intl, NumberFormat: ChromiumLikeNumberFormat })
    vi.resetModules() // a fresh format cache, built under the stubbed Intl
    const fresh = await import('./format')
    expect(fresh.formatMoney(minor(123_450), 'KZT', 'kz')).toBe(`1${NB}234,50${NB}₸`)
  })
})
