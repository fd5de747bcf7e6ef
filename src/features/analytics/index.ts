/**
 * Product analytics (issue 31, item 2): posthog-js behind a facade that waits for the player's
 * consent and an interactive page. The page's first load carries only this file and flags.ts: the
 * rest (start.ts and what it imports) is a chunk fetched after the first render, and posthog-js
 * another, fetched only once the player allows analytics.
 */
import type { AnyRouter } from '@tanstack/react-router'

export { useFeature } from './flags'

/**
 * Starts analytics for this page (main.tsx, after the first render). A chunk that fails to load
 * is logged: analytics is never the player's problem (SPEC.md section 8).
 */
export function startAnalytics(router: AnyRouter): void {
  import('./start')
    .then((m) => m.startAnalytics(router))
    .catch((error: unknown) => console.warn('[analytics] not started:', error))
}
