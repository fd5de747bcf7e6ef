import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { readCookie } from './cookieTable'
import { checkPromo, usePromo, type PromoDeps } from './promo'

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' })
  usePromo.setState({ code: null })
})

function deps(search: string, ok: boolean) {
  const promo = vi.fn(async (code: string) => {
    if (!ok) throw new Error('404 bonus_not_found')
    return { data: { code } } as never
  })
  const stripPromoFromUrl = vi.fn()
  const d: PromoDeps = { api: { bonus: { promo } }, search: () => search, stripPromoFromUrl }
  return { d, promo, stripPromoFromUrl }
}

describe('promo check', () => {
  it('keeps a live code from the URL in the cookie (no consent needed) and the form', async () => {
    const { d, promo, stripPromoFromUrl } = deps('?promo=WELCOME100&utm_source=x', true)
    await expect(checkPromo(d)).resolves.toBe('WELCOME100')
    expect(promo).toHaveBeenCalledWith('WELCOME100')
    expect(readCookie('promo')).toBe('WELCOME100')
    expect(usePromo.getState().code).toBe('WELCOME100')
    expect(stripPromoFromUrl).not.toHaveBeenCalled()
  })

  it('checks the cookie when the URL has none', async () => {
    Cookies.set('promo', 'KEPT')
    const { d, promo } = deps('', true)
    await checkPromo(d)
    expect(promo).toHaveBeenCalledWith('KEPT')
    expect(usePromo.getState().code).toBe('KEPT')
  })

  it('an unknown or expired code clears the cookie, the form and the URL', async () => {
    Cookies.set('promo', 'OLD')
    const { d, stripPromoFromUrl } = deps('?promo=GONE', false)
    await expect(checkPromo(d)).resolves.toBeNull()
    expect(readCookie('promo')).toBeNull()
    expect(usePromo.getState().code).toBeNull()
    expect(stripPromoFromUrl).toHaveBeenCalledTimes(1)
  })

  it('a failed cookie code leaves the URL alone', async () => {
    Cookies.set('promo', 'OLD')
    const { d, stripPromoFromUrl } = deps('?x=1', false)
    await checkPromo(d)
    expect(readCookie('promo')).toBeNull()
    expect(stripPromoFromUrl).not.toHaveBeenCalled()
  })

  it('a code that cannot be one is dropped without a call', async () => {
    const { d, promo, stripPromoFromUrl } = deps('?promo=%3Cscript%3E', true)
    await expect(checkPromo(d)).resolves.toBeNull()
    expect(promo).not.toHaveBeenCalled()
    expect(stripPromoFromUrl).toHaveBeenCalled()
  })

  it('does nothing without a code', async () => {
    const { d, promo } = deps('', true)
    await expect(checkPromo(d)).resolves.toBeNull()
    expect(promo).not.toHaveBeenCalled()
  })
})
