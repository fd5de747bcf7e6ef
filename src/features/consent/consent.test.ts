import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  ALL_ALLOWED,
  CONSENT_COOKIE,
  NECESSARY_ONLY,
  consentCookieValue,
  isAllowed,
  readConsentCookie,
  useConsent,
  whenAllowed,
} from './consent'

afterEach(() => {
  Cookies.remove(CONSENT_COOKIE, { path: '/' })
  useConsent.setState({ choice: null, editing: false })
})

describe('consent', () => {
  it('reads back the cookie it writes, and nothing from an older or broken one', () => {
    for (const choice of [ALL_ALLOWED, NECESSARY_ONLY, { analytics: true, marketing: false }]) {
      expect(readConsentCookie(consentCookieValue(choice))).toEqual(choice)
    }
    expect(readConsentCookie(undefined)).toBeNull()
    expect(readConsentCookie('v0.a1.m1')).toBeNull()
    expect(readConsentCookie('yes')).toBeNull()
  })

  it('allows nothing until the player chooses, then keeps the choice in the cookie', () => {
    expect(isAllowed('analytics')).toBe(false)
    useConsent.getState().choose({ analytics: true, marketing: false })
    expect(isAllowed('analytics')).toBe(true)
    expect(isAllowed('marketing')).toBe(false)
    expect(readConsentCookie(Cookies.get(CONSENT_COOKIE))).toEqual({
      analytics: true,
      marketing: false,
    })
  })

  it('runs what waits for a category once it is allowed, not before, and once', () => {
    const run = vi.fn()
    whenAllowed('analytics', run)
    useConsent.getState().choose(NECESSARY_ONLY)
    expect(run).not.toHaveBeenCalled()
    useConsent.getState().choose(ALL_ALLOWED)
    useConsent.getState().choose(ALL_ALLOWED)
    expect(run).toHaveBeenCalledTimes(1)
    const now = vi.fn()
    whenAllowed('marketing', now)
    expect(now).toHaveBeenCalledTimes(1)
  })

  it('a cancelled wait never runs', () => {
    const run = vi.fn()
    whenAllowed('analytics', run)()
    useConsent.getState().choose(ALL_ALLOWED)
    expect(run).not.toHaveBeenCalled()
  })
})
