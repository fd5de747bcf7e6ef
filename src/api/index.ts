/**
 * The client API layer: one entry point for the shell.
 *
 * Wiring, once at start (see the TSDoc of {@link ApiClientOptions}):
 * ```ts
 * const urls = urlsForPage(import.meta.env, window.location)
 * const api = createApi({
 *   baseUrl: urls.api,
 *   getToken: () => Cookies.get('token'),
 *   setToken: (token) => Cookies.set('token', token, { expires: 30, path: '/' }),
 *   getLocale: () => i18n.language,
 *   getRegion: () => settings.getState().region,
 *   onLogout: () => session.getState().logout(), // clears the token cookie and the user
 *   redirect: (url) => window.location.assign(url),
 *   t: i18n.getFixedT(null, 'errors'),
 *   notifyError: ({ title, lines }) => showToast({ kind: 'error', title, lines }),
 * })
 * ```
 */
import { authEndpoints } from './auth'
import { billingEndpoints } from './billing'
import { bonusEndpoints } from './bonus'
import { createApiClient, type ApiClient, type ApiClientOptions } from './client'
import { miscEndpoints } from './misc'
import { profileEndpoints } from './profile'

export { apiBaseUrl, type PageLocation } from './baseUrl'
export {
  GAME_SERVICES,
  readConfiguredUrls,
  serviceUrls,
  urlsForPage,
  type ConfiguredUrls,
  type GameService,
  type ServedUrls,
} from './serviceUrls'
export {
  acceptLanguage,
  createApiClient,
  REFRESH_PATH,
  RETRY_METHODS,
  RETRY_STATUSES,
  retryAfterMs,
  type ApiCall,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
  type HttpMethod,
} from './client'
export {
  ApiError,
  fieldErrors,
  hasStatus,
  isApiError,
  type ApiFailure,
  type CallTarget,
  type TransportReason,
} from './errors'
export {
  BALANCE_NOT_ENOUGH,
  errorNotification,
  HCAPTCHA_REQUIRED_MESSAGE,
  isBalanceNotEnough,
  translateMessage,
  type ErrorNotification,
  type Translate,
  type TranslateOptions,
} from './notification'
export { authEndpoints, type AuthEndpoints } from './auth'
export { billingEndpoints, type BillingEndpoints } from './billing'
export { bonusEndpoints, type BonusEndpoints } from './bonus'
export {
  GEO_BLOCKED_STATUS,
  miscEndpoints,
  servedClientConfig,
  type GeoResult,
  type MiscEndpoints,
} from './misc'
export { profileEndpoints, type ProfileEndpoints } from './profile'

/** Every endpoint group, bound to one client. */
export interface Api {
  readonly client: ApiClient
  readonly auth: ReturnType<typeof authEndpoints>
  readonly profile: ReturnType<typeof profileEndpoints>
  readonly billing: ReturnType<typeof billingEndpoints>
  readonly bonus: ReturnType<typeof bonusEndpoints>
  readonly misc: ReturnType<typeof miscEndpoints>
}

/** Creates the client and binds every endpoint group to it. */
export function createApi(options: ApiClientOptions): Api {
  const client = createApiClient(options)
  return {
    client,
    auth: authEndpoints(client),
    profile: profileEndpoints(client),
    billing: billingEndpoints(client),
    bonus: bonusEndpoints(client),
    misc: miscEndpoints(client),
  }
}
