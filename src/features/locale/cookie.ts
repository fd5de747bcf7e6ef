import Cookies from 'js-cookie'
import { normalizeLocale, type Locale } from '../../i18n/locales'

/** Name of the cookie that remembers the chosen locale (SPEC.md section 3). */
export const LOCALE_COOKIE = 'locale'
const LIFETIME_DAYS = 365

/** The remembered locale, or null when the cookie is absent or holds something unsupported. */
export function readLocaleCookie(): Locale | null {
  return normalizeLocale(Cookies.get(LOCALE_COOKIE))
}

/** Remembers the chosen locale for a year, site-wide. */
export function writeLocaleCookie(locale: Locale): void {
  Cookies.set(LOCALE_COOKIE, locale, { expires: LIFETIME_DAYS, path: '/', sameSite: 'lax' })
}
