/**
 * The route guard of geo and host rules, run by the root route before every navigation
 * (src/routes/tree.tsx): a blocked visitor only ever sees /no-access (SPEC.md section 6), and a
 * route rule of this host redirects, inside the site or to another one (SPEC.md section 2).
 */
import { redirect } from '@tanstack/react-router'

import { useGeo } from '../../stores/geo'
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
