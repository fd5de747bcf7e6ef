import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ALL_ALLOWED, CONSENT_COOKIE, NECESSARY_ONLY, useConsent } from '../consent/consent'
import {
  ATTRIBUTION_COOKIE_NAMES,
  attributionCookieTable,
  clearCookie,
  partnerCookieDays,
  readCookie,
  writeCookie,
} from './cookieTable'

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' })
  useConsent.setState({ choice: null, editing: false })
  vi.restoreAllMocks()
})

describe('attribution cookie table', () => {
  it('gives every cookie of SPEC section 3 its lifetime in seconds', () => {
    const table = attributionCookieTable(30)
    const seconds = Object.fromEntries(
      Object.entries(table).map(([name, rule]) => [name, rule.seconds]),
    )
    expect(seconds).toEqual({
      userVersion: 86_400,
      userBrowser: 86_400,
      stag: 86_400,
      partnerId: 86_400,
      advId: 86_400,
      prHash: 86_400,
      simpleAuth: 86_400,
      advertiseUid: 2_592_000,
      advertiseSource: 2_592_000,
      cpaOneUid: 2_592_000,
      partner: 2_592_000,
      adplace: 2_592_000,
      adBonusType: 600,
      adBonusValue: 600,
      adBonusModal: 600,
      promo: 259_200,
    })
  })

  it('takes partner and adplace from config, 30 days without it', () => {
    expect(attributionCookieTable(7).partner.seconds).toBe(7 * 86_400)
    expect(attributionCookieTable(7).adplace.seconds).toBe(7 * 86_400)
    expect(partnerCookieDays({ VITE_PARTNER_COOKIE_DAYS: '14' })).toBe(14)
    expect(partnerCookieDays({})).toBe(30)
    expect(partnerCookieDays({ VITE_PARTNER_COOKIE_DAYS: '-1' })).toBe(30)
    expect(partnerCookieDays({ VITE_PARTNER_COOKIE_DAYS: 'soon' })).toBe(30)
  })

  it('writes each cookie with its own lifetime', () => {
    useConsent.getState().choose(ALL_ALLOWED)
    const set = vi.spyOn(Cookies, 'set')
    const table = attributionCookieTable()
    for (const name of ATTRIBUTION_COOKIE_NAMES) {
      expect(writeCookie(name, 'v')).toBe(true)
      expect(set).toHaveBeenLastCalledWith(
        name,
        'v',
        expect.objectContaining({ path: '/', expires: table[name].seconds / 86_400 }),
      )
    }
    expect(set).toHaveBeenCalledTimes(ATTRIBUTION_COOKIE_NAMES.length)
  })
})

describe('consent gating', () => {
  it('writes no marketing cookie before the player allows marketing, only the promo', () => {
    for (const name of ATTRIBUTION_COOKIE_NAMES) writeCookie(name, 'x')
    expect(Object.keys(Cookies.get())).toEqual(['promo'])
  })

  it('writes none after "necessary only" but the promo, and all after "accept all"', () => {
    useConsent.getState().choose(NECESSARY_ONLY)
    expect(writeCookie('stag', 'aff')).toBe(false)
    expect(writeCookie('promo', 'WELCOME100')).toBe(true)
    expect(readCookie('stag')).toBeNull()
    useConsent.getState().choose({ analytics: true, marketing: false })
    expect(writeCookie('advId', 'a1')).toBe(false)
    useConsent.getState().choose(ALL_ALLOWED)
    expect(writeCookie('stag', 'aff')).toBe(true)
    expect(readCookie('stag')).toBe('aff')
    expect(Cookies.get(CONSENT_COOKIE)).toBe('v1.a1.m1')
  })

  it('reads blank as absent and clears', () => {
    Cookies.set('promo', '  ')
    expect(readCookie('promo')).toBeNull()
    writeCookie('promo', 'CODE')
    clearCookie('promo')
    expect(readCookie('promo')).toBeNull()
  })
})
