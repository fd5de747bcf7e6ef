/**
 * The app's one API client (src/api), wired to the shell: the base URL of this build and page,
 * the token cookie, the URL's locale, the user's region, the session store and the toasts.
 */
import i18next, { type TOptions } from 'i18next'

import { createApi, urlsForPage, type Api, type ApiClientOptions, type Translate } from '../../api'
import type { Region } from '../../../contract'
import { useSession } from '../../stores/session'
import { useGeo } from '../../stores/geo'
import { showToast } from '../../stores/toasts'
import { splitLocalePath } from '../locale/paths'
import { readToken, removeToken, writeToken } from './cookies'

/**
 * Region header: the user's region, RU unless it is KZ (SPEC.md section 4). A visitor is RU.
 */
export function regionOf(user: { region: Region } | null): Region {
  return user?.region === 'KZ' ? 'KZ' : 'RU'
}

/** Forgets the session in this browser: the token cookie and the user. */
export function logOutLocally(): void {
  removeToken()
  useSession.getState().clear()
}

/**
 * i18next's `t` in the `errors` namespace, in the current language at each call (the API
 * layer's {@link Translate} contract; i18next's own typing is tied to its resources).
 */
export const translateError: Translate = (key, options) =>
  i18next.t(key, { ...options, ns: 'errors' } as TOptions)

/**
 * The options the shell gives `createApi`. Only the refresh-token rule needs a word: the
 * browser keeps one token (the `token` cookie, SPEC.md section 3), and the reference server
 * accepts the expired access token itself for a refresh (contract/auth.ts), so
 * `getRefreshToken` is not set and the rotated refresh token is dropped.
 */
export function appApiOptions(
  env: Readonly<Record<string, unknown>>,
  page: Location,
): ApiClientOptions {
  return {
    baseUrl: urlsForPage(env, page).api,
    getToken: readToken,
    setToken: (token) => writeToken(token),
    // The router keeps the locale in the URL prefix (/ru/..., /kz/...; none for en).
    getLocale: () => splitLocalePath(page.pathname).locale,
    // The geo answer's region (src/features/geo); until it comes, or for bots, the user's.
    getRegion: () => useGeo.getState().region ?? regionOf(useSession.getState().user),
    onLogout: logOutLocally,
    redirect: (url) => page.assign(url),
    t: translateError,
    notifyError: ({ title, lines, support }) =>
      showToast({
        kind: 'error',
        title,
        lines: [...lines],
        ...(support ? { action: 'support' as const } : {}),
      }),
  }
}

let current: Api | undefined

/** Creates the app's client once, at start (main.tsx). */
export function startApi(env: Readonly<Record<string, unknown>>, page: Location): Api {
  current = createApi(appApiOptions(env, page))
  return current
}

/** The app's client; a call before {@link startApi} is a bug. */
export function appApi(): Api {
  if (!current) throw new Error('[session] the API client is used before startApi()')
  return current
}
