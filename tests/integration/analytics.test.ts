import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/db'
import { openTestPglite } from '../../server/db/testDatabases'
import { startTestApp, type TestApp } from './support/harness'

const KEY = 'phc_test_key'

/** An event as posthog-js builds it (uuid, event, properties with distinct_id and token). */
function event(name: string, distinctId: string, extra: Record<string, unknown> = {}) {
  return {
    uuid: crypto.randomUUID(),
    event: name,
    properties: { distinct_id: distinctId, token: KEY, $lib: 'web', ...extra },
    timestamp: new Date().toISOString(),
  }
}

/**
 * The own analytics ingest (server/http/routes/analytics.ts) with bodies in each encoding
 * posthog-js uses, its flags and remote-config answers, and the sandbox list. PGlite only: the
 * table is plain inserts and selects, which the shared integration suite runs on both drivers.
 */
describe('analytics ingest', () => {
  let db: Db
  let t: TestApp
  beforeAll(async () => {
    db = await openTestPglite()
    t = await startTestApp(db, { ANALYTICS_KEY: KEY, ANALYTICS_FLAGS: 'new_lobby,vip_chat' })
  }, 120_000)
  afterAll(async () => {
    await t.close()
    await db.close()
  })

  const post = (url: string, payload: Buffer | string, contentType: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } })
  const eventsOf = async (distinctId: string) =>
    (await t.call('GET', `/api/sandbox/analytics/events?distinct_id=${distinctId}`)).json<{
      data: { event: string; properties: Record<string, unknown>; set: unknown }[]
    }>().data

  it('stores a gzip-js batch (compression=gzip-js, text/plain)', async () => {
    const batch = [event('$pageview', 'gz', { full_path: '/faq?x=1' }), event('custom', 'gz')]
    const res = await post(
      '/api/ingest/e/?compression=gzip-js&ver=1.449.2',
      gzipSync(JSON.stringify(batch)),
      'text/plain',
    )
    expect(res.statusCode).toBe(200)
    const stored = await eventsOf('gz')
    expect(stored.map((e) => e.event)).toEqual(['custom', '$pageview'])
    expect(stored[1]!.properties.full_path).toBe('/faq?x=1')
  })

  it('stores a base64 form body, a plain JSON body and a /batch/ body', async () => {
    const b64 = Buffer.from(JSON.stringify([event('$pageview', 'b64', { name: 'Жанар' })]))
    const form = `data=${encodeURIComponent(b64.toString('base64'))}`
    const one = await post(
      '/api/ingest/e/?compression=base64',
      form,
      'application/x-www-form-urlencoded',
    )
    expect(one.statusCode).toBe(200)
    expect((await eventsOf('b64'))[0]!.properties.name).toBe('Жанар')

    const json = await post(
      '/api/ingest/i/v0/e/',
      JSON.stringify(event('x', 'js')),
      'application/json',
    )
    expect(json.statusCode).toBe(200)
    const batch = await post(
      '/api/ingest/batch/',
      JSON.stringify({ batch: [event('y', 'js')] }),
      'application/json',
    )
    expect(batch.statusCode).toBe(200)
    expect((await eventsOf('js')).map((e) => e.event)).toEqual(['y', 'x'])
  })

  it('keeps $identify person properties, and stores a retried event once', async () => {
    const identify = {
      ...event('$identify', '42', { $anon_distinct_id: 'anon-1' }),
      $set: { platform: 'web', os: 'Linux' },
    }
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/ingest/e/', JSON.stringify([identify]), 'application/json')
      expect(res.statusCode).toBe(200)
    }
    const stored = await eventsOf('42')
    expect(stored).toHaveLength(1)
    expect(stored[0]!.set).toEqual({ platform: 'web', os: 'Linux' })
  })

  it("refuses what is not posthog-js' and skips another project's events", async () => {
    expect((await post('/api/ingest/e/', 'not json', 'text/plain')).statusCode).toBe(400)
    expect((await post('/api/ingest/e/', '[{"event":1}]', 'application/json')).statusCode).toBe(400)
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 32))
    expect((await post('/api/ingest/e/', bomb, 'text/plain')).statusCode).toBe(400)
    const foreign = { ...event('z', 'other'), properties: { distinct_id: 'other', token: 'x' } }
    const res = await post('/api/ingest/e/', JSON.stringify([foreign]), 'application/json')
    expect(res.statusCode).toBe(200)
    expect(await eventsOf('other')).toEqual([])
  })

  it('answers /flags and /decide with the configured flags, and the remote config', async () => {
    const body = gzipSync(JSON.stringify({ token: KEY, distinct_id: 'f' }))
    const flags = await post('/api/ingest/flags/?v=2&compression=gzip-js', body, 'text/plain')
    expect(flags.statusCode).toBe(200)
    const answer = flags.json<{ flags: Record<string, { enabled: boolean }> }>()
    expect(Object.keys(answer.flags)).toEqual(['new_lobby', 'vip_chat'])
    expect(answer.flags.new_lobby!.enabled).toBe(true)
    const decide = await post(
      '/api/ingest/decide/?v=3',
      JSON.stringify({ token: KEY }),
      'application/json',
    )
    expect(decide.json<{ featureFlags: unknown }>().featureFlags).toEqual({
      new_lobby: true,
      vip_chat: true,
    })
    const config = await t.call('GET', `/api/ingest/array/${KEY}/config`)
    expect(config.statusCode).toBe(200)
    expect(config.json()).toMatchObject({ supportedCompression: ['gzip-js', 'base64'] })
    expect((await t.call('GET', '/api/ingest/array/phc_other/config')).statusCode).toBe(404)
  })

  it('names the own ingest in GET /config, and the sandbox page lists events', async () => {
    const config = await t.call('GET', '/api/config')
    expect(config.json().analytics).toEqual({ host: null, key: KEY })
    const page = await t.call('GET', '/api/sandbox/analytics')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('/api/sandbox/assets/analytics.js')
    const remote = await t.call('GET', '/api/sandbox/analytics/events', {
      remoteAddress: '203.0.113.7',
    })
    expect(remote.statusCode).toBe(403)
  })

  it('has no ingest with a PostHog host of its own, whose origin the CSP allows', async () => {
    const other = await startTestApp(db, { ANALYTICS_HOST: 'https://eu.i.posthog.com/' })
    try {
      const config = await other.call('GET', '/api/config')
      expect(config.json().analytics).toEqual({
        host: 'https://eu.i.posthog.com',
        key: 'phc_tessera_reference',
      })
      expect(config.headers['content-security-policy']).toContain('https://eu.i.posthog.com')
      expect((await other.call('POST', '/api/ingest/e/', { body: [] })).statusCode).toBe(404)
    } finally {
      await other.close()
    }
    const off = await startTestApp(db, { ANALYTICS_HOST: 'off' })
    try {
      expect((await off.call('GET', '/api/config')).json().analytics).toBeNull()
    } finally {
      await off.close()
    }
  })
})
