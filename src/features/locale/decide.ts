import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '../../i18n/locales'
import { localizePath, splitLocalePath } from './paths'

/** Everything the first-load locale decision looks at; gathered by the caller so this stays pure. */
export interface LocaleInputs {
  /** The public pathname the browser opened, possibly prefixed (`/kz/top`). */
  pathname: string
  /** The logged-in user's saved locale; null for visitors or when unset. */
  userLocale: string | null
  /** Value of the `locale` cookie, if any. */
  cookie: string | null | undefined
  /** `navigator.languages`, most preferred first. */
  languages: readonly string[]
  /** `navigator.userAgent`. */
  userAgent: string
  /** Matched-host mode (GET /host_config `en_only`): Russian is shown in English. */
  enOnly?: boolean
}

/** The outcome: the active locale and, when the URL must change, the pathname to replace it with. */
export interface LocaleDecision {
  locale: Locale
  /** Replace-navigate here (pathname only: the caller keeps search and hash). */
  redirectTo: string | null
  /** Whether the locale came from an explicit URL prefix, which is then remembered in the cookie. */
  fromUrl: boolean
}

/** Search engine crawlers index every locale at its own URL, so they are never redirected. */
export function isSearchBot(userAgent: string): boolean {
  return /google|yandex/i.test(userAgent)
}

/**
 * The locale a visitor prefers, following SPEC.md section 4: a saved user locale wins (an
 * unsupported one falls back to en, as the spec says); otherwise the cookie, then the browser's
 * languages in order, then en.
 */
export function preferredLocale(inputs: Omit<LocaleInputs, 'pathname' | 'userAgent'>): Locale {
  if (inputs.userLocale) return normalizeLocale(inputs.userLocale) ?? DEFAULT_LOCALE
  const fromCookie = normalizeLocale(inputs.cookie)
  if (fromCookie) return fromCookie
  for (const language of inputs.languages) {
    const locale = normalizeLocale(language)
    if (locale) return locale
  }
  return DEFAULT_LOCALE
}

/**
 * Decides the locale on the first load of a page. An explicit prefix always wins; an unprefixed
 * URL (en) follows the visitor's preference and is redirected to ru or kz when that is preferred,
 * except for search bots.
 */
export function decideInitialLocale(inputs: LocaleInputs): LocaleDecision {
  const decision = decideLocale(inputs)
  if (!inputs.enOnly || decision.locale !== 'ru') return decision
  // Matched-host mode (SPEC.md section 4): ru becomes en, at the unprefixed address.
  const { path } = splitLocalePath(inputs.pathname)
  return { locale: DEFAULT_LOCALE, redirectTo: decision.fromUrl ? path : null, fromUrl: false }
}

function decideLocale(inputs: LocaleInputs): LocaleDecision {
  const { locale, path, prefixed } = splitLocalePath(inputs.pathname)
  if (prefixed) return { locale, redirectTo: null, fromUrl: true }
  if (isSearchBot(inputs.userAgent)) return { locale, redirectTo: null, fromUrl: false }
  const preferred = preferredLocale(inputs)
  if (preferred === DEFAULT_LOCALE)
    return { locale: DEFAULT_LOCALE, redirectTo: null, fromUrl: false }
  return { locale: preferred, redirectTo: localizePath(preferred, path), fromUrl: false }
}
