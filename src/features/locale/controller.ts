import type { AnyRouter } from '@tanstack/react-router'
import { changeLocale } from '../../i18n'
import { HTML_LANG, type Locale } from '../../i18n/locales'
import { writeLocaleCookie } from './cookie'
import { localeRewrite } from './rewrite'
import { localizePath, splitLocalePath } from './paths'

/** Sets `<html lang>` (en, ru, kk) so screen readers and hyphenation follow the interface. */
export function applyDocumentLang(locale: Locale): void {
  document.documentElement.lang = HTML_LANG[locale]
}

/**
 * Follows the locale prefix of every URL the history lands on (links, Back, the switcher): the
 * router's output rewrite, the i18next language and `<html lang>` change with it, and an explicit
 * prefix is remembered in the cookie. Returns the unsubscribe function.
 */
export function startLocaleSync(router: AnyRouter, initial: Locale): () => void {
  let current = initial
  applyDocumentLang(initial)
  const follow = (pathname: string) => {
    const { locale, prefixed } = splitLocalePath(pathname)
    if (prefixed) writeLocaleCookie(locale)
    if (locale === current) return
    current = locale
    router.update({ ...router.options, rewrite: localeRewrite(locale) })
    applyDocumentLang(locale)
    void changeLocale(locale)
  }
  const stop = router.history.subscribe(({ location }: { location: { pathname: string } }) =>
    follow(location.pathname),
  )
  // `initial` was decided from the address the page opened at; Back pressed while the app was
  // still starting can have moved it since, before anything listened.
  follow(router.history.location.pathname)
  return stop
}

/** The public href of the current page in another locale (path, params, query and hash kept). */
export function hrefInLocale(router: AnyRouter, locale: Locale): string {
  return localizePath(locale, router.state.location.href)
}

/**
 * The language switcher's action: loads the texts first (no flash of the old language), remembers
 * the choice in the cookie and opens the same page in the new locale.
 */
export async function switchLocale(router: AnyRouter, locale: Locale): Promise<void> {
  await changeLocale(locale)
  writeLocaleCookie(locale)
  router.history.push(hrefInLocale(router, locale))
}
