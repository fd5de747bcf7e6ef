/**
 * The HTTP client of SPEC.md section 7: ky with the auth, region and language headers, the
 * retry rules, the single token refresh on 401 (see `session.ts`) and the error notification.
 *
 * `createApiClient` returns an object with no module-level state: everything it talks to (the
 * token cookie, the locale, the toast store, `fetch`) is injected, so tests build one per case
 * and the shell builds one at start.
 */
import ky, { isHTTPError, type KyInstance, type Options, type RetryOptions } from 'ky'
import { z } from 'zod/mini'

import { ApiError, failureOf, readBody, type ApiFailure, type CallTarget } from './errors'
import { errorNotification, type ErrorNotification, type Translate } from './notification'
import {
  IDEMPOTENCY_HEADER,
  refreshFailedBody,
  refreshResponse,
  type RefreshResponse,
  type Region,
} from '../../contract'
import { createTokenRefresher, type RefreshOutcome } from './session'

/** Methods the endpoint functions use. */
export type HttpMethod = 'get' | 'head' | 'options' | 'post' | 'put' | 'patch' | 'delete'

/** Statuses retried (SPEC.md section 7). */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504]

/**
 * Methods retried, once. Mutating calls are never retried automatically: money-moving ones
 * carry idempotency keys, but a second attempt should still be the player's decision.
 */
export const RETRY_METHODS: readonly HttpMethod[] = ['get', 'head', 'options']

/** The path of the refresh call, relative to the API base URL. */
export const REFRESH_PATH = 'auth/refresh-token'

/** What the shell injects. */
export interface ApiClientOptions {
  /** Absolute API base URL (see `apiBaseUrl`). */
  readonly baseUrl: string
  /** The session token (the `token` cookie), if any. */
  readonly getToken: () => string | undefined
  /**
   * Stores a refreshed token (the shell writes the `token` cookie). The rotated refresh token
   * comes along for shells that keep one (see `getRefreshToken`).
   */
  readonly setToken: (token: string, refreshToken: string) => void
  /**
   * The refresh token, for shells that keep one; it is then sent in the refresh body. Without
   * it the refresh authenticates with the expired access token alone (protocol/auth.ts).
   */
  readonly getRefreshToken?: () => string | undefined
  /** The interface locale: en, ru, kz, br... (see {@link acceptLanguage}). */
  readonly getLocale: () => string
  readonly getRegion: () => Region
  /** Logs the user out locally; must clear the token so `getToken` returns undefined. */
  readonly onLogout: () => void
  /** Navigates the browser away (the SSO link after a refused refresh). */
  readonly redirect: (url: string) => void
  /** Shows one error notification (the shell's toast store). */
  readonly notifyError: (notification: ErrorNotification) => void
  /** i18next `t` bound to the `errors` namespace. */
  readonly t: Translate
  /** Replaces `globalThis.fetch` (tests). */
  readonly fetch?: (input: Request, init?: RequestInit) => Promise<Response>
  /** Per-attempt timeout; default 10 000 ms. */
  readonly timeoutMs?: number
  /** Delay before retry `attempt` (1-based) when no Retry-After is given; default ky's backoff. */
  readonly retryDelayMs?: (attempt: number) => number
  /** A Retry-After longer than this fails the call at once instead of waiting; default 10 s. */
  readonly maxRetryAfterMs?: number
}

/** Per-call switches an endpoint function passes through. */
export interface CallOptions {
  /** Aborting it rejects the call without a notification (the caller asked for it). */
  readonly signal?: AbortSignal
  /** false: the caller handles or swallows failures itself; default true. */
  readonly notify?: boolean
}

/** One request, with the schema its response must match. */
export interface ApiCall<S extends z.core.$ZodType> extends CallOptions {
  readonly method: HttpMethod
  /** Relative to the API base URL; a leading slash is ignored. */
  readonly path: string
  /** Another absolute base for this call (the site root for `builds/latest.json`). */
  readonly baseUrl?: string
  readonly schema: S
  readonly json?: unknown
  /** A raw body instead of `json` (a support chat document). */
  readonly body?: Blob
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>
  /** Sent as `Idempotency-Key` on money-moving calls. */
  readonly idempotencyKey?: string
}

/** The client the endpoint functions are built on. */
export interface ApiClient {
  readonly baseUrl: string
  /**
   * Sends the call and returns its parsed response. Rejects with an `ApiError` for expected
   * failures (after the notification, unless disabled) and with `Error('[Api] ...')` when the
   * response breaks the contract.
   */
  call<S extends z.core.$ZodType>(call: ApiCall<S>): Promise<z.output<S>>
}

const LANGUAGE_TAGS: Readonly<Record<string, string>> = {
  en: 'en-US',
  ru: 'ru-RU',
  kz: 'kk-KZ',
  br: 'pt-BR',
}

/**
 * The Accept-Language value for an interface locale: en → en-US, ru → ru-RU, kz → kk-KZ (the
 * locale tags of SPEC.md section 3) and br → pt-BR (section 7). Any other value is sent as it
 * is, on the assumption that it already is a language tag.
 */
export function acceptLanguage(locale: string): string {
  return LANGUAGE_TAGS[locale] ?? locale
}

/** Creates a client; see {@link ApiClientOptions} for what it needs. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = normalizeBase(options.baseUrl)
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000

  const setHeaders = (headers: Headers, token: string | undefined): void => {
    if (token === undefined) headers.delete('Authorization')
    else headers.set('Authorization', `Bearer ${token}`)
    headers.set('Region', options.getRegion())
    headers.set('Accept-Language', acceptLanguage(options.getLocale()))
  }

  const refresher = createTokenRefresher({
    getToken: options.getToken,
    onLogout: options.onLogout,
    redirect: options.redirect,
    refresh: (token) => refreshToken(token),
  })

  const retry: RetryOptions = {
    limit: 1,
    methods: [...RETRY_METHODS],
    statusCodes: [...RETRY_STATUSES],
    // Retry-After is honoured whenever a retried status carries it, not only on 413/429/503.
    afterStatusCodes: [...RETRY_STATUSES],
    ...(options.retryDelayMs ? { delay: options.retryDelayMs } : {}),
    shouldRetry: ({ error }) => {
      if (!isHTTPError(error)) return undefined
      const after = retryAfterMs(error.response.headers.get('Retry-After'), Date.now())
      return after !== undefined && after > maxRetryAfterMs ? false : undefined
    },
  }

  const fetchOption = injectedFetch(options.fetch)
  const http: KyInstance = ky.create({
    ...fetchOption,
    timeout: timeoutMs,
    retry,
    hooks: {
      beforeRequest: [
        async (request) => {
          // A request leaving while a refresh runs would only earn another 401.
          await refresher.settled()
          setHeaders(request.headers, options.getToken())
        },
      ],
    },
  })

  // The refresh call bypasses the hook above (it would wait for itself) and is never retried.
  const bare: KyInstance = ky.create({
    ...fetchOption,
    timeout: timeoutMs,
    retry: 0,
  })

  async function refreshToken(token: string): Promise<RefreshOutcome> {
    const headers = new Headers()
    setHeaders(headers, token)
    const refreshTokenValue = options.getRefreshToken?.()
    let response: Response
    try {
      response = await bare.post(`${baseUrl}/${REFRESH_PATH}`, {
        headers,
        json: refreshTokenValue === undefined ? {} : { refresh_token: refreshTokenValue },
      })
    } catch (error) {
      if (isHTTPError(error) && error.response.status === 401) {
        const refused = refreshFailedBody.safeParse(await readBody(error.response))
        const sso = refused.success ? refused.data.data.sso : undefined
        return { type: 'refused', sso: sso || undefined }
      }
      if ((await failureOf(error, { timeoutMs })) === undefined) throw error
      return { type: 'failed' }
    }
    const target: CallTarget = { method: 'post', path: REFRESH_PATH }
    const body: RefreshResponse = parseWith(
      refreshResponse,
      await readJson(response, target),
      target,
    )
    // Stored before the queued requests are released, so their retries read the new token.
    options.setToken(body.access_token, body.refresh_token)
    return { type: 'renewed', token: body.access_token }
  }

  function fail(call: CallOptions, target: CallTarget, failure: ApiFailure, cause: unknown): never {
    const callerAborted = call.signal?.aborted === true
    if (call.notify !== false && !callerAborted) {
      const notification = errorNotification(failure, options.t)
      if (notification) options.notifyError(notification)
    }
    throw new ApiError(failure, target, { cause })
  }

  async function send<S extends z.core.$ZodType>(
    call: ApiCall<S>,
    target: CallTarget,
    afterRefresh: boolean,
  ): Promise<Response> {
    const base = call.baseUrl === undefined ? baseUrl : normalizeBase(call.baseUrl)
    const url = `${base}/${call.path.replace(/^\/+/, '')}`
    if (!/^https?:$/.test(new URL(url).protocol)) {
      fail(call, target, { type: 'transport', reason: 'unsupported-protocol' }, undefined)
    }
    try {
      return await http(url, {
        method: call.method,
        json: call.json,
        body: call.body,
        searchParams: call.query,
        signal: call.signal,
        headers: call.idempotencyKey ? { [IDEMPOTENCY_HEADER]: call.idempotencyKey } : {},
      })
    } catch (error) {
      // Only a request that carried a token can be saved by a refresh, and only once: a second
      // 401 after a fresh token is an answer, not an expiry (no refresh loop).
      const sent = isHTTPError(error) ? bearerOf(error.request.headers) : undefined
      if (
        !afterRefresh &&
        sent !== undefined &&
        isHTTPError(error) &&
        error.response.status === 401
      ) {
        const token = await refresher.renew(sent)
        if (token === undefined) fail(call, target, { type: 'session-ended' }, error)
        return send(call, target, true)
      }
      const failure = await failureOf(error, { timeoutMs })
      if (failure === undefined) throw error
      fail(call, target, failure, error)
    }
  }

  return {
    baseUrl,
    async call(call) {
      const target: CallTarget = { method: call.method, path: call.path }
      const response = await send(call, target, false)
      return parseWith(call.schema, await readJson(response, target), target)
    },
  }
}

/**
 * Milliseconds a Retry-After value asks to wait (delta-seconds or an HTTP date), or undefined
 * when it is absent or unreadable.
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

// ky always hands fetch a Request; the injected fake is typed for that.
function injectedFetch(fake: ApiClientOptions['fetch']): Pick<Options, 'fetch'> {
  if (!fake) return {}
  return {
    fetch: (input, init) => fake(input instanceof Request ? input : new Request(input), init),
  }
}

function normalizeBase(baseUrl: string): string {
  // new URL rather than URL.canParse, which Safari only has since 17.
  try {
    new URL(baseUrl)
  } catch (error) {
    throw new Error(`[Api] base URL must be absolute, got "${baseUrl}" (see apiBaseUrl)`, {
      cause: error,
    })
  }
  return baseUrl.replace(/\/+$/, '')
}

function bearerOf(headers: Headers): string | undefined {
  const match = /^Bearer (.+)$/.exec(headers.get('Authorization') ?? '')
  return match?.[1]
}

async function readJson(response: Response, target: CallTarget): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new Error(`[Api] ${target.method.toUpperCase()} ${target.path}: response is not JSON`, {
      cause: error,
    })
  }
}

function parseWith<S extends z.core.$ZodType>(
  schema: S,
  body: unknown,
  target: CallTarget,
): z.output<S> {
  const parsed = z.safeParse(schema, body)
  if (parsed.success) return parsed.data
  throw new Error(
    `[Api] ${target.method.toUpperCase()} ${target.path}: response does not match the contract: ${parsed.error.message}`,
  )
}
