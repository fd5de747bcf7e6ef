import type { AnyRouter } from '@tanstack/react-router'
import type { Analytics } from './facade'

/** The full path the browser shows: path and query (the hash is not a page of its own). */
function fullPathOf(router: AnyRouter): string {
  const { pathname, search } = router.history.location
  return pathname + search
}

/**
 * One `$pageview` for the page the app opened on, then one after every resolved navigation
 * whose full path (path and query, as the address bar shows it, locale prefix included)
 * differs from the last one sent: a reload of the same route or a hash change is not a new page.
 * Returns the unsubscribe function.
 */
export function trackPageviews(
  router: AnyRouter,
  analytics: Analytics,
  origin: string,
): () => void {
  let last = fullPathOf(router)
  analytics.pageview(last, origin)
  return router.subscribe('onResolved', () => {
    const path = fullPathOf(router)
    if (path === last) return
    last = path
    analytics.pageview(path, origin)
  })
}
