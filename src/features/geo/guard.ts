/**
 * The route guard of geo and host rules, run by the root route before every navigation
 * (src/routes/tree.tsx): a blocked visitor only ever sees /no-access (SPEC.md section 6), and a
 * route rule of this host redirects, inside the site or to another one (SPEC.md section 2).
 */
import { redirect } from '@tanstack/react-router'

import type { Locale } from '../../i18n/locales'
import { useGeo } from '../../stores/geo'
import { localizePath, splitLocalePath } from '../locale/paths'
import { ruleTarget } from './rules'

/** The page of blocked regions. */
export const NO_ACCESS_PATH = '/no-access'

/**
 * Throws the router's redirect for `pathname` (the route tree's path, without the locale
 * prefix) when geo or a host rule says so; returns otherwise.
 */
export function geoGuard({ pathname }: { pathname: string }): void {
  const { blocked, routeRules } = useGeo.getState()
  if (blocked) {
    if (pathname !== NO_ACCESS_PATH) throw redirect({ to: NO_ACCESS_PATH, replace: true })
    return
  }
  const target = ruleTarget(routeRules, pathname)
  if (!target) return
  if (target.type === 'external') throw redirect({ href: target.href })
  throw redirect({ to: target.path, search: target.search, replace: true } as never)
}

/**
 * Moves the page to /no-access when the geo call answers 451 after the first frame (it waits
 * only so long, src/features/geo/start.ts). Returns the unsubscribe function.
 */
export function followGeoBlock(goToNoAccess: () => void): () => void {
  return useGeo.subscribe((state, before) => {
    if (state.blocked && !before.blocked) goToNoAccess()
  })
}

/** Where the first load goes instead: an address of this site, or another site. */
export type FirstLoadRedirect =
  | { readonly type: 'replace'; readonly url: string }
  | { readonly type: 'leave'; readonly href: string }

/**
 * The guard's decision for the address the browser opened, taken before the router starts (a
 * redirect thrown during the router's first load leaves the page blank): /no-access for a
 * blocked visitor, else the target of this host's first matching rule, in the page's language.
 */
export function firstLoadRedirect(pathname: string, locale: Locale): FirstLoadRedirect | null {
  const { blocked, routeRules } = useGeo.getState()
  const { path } = splitLocalePath(pathname)
  if (blocked) {
    return path === NO_ACCESS_PATH
      ? null
      : { type: 'replace', url: localizePath(locale, NO_ACCESS_PATH) }
  }
  const target = ruleTarget(routeRules, path)
  if (!target) return null
  if (target.type === 'external') return { type: 'leave', href: target.href }
  const query = new URLSearchParams(target.search).toString()
  return { type: 'replace', url: localizePath(locale, target.path) + (query ? `?${query}` : '') }
}
