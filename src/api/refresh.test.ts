import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'

import { REFRESH_PATH } from './client'
import { ApiError } from './errors'
import { deferred, json, testClient, type SeenRequest } from './test/fakeServer'

const ok = z.object({ ok: z.literal(true) })
const NEW_TOKEN = 'new-token-0123456789'
const refreshed = {
  access_token: NEW_TOKEN,
  refresh_token: 'refresh-0123456789ab',
  expires_in: 900,
}
const unauthenticated = { data: { message: 'unauthenticated', params: {} } }

const bearer = (request: SeenRequest | undefined) => request?.headers.get('Authorization')
const isRefresh = (request: SeenRequest) => request.path === REFRESH_PATH
/** Answers like a server that accepts only the new token. */
const acceptsNewToken = (request: SeenRequest) =>
  bearer(request) === `Bearer ${NEW_TOKEN}` ? json({ ok: true }) : json(unauthenticated, 401)

describe('token refresh on 401', () => {
  it('refreshes once for several concurrent 401s and retries all of them with the new token', async () => {
    const refreshAnswer = deferred<Response>()
    const { client, seen, spies } = testClient((request) =>
      isRefresh(request) ? refreshAnswer.promise : acceptsNewToken(request),
    )
    const paths = ['profile/user', 'profile/freeSpins', 'api/v2/billing/data', 'geo_ip']
    const calls = paths.map((path) => client.call({ method: 'get', path, schema: ok }))

    // Every first attempt fails and queues behind the one refresh, still unanswered.
    await vi.waitFor(() => {
      expect(seen.filter((r) => !isRefresh(r))).toHaveLength(paths.length)
      expect(seen.filter(isRefresh)).toHaveLength(1)
    })

    refreshAnswer.resolve(json(refreshed))
    await expect(Promise.all(calls)).resolves.toEqual(paths.map(() => ({ ok: true })))

    expect(seen.filter(isRefresh)).toHaveLength(1)
    const refresh = seen.find(isRefresh)
    expect(refresh?.method).toBe('POST')
    expect(bearer(refresh)).toBe('Bearer old-token')
    const retries = seen.filter((r) => !isRefresh(r)).slice(paths.length)
    expect(retries.map((r) => r.path).sort()).toEqual([...paths].sort())
    expect(retries.every((r) => bearer(r) === `Bearer ${NEW_TOKEN}`)).toBe(true)
    expect(spies.setToken).toHaveBeenCalledExactlyOnceWith(NEW_TOKEN, refreshed.refresh_token)
    expect(spies.onLogout).not.toHaveBeenCalled()
    expect(spies.notifyError).not.toHaveBeenCalled()
  })

  it('holds requests that start during the refresh and sends them with the new token', async () => {
    const refreshAnswer = deferred<Response>()
    const { client, seen } = testClient((request) =>
      isRefresh(request) ? refreshAnswer.promise : acceptsNewToken(request),
    )
    const first = client.call({ method: 'get', path: 'profile/user', schema: ok })
    await vi.waitFor(() => expect(seen.filter(isRefresh)).toHaveLength(1))
    const late = client.call({ method: 'post', path: 'auth/logout', schema: ok, json: {} })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(seen.some((r) => r.path === 'auth/logout')).toBe(false)

    refreshAnswer.resolve(json(refreshed))
    await expect(Promise.all([first, late])).resolves.toHaveLength(2)
    const logout = seen.filter((r) => r.path === 'auth/logout')
    expect(logout.map(bearer)).toEqual([`Bearer ${NEW_TOKEN}`])
  })

  it('sends the refresh token in the body when the shell keeps one', async () => {
    const { client, seen } = testClient(
      (request) => (isRefresh(request) ? json(refreshed) : acceptsNewToken(request)),
      { getRefreshToken: () => 'kept-refresh-token-0123' },
    )
    await client.call({ method: 'get', path: 'profile/user', schema: ok })
    expect(seen.find(isRefresh)?.body).toEqual({ refresh_token: 'kept-refresh-token-0123' })
  })

  it('logs out and rejects every queued request when the refresh fails', async () => {
    const refreshAnswer = deferred<Response>()
    const { client, seen, spies, state } = testClient((request) =>
      isRefresh(request) ? refreshAnswer.promise : json(unauthenticated, 401),
    )
    const calls = ['a', 'b', 'c'].map((path) =>
      client.call({ method: 'get', path, schema: ok }).catch((e: unknown) => e),
    )
    await vi.waitFor(() => expect(seen).toHaveLength(4))
    refreshAnswer.resolve(json({ data: { message: 'internal_error', params: {} } }, 500))
    const errors = await Promise.all(calls)

    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).failure).toEqual({ type: 'session-ended' })
    }
    expect(spies.onLogout).toHaveBeenCalledOnce()
    expect(spies.redirect).not.toHaveBeenCalled()
    expect(spies.notifyError).not.toHaveBeenCalled()
    expect(state.token).toBeUndefined()
    expect(seen.filter(isRefresh)).toHaveLength(1)
    expect(seen.filter((r) => !isRefresh(r))).toHaveLength(3)
  })

  it('logs out when the refresh cannot reach the server', async () => {
    const { client, spies } = testClient((request) => {
      if (isRefresh(request)) throw new TypeError('Failed to fetch')
      return json(unauthenticated, 401)
    })
    const error = (await client
      .call({ method: 'get', path: 'a', schema: ok })
      .catch((e) => e)) as ApiError
    expect(error.failure.type).toBe('session-ended')
    expect(spies.onLogout).toHaveBeenCalledOnce()
  })

  it('logs out, then redirects to the SSO link when the refresh answers 401 with one', async () => {
    const sso = 'https://sso.tessera.test/login?from=mirror'
    const order: string[] = []
    const { client } = testClient(
      (request) =>
        isRefresh(request)
          ? json({ data: { message: 'session_expired', params: {}, sso } }, 401)
          : json(unauthenticated, 401),
      {
        onLogout: () => order.push('logout'),
        redirect: (url) => order.push(`redirect ${url}`),
      },
    )
    const error = (await client
      .call({ method: 'get', path: 'a', schema: ok })
      .catch((e) => e)) as ApiError
    expect(error.failure.type).toBe('session-ended')
    expect(order).toEqual(['logout', `redirect ${sso}`])
  })

  it('logs out without a redirect when the refresh answers 401 without an SSO link', async () => {
    const { client, spies } = testClient((request) =>
      isRefresh(request)
        ? json({ data: { message: 'session_expired', params: {}, sso: null } }, 401)
        : json(unauthenticated, 401),
    )
    await expect(client.call({ method: 'get', path: 'a', schema: ok })).rejects.toThrow(ApiError)
    expect(spies.onLogout).toHaveBeenCalledOnce()
    expect(spies.redirect).not.toHaveBeenCalled()
  })

  it('does not refresh again when the retried request gets 401 too (no loop)', async () => {
    const { client, seen, spies } = testClient((request) =>
      isRefresh(request) ? json(refreshed) : json(unauthenticated, 401),
    )
    const error = (await client
      .call({ method: 'get', path: 'a', schema: ok })
      .catch((e) => e)) as ApiError
    expect(error.failure).toEqual({ type: 'http', status: 401, body: unauthenticated })
    expect(seen.map((r) => r.path)).toEqual(['a', REFRESH_PATH, 'a'])
    expect(spies.onLogout).not.toHaveBeenCalled()
    expect(spies.notifyError).toHaveBeenCalledOnce()
  })

  it('does not refresh for a 401 to a request sent without a token', async () => {
    const body = { data: { message: 'invalid_credentials', params: {} } }
    const { client, seen, state, spies } = testClient(() => json(body, 401))
    state.token = undefined
    const error = (await client
      .call({ method: 'post', path: 'api/v2/auth/login/email/password', schema: ok, json: {} })
      .catch((e) => e)) as ApiError
    expect(error.status).toBe(401)
    expect(seen).toHaveLength(1)
    expect(spies.onLogout).not.toHaveBeenCalled()
  })

  it('retries with the newer token, without a second refresh, when a 401 arrives after the refresh', async () => {
    const slowAnswer = deferred<Response>()
    const { client, seen } = testClient((request) => {
      if (isRefresh(request)) return json(refreshed)
      if (request.path === 'slow' && bearer(request) === 'Bearer old-token')
        return slowAnswer.promise
      return acceptsNewToken(request)
    })
    const slow = client.call({ method: 'get', path: 'slow', schema: ok })
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    // Another request triggers and completes the refresh while `slow` is on the wire.
    await client.call({ method: 'get', path: 'fast', schema: ok })
    slowAnswer.resolve(json(unauthenticated, 401))
    await expect(slow).resolves.toEqual({ ok: true })
    expect(seen.filter(isRefresh)).toHaveLength(1)
    expect(bearer(seen.filter((r) => r.path === 'slow')[1])).toBe(`Bearer ${NEW_TOKEN}`)
  })

  it('throws an [Api] bug error when the refresh answer breaks the contract', async () => {
    const { client } = testClient((request) =>
      isRefresh(request) ? json({ token: 'x' }) : json(unauthenticated, 401),
    )
    await expect(client.call({ method: 'get', path: 'a', schema: ok })).rejects.toThrow(
      /^\[Api\] POST auth\/refresh-token: response does not match the contract/,
    )
  })
})
