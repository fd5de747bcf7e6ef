/**
 * Every counter of the server (the per-address rate limits, the per-account log-in backoff, the
 * sockets' caps and command budgets) lives behind this one interface. The reference server keeps them in memory
 * ({@link MemoryCounterStore}); several processes behind a load balancer share them by an
 * implementation over Redis or PostgreSQL, where each method is one atomic command (noted below).
 *
 * Times are epoch milliseconds from the caller's clock (the server's injected `services.now`,
 * which tests move); a shared store may use its own server's clock instead.
 */
export interface CounterStore {
  /**
   * Adds one to the counter at `key` and returns it. A missing or expired counter starts at 1
   * and expires `ttlMs` after `nowMs`; a live one keeps its expiry, so a window is fixed from its
   * first count. (Redis: INCR, PEXPIRE NX, PTTL in one MULTI.)
   */
  increment(key: string, ttlMs: number, nowMs: number): Promise<Counter>
  /** The live counter at `key`, if any. (Redis: GET, PTTL.) */
  get(key: string, nowMs: number): Promise<Counter | undefined>
  /** Moves the expiry of the live counter at `key` to `atMs`. (Redis: PEXPIREAT XX.) */
  expireAt(key: string, atMs: number, nowMs: number): Promise<void>
  /**
   * Creates the counter at `key` with the value 1 until `untilMs`, unless a live one exists;
   * true when this call created it. One caller wins a race for it (Redis: SET NX PXAT).
   */
  claim(key: string, untilMs: number, nowMs: number): Promise<boolean>
  /** Forgets the counter at `key`. (Redis: DEL.) */
  delete(key: string): Promise<void>
  /**
   * Adds `delta` (negative to take away) to the gauge at `key` and returns its new value: a count
   * of things open now, such as sockets, with no expiry; a gauge at 0 or below is forgotten.
   * (Redis: INCRBY, then DEL when at most 0, in one script; a shared store also keys each
   * process's part apart, so the part of a process that died can be dropped.)
   */
  add(key: string, delta: number, nowMs: number): Promise<number>
}

/** A live counter: its value and when it expires (epoch ms). */
export interface Counter {
  value: number
  expiresAt: number
}
