/**
 * Every attribution cookie of SPEC.md section 3 with its lifetime and its consent category, in
 * one table: the only place a lifetime is written, so `cookieTable.test.ts` checks each one.
 *
 * `necessary` cookies are written without asking (Privacy §4): `promo` holds a promo code the
 * player followed or typed, which is their own request for a bonus. Every other one records where
 * a visitor came from and is written only once the player allows `marketing` cookies
 * (`src/features/consent`).
 */
import Cookies from 'js-cookie'

import { isAllowed } from '../consent/consent'

const MINUTE_S = 60
const DAY_S = 86_400

/**
 * Days the `partner` and `adplace` cookies live: SPEC.md section 3 says "from config", so the
 * build's `VITE_PARTNER_COOKIE_DAYS` sets it (30 when unset or not a positive number).
 */
export function partnerCookieDays(env: Readonly<Record<string, unknown>> = import.meta.env) {
  const days = Number(env.VITE_PARTNER_COOKIE_DAYS)
  return Number.isFinite(days) && days > 0 ? days : 30
}

/** Whether a cookie needs the player's consent to be written. */
export type CookieCategory = 'necessary' | 'marketing'

interface CookieRule {
  /** Lifetime in seconds. */
  readonly seconds: number
  readonly category: CookieCategory
}

const rule = (seconds: number, category: CookieCategory = 'marketing'): CookieRule => ({
  seconds,
  category,
})

/** The attribution cookies, their lifetimes (seconds) and categories. */
export function attributionCookieTable(partnerDays: number = partnerCookieDays()) {
  return {
    // The visitor's address and browser, reported once a day by POST middleware/ip.
    userVersion: rule(DAY_S),
    userBrowser: rule(DAY_S),
    stag: rule(DAY_S),
    partnerId: rule(DAY_S),
    advId: rule(DAY_S),
    prHash: rule(DAY_S),
    simpleAuth: rule(DAY_S),
    advertiseUid: rule(30 * DAY_S),
    advertiseSource: rule(30 * DAY_S),
    cpaOneUid: rule(30 * DAY_S),
    partner: rule(partnerDays * DAY_S),
    adplace: rule(partnerDays * DAY_S),
    adBonusType: rule(10 * MINUTE_S),
    adBonusValue: rule(10 * MINUTE_S),
    adBonusModal: rule(10 * MINUTE_S),
    // The promo countdown: 3 days (SPEC.md section 9).
    promo: rule(3 * DAY_S, 'necessary'),
  } as const satisfies Record<string, CookieRule>
}

/** The name of an attribution cookie. */
export type AttributionCookie = keyof ReturnType<typeof attributionCookieTable>

/** Every attribution cookie's name. */
export const ATTRIBUTION_COOKIE_NAMES = Object.keys(
  attributionCookieTable(30),
) as readonly AttributionCookie[]

/** The value of a cookie; absent or blank is null. */
export function readCookie(name: AttributionCookie): string | null {
  const raw = Cookies.get(name)
  return raw === undefined || raw.trim() === '' ? null : raw.trim()
}

/**
 * Writes an attribution cookie for its lifetime, site-wide, when its category is allowed.
 * Returns whether it was written (a marketing cookie without consent is not).
 */
export function writeCookie(name: AttributionCookie, value: string): boolean {
  const { seconds, category } = attributionCookieTable()[name]
  if (category !== 'necessary' && !isAllowed('marketing')) return false
  Cookies.set(name, value, {
    path: '/',
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
    // js-cookie counts in days and takes fractions: 600 s is 600 / 86 400 of a day.
    expires: seconds / DAY_S,
  })
  return true
}

/** Removes an attribution cookie. */
export function clearCookie(name: AttributionCookie): void {
  Cookies.remove(name, { path: '/' })
}
