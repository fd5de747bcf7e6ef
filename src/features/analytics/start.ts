/**
 * Product analytics wired into the app (a chunk of its own, loaded after the first render, see
 * index.ts): the facade (facade.ts) over posthog-js waits for the player's consent (consent.ts)
 * and for the page to be interactive, sends one `$pageview` per resolved route change
 * (pageviews.ts), identifies the player on log-in and resets on log-out (the session store), and
 * hands its flags to `useFeature` (flags.ts). Nothing here imports posthog-js statically.
 */
import type { AnyRouter } from '@tanstack/react-router'
import { urlsForPage } from '../../api'
import { useSession } from '../../stores/session'
import { isAllowed, useConsent, whenAllowed } from '../consent/consent'
import { appApi } from '../session'
import { clientConfigOnce } from '../session/clientConfig'
import { createAnalytics, type Analytics } from './facade'
import { setFlagSource } from './flags'
import { trackPageviews } from './pageviews'
import { loadPosthog } from './posthogClient'
import { browserFacts, userPropertiesOf } from './userProperties'

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
  setFlagSource(facade)
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
