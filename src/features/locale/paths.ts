import { PREFIXED_LOCALES, DEFAULT_LOCALE, type Locale } from '../../i18n/locales'

const prefixPattern = new RegExp(`^/(${PREFIXED_LOCALES.join('|')})(?=/|$)`)

/**
 * Splits a public pathname into its locale and the internal (unprefixed) path the route tree
 * matches: `/ru/bonuses` → `{ locale: 'ru', path: '/bonuses', prefixed: true }`.
 */
export function splitLocalePath(pathname: string): {
  locale: Locale
  path: string
  prefixed: boolean
} {
  const match = prefixPattern.exec(pathname)
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname || '/', prefixed: false }
  const rest = pathname.slice(match[0].length)
  return { locale: match[1] as Locale, path: rest === '' ? '/' : rest, prefixed: true }
}

/** Adds the locale prefix to an internal path or href (`/bonuses?x=1` → `/ru/bonuses?x=1`). */
export function localizePath(locale: Locale, internal: string): string {
  if (locale === DEFAULT_LOCALE) return internal
  if (internal === '/' || internal === '') return `/${locale}`
  if (/^\/[?#]/.test(internal)) return `/${locale}${internal.slice(1)}`
  return `/${locale}${internal}`
}
