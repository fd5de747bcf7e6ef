/**
 * The session's cookies (SPEC.md section 3): the `token` (30 days, site-wide), `super_bonus`
 * (157680000 s) and the flag set before an SSO redirect and cleared at the next start.
 */
import Cookies from 'js-cookie'

/** Cookie names. */
export const TOKEN_COOKIE = 'token'
export const SUPER_BONUS_COOKIE = 'super_bonus'
export const SSO_FLAG_COOKIE = 'sso_redirect'

const DAY_S = 86_400
/** 2 592 000 s. */
const TOKEN_LIFETIME_DAYS = 2_592_000 / DAY_S
/** About five years: 157 680 000 s. */
const SUPER_BONUS_LIFETIME_DAYS = 157_680_000 / DAY_S

// Secure only on https: a plain-http local server (npm start) would otherwise never get it back.
const attributes = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'lax',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
})

/** The session token, if any. */
export function readToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined
}

/** Stores the session token for 30 days. */
export function writeToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { ...attributes(), expires: TOKEN_LIFETIME_DAYS })
}

/** Forgets the session token. */
export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' })
}

/** The saved super bonus, sent as `whoAreYou` with the profile call. */
export function readSuperBonus(): string | undefined {
  return Cookies.get(SUPER_BONUS_COOKIE) || undefined
}

/** Remembers the profile's super bonus for about five years. */
export function writeSuperBonus(value: string): void {
  Cookies.set(SUPER_BONUS_COOKIE, value, { ...attributes(), expires: SUPER_BONUS_LIFETIME_DAYS })
}

/** Marks that the browser left for the SSO link (set just before the redirect). */
export function writeSsoFlag(): void {
  Cookies.set(SSO_FLAG_COOKIE, '1', { ...attributes(), expires: 1 })
}

/** Clears the SSO flag; true when it was set (the page is the return from SSO). */
export function takeSsoFlag(): boolean {
  const was = Cookies.get(SSO_FLAG_COOKIE) !== undefined
  if (was) Cookies.remove(SSO_FLAG_COOKIE, { path: '/' })
  return was
}
