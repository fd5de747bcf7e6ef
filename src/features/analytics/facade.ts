/**
 * The analytics facade: what the app calls (page views, identify, reset, events, flags) without
 * knowing whether posthog-js has loaded, or may load at all.
 *
 * - Before the player allows analytics, nothing is sent, queued or stored: the facade keeps only
 *   the page the player is on and who they are, so that once allowed, the first events say so
 *   (an `identify` of the signed-in player, then a `$pageview` of the current page).
 * - Once allowed, posthog-js loads when the page is interactive; calls made meanwhile wait in a
 *   queue and run in order when it has.
 * - A withdrawn consent opts posthog-js out (it then drops its cookie and stored state), and a
 *   renewed one opts it back in.
 * - A load that fails is logged; analytics then stays off for this page, silently.
 */

/** The part of posthog-js the facade uses (posthogClient.ts adapts it; tests fake it). */
export interface AnalyticsClient {
  capture(event: string, properties?: Record<string, unknown>): void
  identify(id: string, personProperties?: Record<string, unknown>): void
  reset(): void
  /** Whether posthog-js' flag service has this flag on (false until its flags are loaded). */
  isFeatureEnabled(flag: string): boolean
  /** Calls `run` whenever posthog-js' flags change; returns the unsubscribe function. */
  onFeatureFlags(run: () => void): () => void
  optIn(): void
  optOut(): void
}

/** What the facade waits on and loads with, supplied by the app (index.ts) or a test. */
export interface AnalyticsDeps {
  /** Loads and starts posthog-js (a dynamic import, so the page's first load never carries it). */
  load(): Promise<AnalyticsClient>
  /** Runs `run` once the page is interactive. */
  whenInteractive(run: () => void): void
  /** Calls `run` once, as soon as the player allows analytics (consent.ts' `whenAllowed`). */
  whenAllowed(run: () => void): void
  /** Whether the player allows analytics now. */
  isAllowed(): boolean
  /** Calls `run` with the new answer whenever the player's choice changes. */
  onConsentChange(run: (allowed: boolean) => void): () => void
  /** SPEC section 8: analytics failures are logged, never shown. */
  log(message: string, error: unknown): void
}

/** The facade the app calls. */
export interface Analytics {
  /** One `$pageview` of `fullPath` (path and query) on `origin`. */
  pageview(fullPath: string, origin: string): void
  /** The player signed in: their events join their person, with these properties. */
  identify(userId: string, personProperties: Record<string, unknown>): void
  /** The player signed out: a new anonymous visitor from here on. */
  reset(): void
  /** Any other named event. */
  capture(event: string, properties?: Record<string, unknown>): void
  /** Whether the flag service has `flag` on (false before posthog-js has loaded its flags). */
  isFeatureEnabled(flag: string): boolean
  /** Calls `run` when flags may have changed; returns the unsubscribe function. */
  subscribe(run: () => void): () => void
}

type Call = (client: AnalyticsClient) => void

/** The `$pageview` properties for a full path: posthog-js would read the URL when it sends. */
export function pageviewProperties(fullPath: string, origin: string): Record<string, unknown> {
  const url = new URL(fullPath, origin)
  return { $current_url: url.href, $pathname: url.pathname, full_path: fullPath }
}

/** Builds the facade; posthog-js loads once consent and interactivity both say so. */
export function createAnalytics(deps: AnalyticsDeps): Analytics {
  let phase: 'off' | 'loading' | 'ready' | 'failed' = 'off'
  let client: AnalyticsClient | null = null
  let queue: Call[] = []
  let page: { fullPath: string; origin: string } | null = null
  let person: { id: string; properties: Record<string, unknown> } | null = null
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((run) => run())

  const run = (call: Call) => {
    if (phase === 'ready' && client) call(client)
    else if (phase === 'loading') queue.push(call)
    // 'off' (not allowed yet) and 'failed': nothing kept beyond `page` and `person`.
  }

  const start = () => {
    if (phase !== 'off') return
    phase = 'loading'
    // What the player is doing now, not what they did before they allowed it.
    queue = []
    if (person) {
      const { id, properties } = person
      queue.push((c) => c.identify(id, properties))
    }
    if (page) {
      const properties = pageviewProperties(page.fullPath, page.origin)
      queue.push((c) => c.capture('$pageview', properties))
    }
    deps.whenInteractive(() => {
      deps.load().then(
        (loaded) => {
          client = loaded
          phase = 'ready'
          if (!deps.isAllowed()) loaded.optOut()
          for (const call of queue) call(loaded)
          queue = []
          loaded.onFeatureFlags(notify)
          notify()
        },
        (error: unknown) => {
          phase = 'failed'
          queue = []
          deps.log('[analytics] posthog-js did not load:', error)
        },
      )
    })
  }

  deps.whenAllowed(start)
  deps.onConsentChange((allowed) => {
    if (phase === 'ready' && client) {
      if (allowed) client.optIn()
      else client.optOut()
    }
  })

  return {
    pageview(fullPath, origin) {
      page = { fullPath, origin }
      const properties = pageviewProperties(fullPath, origin)
      run((c) => c.capture('$pageview', properties))
    },
    identify(userId, personProperties) {
      person = { id: userId, properties: personProperties }
      run((c) => c.identify(userId, personProperties))
    },
    reset() {
      person = null
      run((c) => c.reset())
    },
    capture(event, properties) {
      run((c) => c.capture(event, properties))
    },
    isFeatureEnabled(flag) {
      return phase === 'ready' && client !== null && deps.isAllowed()
        ? client.isFeatureEnabled(flag)
        : false
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
