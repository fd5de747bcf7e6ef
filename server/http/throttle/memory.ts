import type { Counter, CounterStore } from './store'

/** Writes between two sweeps of expired counters. */
const SWEEP_EVERY = 1000

/**
 * The counters of one process, in a map. Every method runs to completion before another starts
 * (one event loop), which makes each as atomic as the interface asks. Expired counters are
 * swept every {@link SWEEP_EVERY} writes, so memory follows the live counters, which the
 * per-address rate limits bound; nothing live is ever evicted (an attacker flooding new keys
 * must not be able to wipe a victim's count).
 */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, Counter>()
  private writes = 0

  async increment(key: string, ttlMs: number, nowMs: number): Promise<Counter> {
    const live = this.live(key, nowMs)
    const next = live
      ? { value: live.value + 1, expiresAt: live.expiresAt }
      : { value: 1, expiresAt: nowMs + ttlMs }
    this.write(key, next, nowMs)
    return { ...next }
  }

  async get(key: string, nowMs: number): Promise<Counter | undefined> {
    const live = this.live(key, nowMs)
    return live && { ...live }
  }

  async expireAt(key: string, atMs: number, nowMs: number): Promise<void> {
    const live = this.live(key, nowMs)
    if (live) live.expiresAt = atMs
  }

  async claim(key: string, untilMs: number, nowMs: number): Promise<boolean> {
    if (this.live(key, nowMs)) return false
    this.write(key, { value: 1, expiresAt: untilMs }, nowMs)
    return true
  }

  async delete(key: string): Promise<void> {
    this.counters.delete(key)
  }

  async add(key: string, delta: number, nowMs: number): Promise<number> {
    const value = (this.live(key, nowMs)?.value ?? 0) + delta
    if (value <= 0) this.counters.delete(key)
    else this.write(key, { value, expiresAt: Infinity }, nowMs)
    return value
  }

  /** How many counters are held, expired or not (tests check the sweep). */
  get size(): number {
    return this.counters.size
  }

  private live(key: string, nowMs: number): Counter | undefined {
    const c = this.counters.get(key)
    if (c && c.expiresAt <= nowMs) {
      this.counters.delete(key)
      return undefined
    }
    return c
  }

  private write(key: string, c: Counter, nowMs: number) {
    this.counters.set(key, c)
    if (++this.writes % SWEEP_EVERY !== 0) return
    for (const [k, v] of this.counters) if (v.expiresAt <= nowMs) this.counters.delete(k)
  }
}
