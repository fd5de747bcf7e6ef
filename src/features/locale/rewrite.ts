import type { LocationRewrite } from '@tanstack/react-router'
import type { Locale } from '../../i18n/locales'
import { localizePath, splitLocalePath } from './paths'

const cache = new Map<Locale, LocationRewrite>()

/**
 * The router's URL rewrite for one active locale. Input strips any locale prefix, so a single
 * route tree serves every language; output adds the active locale's prefix, so every Link and
 * navigate() stays in the current language. One object per locale: the router re-parses the
 * location only when the rewrite object changes.
 */
export function localeRewrite(locale: Locale): LocationRewrite {
  let rewrite = cache.get(locale)
  if (!rewrite) {
    rewrite = {
      input: ({ url }) => {
        url.pathname = splitLocalePath(url.pathname).path
        return url
      },
      output: ({ url }) => {
        url.pathname = localizePath(locale, url.pathname)
        return url
      },
    }
    cache.set(locale, rewrite)
  }
  return rewrite
}
