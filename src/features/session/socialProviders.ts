/**
 * Which social providers the log-in form offers: those GET /config lists (`social_providers`),
 * so a provider the operator has not configured is never offered and then refused. The list the
 * reference server wrote into the page is there at the first render; the call confirms it.
 */
import { useEffect, useState } from 'react'

import { servedClientConfig, type Api } from '../../api'
import { socialProviderIds, type SocialProviderId } from '../../../contract'
import { appApi } from './api'
import { clientConfigOnce } from './clientConfig'

/** The offered providers in the form's order; none from a config without the list. */
export function offeredSocialProviders(
  config: { readonly social_providers?: readonly SocialProviderId[] | undefined } | undefined,
): readonly SocialProviderId[] {
  const listed = new Set(config?.social_providers ?? [])
  return socialProviderIds.filter((id) => listed.has(id))
}

/** The providers to offer; `api` is the app's client unless a test passes its own. */
export function useSocialProviders(
  api: () => Pick<Api, 'misc'> = appApi,
): readonly SocialProviderId[] {
  const [providers, setProviders] = useState(() =>
    offeredSocialProviders(
      typeof document === 'undefined' ? undefined : servedClientConfig(document),
    ),
  )
  useEffect(() => {
    let live = true
    // Inside the promise chain, so an app without an API client (a unit test) just offers none.
    Promise.resolve()
      .then(() => clientConfigOnce(api()))
      .then((config) => {
        if (live) setProviders(offeredSocialProviders(config))
      })
      // Failure: keep what the page said (or nothing); GET /config failing is not the player's.
      .catch(() => {})
    return () => {
      live = false
    }
  }, [api])
  return providers
}
