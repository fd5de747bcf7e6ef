import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testUser } from '../../test/users'
import { useSession } from '../../stores/session'
import {
  ALL_ALLOWED,
  CONSENT_COOKIE,
  NECESSARY_ONLY,
  isAllowed,
  useConsent,
  whenAllowed,
} from '../consent/consent'
import { createAnalytics, type AnalyticsClient } from './facade'
import { followSession } from './start'
import { ANALYTICS_LIMITS, logBadStatus, posthogOptions } from './settings'

afterEach(() => {
  Cookies.remove(CONSENT_COOKIE, { path: '/' })
  useConsent.setState({ choice: null, editing: false })
  useSession.getState().clear()
  vi.restoreAllMocks()
})

const ORIGIN = 'https://t.example'

/** A fake posthog-js recording what it is asked, and the knobs the facade waits on. */
function harness() {
  const calls: string[] = []
  let flags: Record<string, boolean> = {}
  let flagListener: (() => void) | null = null
  const client: AnalyticsClient = {
    capture: (event, p) => calls.push(`${event} ${String(p?.full_path ?? '')}`.trim()),
    identify: (id, p) => calls.push(`identify ${id} ${String(p?.os)}`),
    reset: () => calls.push('reset'),
    isFeatureEnabled: (flag) => flags[flag] === true,
    onFeatureFlags: (run) => {
      flagListener = run
      return () => {}
    },
    optIn: () => calls.push('opt-in'),
    optOut: () => calls.push('opt-out'),
  }
  let finishLoad: (() => void) | null = null
  const load = vi.fn(
    () =>
      new Promise<AnalyticsClient>((resolve) => {
        finishLoad = () => resolve(client)
      }),
  )
  let interactive: (() => void) | null = null
  const log = vi.fn()
  const analytics = createAnalytics({
    load,
    whenInteractive: (run) => {
      interactive = run
    },
    whenAllowed: (run) => void whenAllowed('analytics', run),
    isAllowed: () => isAllowed('analytics'),
    onConsentChange: (run) =>
      useConsent.subscribe((s, p) => {
        if ((s.choice?.analytics ?? false) !== (p.choice?.analytics ?? false))
          run(s.choice?.analytics ?? false)
      }),
    log,
  })
  return {
    analytics,
    calls,
    load,
    log,
    becomeInteractive: () => interactive?.(),
    finishLoad: async () => {
      finishLoad?.()
      await load.mock.results[0]?.value
    },
    setFlags: (next: Record<string, boolean>) => {
      flags = next
      flagListener?.()
    },
  }
}

describe('analytics facade', () => {
  it('sends and loads nothing before consent, then starts from the page and player of now', async () => {
    const h = harness()
    h.analytics.pageview('/faq', ORIGIN)
    h.analytics.identify('7', { os: 'Linux' })
    h.analytics.capture('clicked')
    h.analytics.pageview('/bonuses?x=1', ORIGIN)
    h.becomeInteractive()
    expect(h.load).not.toHaveBeenCalled()

    useConsent.getState().choose(NECESSARY_ONLY)
    h.analytics.pageview('/top', ORIGIN)
    expect(h.load).not.toHaveBeenCalled()

    useConsent.getState().choose(ALL_ALLOWED)
    // Allowed, but the page is not interactive yet: still nothing loaded.
    expect(h.load).not.toHaveBeenCalled()
    h.becomeInteractive()
    expect(h.load).toHaveBeenCalledTimes(1)
    h.analytics.pageview('/vip-club', ORIGIN)
    expect(h.calls).toEqual([])
    await h.finishLoad()
    // Browsing before consent is not replayed: who the player is, and the page they are on.
    expect(h.calls).toEqual(['identify 7 Linux', '$pageview /top', '$pageview /vip-club'])
  })

  it('queues calls until posthog-js has loaded, then runs them in order and forwards the rest', async () => {
    useConsent.getState().choose(ALL_ALLOWED)
    const h = harness()
    h.analytics.pageview('/', ORIGIN)
    h.analytics.identify('9', { os: 'iOS' })
    h.becomeInteractive()
    h.analytics.pageview('/faq?q=a', ORIGIN)
    h.analytics.reset()
    expect(h.calls).toEqual([])
    await h.finishLoad()
    expect(h.calls).toEqual(['$pageview /', 'identify 9 iOS', '$pageview /faq?q=a', 'reset'])
    h.analytics.capture('deposit_opened')
    expect(h.calls.at(-1)).toBe('deposit_opened')
  })

  it('opts posthog-js out when consent is withdrawn and back in when it is given again', async () => {
    useConsent.getState().choose(ALL_ALLOWED)
    const h = harness()
    h.becomeInteractive()
    await h.finishLoad()
    useConsent.getState().choose(NECESSARY_ONLY)
    useConsent.getState().choose(ALL_ALLOWED)
    expect(h.calls).toEqual(['opt-out', 'opt-in'])
  })

  it('reads flags only once loaded and allowed, and tells subscribers when they change', async () => {
    useConsent.getState().choose(ALL_ALLOWED)
    const h = harness()
    expect(h.analytics.isFeatureEnabled('new_lobby')).toBe(false)
    const changed = vi.fn()
    h.analytics.subscribe(changed)
    h.becomeInteractive()
    await h.finishLoad()
    h.setFlags({ new_lobby: true })
    expect(changed).toHaveBeenCalled()
    expect(h.analytics.isFeatureEnabled('new_lobby')).toBe(true)
    useConsent.getState().choose(NECESSARY_ONLY)
    expect(h.analytics.isFeatureEnabled('new_lobby')).toBe(false)
  })

  it('logs a failed load and drops what waited, never throwing at the app', async () => {
    useConsent.getState().choose(ALL_ALLOWED)
    const log = vi.fn()
    const analytics = createAnalytics({
      load: () => Promise.reject(new Error('chunk failed')),
      whenInteractive: (run) => run(),
      whenAllowed: (run) => run(),
      isAllowed: () => true,
      onConsentChange: () => () => {},
      log,
    })
    analytics.pageview('/', ORIGIN)
    await vi.waitFor(() => expect(log).toHaveBeenCalled())
    expect(() => analytics.pageview('/faq', ORIGIN)).not.toThrow()
    expect(analytics.isFeatureEnabled('x')).toBe(false)
  })
})

describe('identity follows the session', () => {
  it('identifies on log-in (and a kept session) with the user id, and resets on log-out', () => {
    const calls: string[] = []
    const facade = {
      identify: (id: string, p: Record<string, unknown>) =>
        calls.push(`identify ${id} ${String(p.platform)}`),
      reset: () => calls.push('reset'),
    } as unknown as Parameters<typeof followSession>[0]
    useSession.getState().setUser(testUser({ id: 5 }))
    const stop = followSession(facade, { platform: 'web' })
    useSession.getState().setUser(testUser({ id: 5, balance: 1 }))
    useSession.getState().clear()
    useSession.getState().setUser(testUser({ id: 6 }))
    useSession.getState().setUser(testUser({ id: 8 }))
    stop()
    useSession.getState().clear()
    expect(calls).toEqual(['identify 5 web', 'reset', 'identify 6 web', 'reset', 'identify 8 web'])
  })
})

describe('settings', () => {
  it("are SPEC section 9's, with page views ours and bots filtered outside test builds", () => {
    const options = posthogOptions({ apiHost: '/api/ingest', testBuild: false })
    expect(options).toMatchObject({
      api_host: '/api/ingest',
      session_idle_timeout_seconds: 1800,
      cookie_expiration: 365,
      feature_flag_request_timeout_ms: 3000,
      properties_string_max_length: 65535,
      person_profiles: 'identified_only',
      capture_pageview: false,
      opt_out_useragent_filter: false,
    })
    expect(ANALYTICS_LIMITS.requestTimeoutMs).toBe(60000)
    expect(options.request_queue_config).toBeUndefined()
    expect(posthogOptions({ apiHost: 'x', testBuild: true })).toMatchObject({
      opt_out_useragent_filter: true,
      request_batching: false,
    })
  })

  it('logs a bad HTTP status as SPEC section 8 words it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    logBadStatus({ statusCode: 503, text: 'Service Unavailable' })
    expect(error).toHaveBeenCalledWith('Bad HTTP status: 503 Service Unavailable')
  })
})
