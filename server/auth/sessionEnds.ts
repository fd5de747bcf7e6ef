/**
 * Where ended sessions are announced. HTTP needs no announcement (every request looks its token
 * up), but a game socket authenticates once, at its handshake, and stays open: it must hear that
 * its session ended to close with it. `Sessions` publishes every end it writes (log-out,
 * revocation, password change or reset, a reused refresh token); the realtime layer subscribes.
 */

/** One ended session. */
export interface SessionEnd {
  sessionId: number
  userId: number
}

/**
 * The announcement channel. The reference server runs one process and keeps it in memory
 * ({@link MemorySessionEnds}); several processes share it by an implementation over a broadcast
 * (Redis pub/sub, PostgreSQL LISTEN/NOTIFY) where `publish` reaches every process's subscribers.
 * Expiry (idle, absolute) is not announced: every holder of a session knows its deadline.
 */
export interface SessionEnds {
  /** Tells every subscriber that these sessions ended (their rows are already written). */
  publish(ends: readonly SessionEnd[]): void
  /** Hears every published end from now on; returns the unsubscribe. */
  subscribe(listener: (ends: readonly SessionEnd[]) => void): () => void
}

/** The announcements of one process: subscribers are called synchronously, in order. */
export class MemorySessionEnds implements SessionEnds {
  private readonly listeners = new Set<(ends: readonly SessionEnd[]) => void>()

  publish(ends: readonly SessionEnd[]): void {
    if (ends.length === 0) return
    for (const listener of [...this.listeners]) listener(ends)
  }

  subscribe(listener: (ends: readonly SessionEnd[]) => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
}
