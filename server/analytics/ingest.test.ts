import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { IngestDecodeError, decodeIngestBody, eventsOf } from './ingest'

const batch = [{ uuid: 'u1', event: '$pageview', properties: { distinct_id: 'd', token: 'k' } }]
const json = JSON.stringify(batch)

describe('ingest body decoding', () => {
  it("reads each of posthog-js' encodings to the same JSON", () => {
    const base64 = Buffer.from(json).toString('base64')
    for (const [raw, compression] of [
      [gzipSync(json), 'gzip-js'],
      // The query may be lost or wrong: gzip is known by its magic bytes.
      [gzipSync(json), undefined],
      [Buffer.from(`data=${encodeURIComponent(base64)}`), 'base64'],
      [Buffer.from(`data=${encodeURIComponent(json)}`), undefined],
      [Buffer.from(json), undefined],
    ] as const) {
      expect(decodeIngestBody(raw, compression)).toEqual(batch)
    }
  })

  it('refuses empty, broken and oversized bodies with a decode error', () => {
    for (const raw of [undefined, Buffer.alloc(0), Buffer.from('{'), gzipSync('{"a":')]) {
      expect(() => decodeIngestBody(raw)).toThrow(IngestDecodeError)
    }
    expect(() => decodeIngestBody(gzipSync(Buffer.alloc(6 * 1024 * 1024, 32)))).toThrow(
      IngestDecodeError,
    )
  })

  it("keeps only this project's events with a visitor id", () => {
    const mixed = [
      ...batch,
      { uuid: 'u2', event: 'x', properties: { distinct_id: 'd', token: 'other' } },
      { uuid: 'u3', event: 'x', properties: { token: 'k' } },
      { uuid: 'u4', event: 'x', distinct_id: 42, properties: { token: 'k' } },
    ]
    expect(eventsOf(mixed, 'k').map((e) => e.uuid)).toEqual(['u1', 'u4'])
    expect(() => eventsOf({ nope: 1 }, 'k')).toThrow(IngestDecodeError)
  })
})

describe('analytics settings', () => {
  it('default to the own ingest, take a PostHog host or off, and refuse anything else', () => {
    expect(loadConfig({}).analytics).toEqual({
      enabled: true,
      host: null,
      key: 'phc_tessera_reference',
      flags: [],
    })
    const real = loadConfig({
      ANALYTICS_HOST: 'https://eu.i.posthog.com/',
      ANALYTICS_KEY: 'phc_x',
      ANALYTICS_FLAGS: 'a, b',
    }).analytics
    expect(real).toEqual({
      enabled: true,
      host: 'https://eu.i.posthog.com',
      key: 'phc_x',
      flags: ['a', 'b'],
    })
    expect(loadConfig({ ANALYTICS_HOST: 'off' }).analytics.enabled).toBe(false)
    expect(() => loadConfig({ ANALYTICS_HOST: 'eu.i.posthog.com' })).toThrow(/ANALYTICS_HOST/)
  })
})
