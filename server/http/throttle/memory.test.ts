import { describe, expect, it } from 'vitest'
import { MemoryCounterStore } from './memory'
import { rateLimitStore } from './rateLimitStore'

describe('MemoryCounterStore', () => {
  it('counts in a window fixed at the first count, then starts over', async () => {
    const store = new MemoryCounterStore()
    expect(await store.increment('k', 1000, 0)).toEqual({ value: 1, expiresAt: 1000 })
    expect(await store.increment('k', 1000, 400)).toEqual({ value: 2, expiresAt: 1000 })
    expect(await store.get('k', 999)).toEqual({ value: 2, expiresAt: 1000 })
    expect(await store.get('k', 1000)).toBeUndefined()
    expect(await store.increment('k', 1000, 1000)).toEqual({ value: 1, expiresAt: 2000 })
  })

  it('moves an expiry, lets one claim win, and forgets on delete', async () => {
    const store = new MemoryCounterStore()
    await store.increment('k', 1000, 0)
    await store.expireAt('k', 5000, 10)
    expect((await store.get('k', 4999))?.expiresAt).toBe(5000)
    // Moving a counter that is gone creates nothing.
    await store.expireAt('gone', 5000, 10)
    expect(await store.get('gone', 10)).toBeUndefined()
    expect(await store.claim('lock', 100, 0)).toBe(true)
    expect(await store.claim('lock', 200, 50)).toBe(false)
    expect(await store.claim('lock', 200, 100)).toBe(true)
    await store.delete('lock')
    expect(await store.get('lock', 101)).toBeUndefined()
  })

  it('sweeps expired counters as it writes, never live ones', async () => {
    const store = new MemoryCounterStore()
    await store.increment('live', 1_000_000, 0)
    for (let i = 0; i < 2000; i++) await store.increment(`k${i}`, 10, i)
    expect(store.size).toBeLessThan(1100)
    expect(await store.get('live', 2000)).toEqual({ value: 1, expiresAt: 1_000_000 })
  })

  it('keeps a gauge, never expiring, until it falls to 0', async () => {
    const store = new MemoryCounterStore()
    expect(await store.add('open', 1, 0)).toBe(1)
    expect(await store.add('open', 1, 0)).toBe(2)
    for (let i = 0; i < 2000; i++) await store.increment(`k${i}`, 10, 1e12 + i)
    expect(await store.add('open', -1, 2e12)).toBe(1)
    expect(await store.add('open', -1, 2e12)).toBe(0)
    expect(await store.get('open', 2e12)).toBeUndefined()
    expect(store.size).toBeLessThan(1100)
  })
})

describe('rateLimitStore', () => {
  it("counts @fastify/rate-limit's hits per route on the given clock", async () => {
    const counters = new MemoryCounterStore()
    let now = 0
    const Store = rateLimitStore(counters, () => new Date(now))
    const root = new Store({})
    const login = root.child({ routeInfo: { method: 'POST', url: '/login' } } as never)
    const codes = root.child({ routeInfo: { method: 'POST', url: '/codes' } } as never)
    const incr = (store: typeof login) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr('127.0.0.1', (err, res) => (err ? reject(err) : resolve(res!)), 60_000, 10),
      )
    expect(await incr(login)).toEqual({ current: 1, ttl: 60_000 })
    now = 15_000
    expect(await incr(login)).toEqual({ current: 2, ttl: 45_000 })
    expect(await incr(codes)).toEqual({ current: 1, ttl: 60_000 })
    now = 60_000
    expect(await incr(login)).toEqual({ current: 1, ttl: 60_000 })
    expect(await counters.get('rate:POST /login:127.0.0.1', now)).toEqual({
      value: 1,
      expiresAt: 120_000,
    })
  })
})
