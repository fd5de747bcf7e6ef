import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'

import { acceptLanguage, createApiClient, RETRY_STATUSES, retryAfterMs } from './client'
import { ApiError, fieldErrors, hasStatus } from './errors'
import { BASE, hang, json, testClient } from './test/fakeServer'

const ok = z.object({ ok: z.literal(true) })
const okBody = { ok: true }

afterEach(() => {
  vi.useRealTimers()
})

describe('headers', () => {
  it('sends Authorization Bearer, Region and Accept-Language', async () => {
    const { client, seen } = testClient(() => json(okBody))
    await client.call({ method: 'get', path: 'profile/user', schema: ok })
    const headers = seen[0]?.headers
    expect(headers?.get('Authorization')).toBe('Bearer old-token')
    expect(headers?.get('Region')).toBe('RU')
    expect(headers?.get('Accept-Language')).toBe('ru-RU')
  })

  it('sends no Authorization without a token, and reads locale and region per request', async () => {
    let locale = 'br'
    const { client, seen, state } = testClient(() => json(okBody), {
      getLocale: () => locale,
      getRegion: () => 'KZ',
    })
    state.token = undefined
    await client.call({ method: 'get', path: 'geo_ip', schema: ok })
    locale = 'kz'
    await client.call({ method: 'get', path: 'geo_ip', schema: ok })
    expect(seen[0]?.headers.has('Authorization')).toBe(false)
    expect(seen[0]?.headers.get('Accept-Language')).toBe('pt-BR')
    expect(seen[1]?.headers.get('Accept-Language')).toBe('kk-KZ')
    expect(seen[1]?.headers.get('Region')).toBe('KZ')
  })

  it('maps locales to language tags', () => {
    expect(['en', 'ru', 'kz', 'br', 'de-DE'].map(acceptLanguage)).toEqual([
      'en-US',
      'ru-RU',
      'kk-KZ',
      'pt-BR',
      'de-DE',
    ])
  })

  it('sends the idempotency key, the JSON body and the query', async () => {
    const { client, seen } = testClient(() => json(okBody))
    await client.call({
      method: 'post',
      path: '/billing/payment/create',
      schema: ok,
      json: { amount: 100 },
      query: { a: 'b', skip: undefined },
      idempotencyKey: 'deposit-123456',
    })
    const request = seen[0]
    expect(request?.url.href).toBe(`${BASE}/billing/payment/create?a=b`)
    expect(request?.method).toBe('POST')
    expect(request?.body).toEqual({ amount: 100 })
    expect(request?.headers.get('Idempotency-Key')).toBe('deposit-123456')
  })
})

describe('retries', () => {
  it.each(RETRY_STATUSES)('retries a GET answered %i once', async (status) => {
    let n = 0
    const { client, seen } = testClient(() => (n++ === 0 ? json({}, status) : json(okBody)))
    await expect(client.call({ method: 'get', path: 'mirror', schema: ok })).resolves.toEqual(
      okBody,
    )
    expect(seen).toHaveLength(2)
  })

  it('retries HEAD and OPTIONS like GET', async () => {
    for (const method of ['head', 'options'] as const) {
      let n = 0
      const { client, seen } = testClient(() =>
        n++ === 0 ? new Response(null, { status: 503 }) : new Response(null, { status: 200 }),
      )
      await client.call({ method, path: 'mirror', schema: z.undefined() })
      expect(seen.map((r) => r.method)).toEqual([method.toUpperCase(), method.toUpperCase()])
    }
  })

  it('gives up after one retry', async () => {
    const { client, seen } = testClient(() => json({}, 503))
    const error = await client.call({ method: 'get', path: 'mirror', schema: ok }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(503)
    expect(seen).toHaveLength(2)
  })

  it.each(['post', 'put', 'patch', 'delete'] as const)('never retries %s', async (method) => {
    const { client, seen } = testClient(() => json({}, 503))
    await expect(client.call({ method, path: 'x', schema: ok, json: {} })).rejects.toThrow(ApiError)
    expect(seen).toHaveLength(1)
  })

  it.each([400, 403, 404, 422, 451, 501])('does not retry a GET answered %i', async (status) => {
    const { client, seen } = testClient(() => json({}, status))
    await expect(client.call({ method: 'get', path: 'x', schema: ok })).rejects.toThrow(ApiError)
    expect(seen).toHaveLength(1)
  })

  it('retries a GET once after a network failure', async () => {
    let n = 0
    const { client, seen } = testClient(() => {
      if (n++ === 0) throw new TypeError('Failed to fetch')
      return json(okBody)
    })
    await expect(client.call({ method: 'get', path: 'x', schema: ok })).resolves.toEqual(okBody)
    expect(seen).toHaveLength(2)
  })

  it('waits for Retry-After before retrying', async () => {
    vi.useFakeTimers()
    let n = 0
    const { client, seen } = testClient(() =>
      n++ === 0 ? json({}, 429, { 'Retry-After': '3' }) : json(okBody),
    )
    const result = client.call({ method: 'get', path: 'x', schema: ok })
    await vi.advanceTimersByTimeAsync(2_900)
    expect(seen).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(200)
    expect(seen).toHaveLength(2)
    await expect(result).resolves.toEqual(okBody)
  })

  it('fails at once when Retry-After is longer than the cap', async () => {
    const { client, seen } = testClient(() => json({}, 503, { 'Retry-After': '120' }), {
      maxRetryAfterMs: 5_000,
    })
    await expect(client.call({ method: 'get', path: 'x', schema: ok })).rejects.toThrow(ApiError)
    expect(seen).toHaveLength(1)
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs('2', now)).toBe(2_000)
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000)
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs(null, now)).toBeUndefined()
  })
})

describe('failures', () => {
  it('notifies once with the translated notification and rejects with the HTTP failure', async () => {
    const body = { errors: { email: ['already_taken: The email has already been taken.'] } }
    const { client, notifications } = testClient(() => json(body, 422))
    const error = (await client
      .call({ method: 'post', path: 'x', schema: ok, json: {} })
      .catch((e) => e)) as ApiError
    expect(error.failure).toEqual({ type: 'http', status: 422, body })
    expect(notifications).toEqual([
      {
        title: 'error.error',
        lines: ['error.already_taken {"detail":"The email has already been taken."}'],
      },
    ])
  })

  it('gives forms the field map of a 422 through fieldErrors', async () => {
    const errors = {
      old_password: ['invalid_credentials: Wrong password.'],
      password: ['too_small: Short.'],
    }
    const { client } = testClient(() => json({ errors }, 422))
    const error = await client
      .call({ method: 'post', path: 'password/update', schema: ok, json: {}, notify: false })
      .catch((e: unknown) => e)
    expect(hasStatus(error, 422)).toBe(true)
    expect(fieldErrors(error)).toEqual(errors)
    expect(fieldErrors(new Error('other'))).toEqual({})
  })

  it('does not notify when the call opts out', async () => {
    const { client, spies } = testClient(() => json({ data: { message: 'x', params: {} } }, 400))
    await expect(
      client.call({ method: 'get', path: 'x', schema: ok, notify: false }),
    ).rejects.toThrow(ApiError)
    expect(spies.notifyError).not.toHaveBeenCalled()
  })

  it('maps a network failure to "network" and notifies', async () => {
    const { client, notifications } = testClient(() => {
      throw new TypeError('Failed to fetch')
    })
    const error = (await client
      .call({ method: 'post', path: 'x', schema: ok, json: {} })
      .catch((e) => e)) as ApiError
    expect(error.failure).toEqual({ type: 'transport', reason: 'network' })
    expect(notifications[0]?.lines).toEqual(['transport.network'])
  })

  it('maps a timeout to "timeout" with its duration', async () => {
    const { client, notifications } = testClient(hang, { timeoutMs: 20 })
    const error = (await client
      .call({ method: 'get', path: 'x', schema: ok })
      .catch((e) => e)) as ApiError
    expect(error.failure).toEqual({ type: 'transport', reason: 'timeout', timeoutMs: 20 })
    expect(notifications[0]?.lines).toEqual(['transport.timeout {"ms":20}'])
  })

  it('maps a caller abort to "aborted" without a notification', async () => {
    const controller = new AbortController()
    const { client, spies } = testClient(hang)
    const pending = client.call({ method: 'get', path: 'x', schema: ok, signal: controller.signal })
    controller.abort()
    const error = (await pending.catch((e) => e)) as ApiError
    expect(error.failure).toEqual({ type: 'transport', reason: 'aborted' })
    expect(spies.notifyError).not.toHaveBeenCalled()
  })

  it('refuses a base URL with another protocol as "unsupported-protocol"', async () => {
    const { client, seen, notifications } = testClient(() => json(okBody), {
      baseUrl: 'ftp://files.tessera.test',
    })
    const error = (await client
      .call({ method: 'get', path: 'x', schema: ok })
      .catch((e) => e)) as ApiError
    expect(error.failure).toEqual({ type: 'transport', reason: 'unsupported-protocol' })
    expect(notifications[0]?.lines).toEqual(['transport.unsupported_protocol'])
    expect(seen).toHaveLength(0)
  })

  it('throws an [Api] bug error naming the path when the response breaks the contract', async () => {
    const { client, spies } = testClient(() => json({ ok: 'yes' }))
    await expect(client.call({ method: 'get', path: 'profile/user', schema: ok })).rejects.toThrow(
      /^\[Api\] GET profile\/user: response does not match the contract/,
    )
    expect(spies.notifyError).not.toHaveBeenCalled()
  })

  it('rejects a relative base URL at creation', () => {
    expect(() =>
      createApiClient({
        baseUrl: '/api',
        getToken: () => undefined,
        setToken: () => undefined,
        getLocale: () => 'en',
        getRegion: () => 'RU',
        onLogout: () => undefined,
        redirect: () => undefined,
        notifyError: () => undefined,
        t: (key) => key,
      }),
    ).toThrow(/^\[Api\] base URL must be absolute/)
  })
})
