/**
 * A scripted stand-in for the server in API-layer tests: records every request ky sends and
 * answers from a handler, so tests assert headers, bodies and call counts without a network.
 */
import { vi } from 'vitest'

import { createApiClient, type ApiClient, type ApiClientOptions } from '../client'
import { createApi, type Api } from '../index'
import type { ErrorNotification, Translate } from '../notification'

/** One request as the fake server saw it. */
export interface SeenRequest {
  readonly method: string
  readonly url: URL
  /** Path after the API base, without the leading slash (`profile/user`). */
  readonly path: string
  readonly headers: Headers
  readonly body: unknown
  readonly signal: AbortSignal
}

/** Answers a request; may wait (deferred answers) or throw (network failure). */
export type Handler = (request: SeenRequest) => Response | Promise<Response>

/** The base URL every test client uses. */
export const BASE = 'https://api.tessera.test/v1'

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** A promise with its resolve exposed, to hold an answer until the test releases it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** A translate function that shows which key and values were asked for. */
export const keyT: Translate = (key, options) => {
  const { defaultValue: _d, ...params } = options ?? {}
  const shown = Object.entries(params).filter(([, v]) => v !== undefined && v !== '')
  return shown.length === 0 ? key : `${key} ${JSON.stringify(Object.fromEntries(shown))}`
}

/** Options wired to a fake server and spies, with a mutable token like the cookie. */
export function testOptions(handler: Handler, overrides: Partial<ApiClientOptions> = {}) {
  const seen: SeenRequest[] = []
  const state = { token: 'old-token' as string | undefined }
  const notifications: ErrorNotification[] = []
  const spies = {
    setToken: vi.fn((token: string) => {
      state.token = token
    }),
    onLogout: vi.fn(() => {
      state.token = undefined
    }),
    redirect: vi.fn((_url: string) => undefined),
    notifyError: vi.fn((n: ErrorNotification) => {
      notifications.push(n)
    }),
  }
  const fetch = async (request: Request): Promise<Response> => {
    const text = await request.text()
    const url = new URL(request.url)
    const basePath = new URL(BASE).pathname
    const entry: SeenRequest = {
      method: request.method,
      url,
      path: (url.href.startsWith(BASE)
        ? url.pathname.slice(basePath.length)
        : url.pathname
      ).replace(/^\//, ''),
      headers: request.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      signal: request.signal,
    }
    seen.push(entry)
    return handler(entry)
  }
  const options: ApiClientOptions = {
    baseUrl: BASE,
    getToken: () => state.token,
    getLocale: () => 'ru',
    getRegion: () => 'RU',
    t: keyT,
    fetch,
    retryDelayMs: () => 0,
    ...spies,
    ...overrides,
  }
  return { options, seen, state, spies, notifications }
}

/** A bare client on a fake server (see {@link testOptions}). */
export function testClient(handler: Handler, overrides: Partial<ApiClientOptions> = {}) {
  const wired = testOptions(handler, overrides)
  const client: ApiClient = createApiClient(wired.options)
  return { client, ...wired }
}

/** Every endpoint group on a fake server (see {@link testOptions}). */
export function testApi(handler: Handler, overrides: Partial<ApiClientOptions> = {}) {
  const wired = testOptions(handler, overrides)
  const api: Api = createApi(wired.options)
  return { api, ...wired }
}

/** An answer that never comes: rejects like fetch once the request's signal aborts. */
export function hang(request: SeenRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (request.signal.aborted) reject(request.signal.reason)
    request.signal.addEventListener('abort', () => reject(request.signal.reason))
  })
}
