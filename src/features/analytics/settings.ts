/**
 * posthog-js' settings (SPEC.md section 9, "Analytics"), in one place so a test reads them.
 * Type-only import: nothing here puts posthog-js in a bundle.
 */
import type { PostHogConfig, RequestResponse } from 'posthog-js'

/** SPEC section 9's numbers. */
export const ANALYTICS_LIMITS = {
  sessionIdleTimeoutS: 1800,
  cookieExpiryDays: 365,
  flagRequestTimeoutMs: 3000,
  stringPropertyMax: 65535,
  /**
   * posthog-js' own request timeout (`timeout || 60000` in its request layer); this version has
   * no setting for it, so it is named here, not passed.
   */
  requestTimeoutMs: 60000,
} as const

/**
 * Logs a failed analytics request as SPEC section 8 words it; never shown to the player (a
 * broken analytics host must not become the player's problem).
 */
export function logBadStatus(res: Pick<RequestResponse, 'statusCode' | 'text'>): void {
  console.error(`Bad HTTP status: ${res.statusCode} ${res.text ?? ''}`.trimEnd())
}

/**
 * The options posthog-js starts with.
 * - Page views are ours (one `$pageview` per resolved route change, pageviews.ts), so its own
 *   page-view and page-leave capture are off, as is autocapture: the product's events are named.
 * - Person profiles only for identified players.
 * - Nothing is loaded from elsewhere (the `no-external` build; recordings, surveys, tours off):
 *   the CSP allows scripts from this origin only.
 * - Opting out (consent withdrawn) also removes its cookie and stored state.
 * - `testBuild`: posthog-js drops events from user agents it takes for bots, headless Chromium
 *   among them; test builds capture them anyway (marked `$browser_type: bot`), so end-to-end tests
 *   see real events and never pass by sending nothing. They also send each event as it is
 *   captured (no batching), so no test waits out a batch timer.
 */
export function posthogOptions(input: {
  apiHost: string
  testBuild: boolean
}): Partial<PostHogConfig> {
  return {
    api_host: input.apiHost,
    session_idle_timeout_seconds: ANALYTICS_LIMITS.sessionIdleTimeoutS,
    cookie_expiration: ANALYTICS_LIMITS.cookieExpiryDays,
    feature_flag_request_timeout_ms: ANALYTICS_LIMITS.flagRequestTimeoutMs,
    properties_string_max_length: ANALYTICS_LIMITS.stringPropertyMax,
    person_profiles: 'identified_only',
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_external_dependency_loading: true,
    capture_performance: false,
    opt_out_persistence_by_default: true,
    opt_out_useragent_filter: input.testBuild,
    ...(input.testBuild ? { request_batching: false } : {}),
    on_request_error: logBadStatus,
  }
}
