/**
 * Product analytics (issue 31, item 2) wired into the app: the facade (facade.ts) over posthog-js,
 * started by main.tsx after the first render. It waits for the player's consent (consent.ts) and
 * for the page to be interactive, sends one `$pageview` per resolved route change
 * (pageviews.ts), identifies the player on log-in and resets on log-out (the session store), and
 * reads feature flags ({@link useFeature}). Nothing here imports posthog-js statically.
 */
import { useSyncExternalStore } from 'react'
import type { AnyRouter } from '@tanstack/react-router'
import { urlsForPage } from '../../api'
import { useSession } from '../../stores/session'
import { isAllowed, useConsent, whenAllowed } from '../consent/consent'
import { appApi } from '../session'
import { clientConfigOnce } from '../session/clientConfig'
import { createAnalytics, type Analytics } from './facade'
import { trackPageviews } from './pageviews'
import { loadPosthog } from './posthogClient'
import { browserFacts, userPropertiesOf } from './userProperties'

export { createAnalytics, type Analytics } from './facade'

let current: Analytics | null = null

/**
 * Runs `run` once the page is interactive: after the `load` event, when the browser is next idle
 * (at most 2 s later), so posthog-js never competes with the first frame or the route's code.
 */
export function whenPageInteractive(run: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(() => run(), { timeout: 2000 })
      : window.setTimeout(run, 0)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/**
 * Starts analytics for this page when the deployment runs it (GET /config's `analytics`); a
 * deployment without it, or a config that does not come, leaves the app without analytics.
 */
export async function startAnalytics(router: AnyRouter): Promise<void> {
  let config
  try {
    config = (await clientConfigOnce(appApi())).analytics
  } catch (error) {
    console.warn('[analytics] no config, analytics off:', error)
    return
  }
  if (!config) return
  const apiHost = config.host ?? `${urlsForPage(import.meta.env, window.location).api}/ingest`
  const properties = userPropertiesOf(browserFacts())
  const facade = createAnalytics({
    load: () =>
      loadPosthog({
        apiHost,
        key: config.key,
        // Test builds only: headless Chromium is a bot to posthog-js (settings.ts).
        testBuild: import.meta.env.VITE_TEST_HOOKS === 'true',
        properties,
      }),
    whenInteractive: whenPageInteractive,
    whenAllowed: (run) => void whenAllowed('analytics', run),
    isAllowed: () => isAllowed('analytics'),
    onConsentChange: (run) =>
      useConsent.subscribe((state, previous) => {
        const allowed = state.choice?.analytics ?? false
        if (allowed !== (previous.choice?.analytics ?? false)) run(allowed)
      }),
    log: (message, error) => console.warn(message, error),
  })
  current = facade
  followSession(facade, { ...properties })
  trackPageviews(router, facade, window.location.origin)
}

/** Identifies the player on log-in (and for a kept session) and resets on log-out. */
export function followSession(facade: Analytics, properties: Record<string, unknown>): () => void {
  const identify = (id: number) => facade.identify(String(id), properties)
  const user = useSession.getState().user
  if (user) identify(user.id)
  return useSession.subscribe((state, previous) => {
    const was = previous.user?.id ?? null
    const now = state.user?.id ?? null
    if (was === now) return
    if (was !== null) facade.reset()
    if (now !== null) identify(now)
  })
}

const noFlags = () => () => {}

/**
 * Whether a feature is on for this player (SPEC.md section 6): named in the signed-in user's
 * `features`, or on in the analytics flag service. Re-renders when either changes.
 */
export function useFeature(name: string): boolean {
  const listed = useSession((s) => s.user?.features.includes(name) ?? false)
  const flagged = useSyncExternalStore(
    current ? current.subscribe : noFlags,
    () => current?.isFeatureEnabled(name) ?? false,
  )
  return listed || flagged
}
