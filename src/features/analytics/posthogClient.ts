/**
 * posthog-js behind the facade's {@link AnalyticsClient}. The library is imported dynamically, so
 * it is a chunk of its own that only a page whose player allowed analytics ever fetches; the
 * `no-external` build never loads a script from elsewhere (the CSP forbids it anyway).
 */
import type { AnalyticsClient } from './facade'
import { posthogOptions } from './settings'
import type { UserProperties } from './userProperties'

/** Loads posthog-js, starts it with the project `key` against `apiHost`, and adapts it. */
export async function loadPosthog(input: {
  apiHost: string
  key: string
  testBuild: boolean
  properties: UserProperties
}): Promise<AnalyticsClient> {
  const { default: posthog } = await import('posthog-js/no-external')
  const options = posthogOptions({ apiHost: input.apiHost, testBuild: input.testBuild })
  posthog.init(input.key, options)
  // Loaded only once the player allowed analytics: an opt-out kept from an earlier withdrawal
  // (posthog-js stores one) no longer holds. No `$opt_in` event: consent is ours to record.
  if (posthog.has_opted_out_capturing()) posthog.opt_in_capturing({ captureEventName: null })
  // SPEC section 3's properties go with every event.
  posthog.register({ ...input.properties })
  return {
    capture: (event, properties) => void posthog.capture(event, properties),
    identify: (id, personProperties) => posthog.identify(id, personProperties),
    reset: () => posthog.reset(),
    isFeatureEnabled: (flag) => posthog.isFeatureEnabled(flag, { send_event: false }) === true,
    onFeatureFlags: (run) => posthog.onFeatureFlags(() => run()),
    optIn: () => posthog.opt_in_capturing({ captureEventName: null }),
    optOut: () => posthog.opt_out_capturing(),
  }
}
