// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { ConnectionStore } from './ConnectionStore'
import { defineGameProtocol } from './defineGameProtocol'
import { newIdempotencyKey } from './types'

const events = { snapshot: z.object({ n: z.number() }) }
const sync = { request: z.object({ type: z.literal('sync') }), ack: z.object({}) }

describe('defineGameProtocol', () => {
  it('accepts a protocol whose snapshot event and resync command exist', () => {
    const protocol = defineGameProtocol({
      events,
      commands: { sync },
      snapshotEvent: 'snapshot',
      resync: { command: 'sync', request: { type: 'sync' } },
    })
    expect(protocol.resync?.command).toBe('sync')
  })

  it('refuses a missing snapshot event, a missing resync command and reserved names', () => {
    expect(() =>
      defineGameProtocol({ events, commands: {}, snapshotEvent: 'state' as 'snapshot' }),
    ).toThrow('[GameStream] snapshot event "state" is not in the protocol')
    expect(() =>
      defineGameProtocol({
        events,
        commands: { sync },
        snapshotEvent: 'snapshot',
        resync: { command: 'resend' as 'sync', request: { type: 'sync' } },
      }),
    ).toThrow('[GameStream] resync command "resend" is not in the protocol')
    expect(() =>
      defineGameProtocol({ events, commands: { time: sync }, snapshotEvent: 'snapshot' }),
    ).toThrow('[GameStream] command "time" is reserved by the stream')
  })
})

describe('ConnectionStore', () => {
  it('tells listeners about real changes only and keeps the state object between them', () => {
    const store = new ConnectionStore()
    let calls = 0
    const off = store.subscribe(() => (calls += 1))
    const before = store.getState()
    store.update({ status: 'connecting' })
    expect(calls).toBe(0)
    expect(store.getState()).toBe(before)
    store.update({ status: 'online', rttMs: 12 })
    expect(calls).toBe(1)
    expect(store.getState()).toEqual({ status: 'online', rttMs: 12, resyncing: false })
    off()
    store.update({ status: 'offline' })
    expect(calls).toBe(1)
  })
})

describe('newIdempotencyKey', () => {
  const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  it('makes distinct UUID v4 keys, also where randomUUID is missing (insecure context)', () => {
    const keys = new Set([newIdempotencyKey(), newIdempotencyKey()])
    expect(keys.size).toBe(2)
    for (const key of keys) expect(key).toMatch(uuidV4)
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) })
    try {
      const fallback = [newIdempotencyKey(), newIdempotencyKey()]
      expect(fallback[0]).toMatch(uuidV4)
      expect(fallback[0]).not.toBe(fallback[1])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
