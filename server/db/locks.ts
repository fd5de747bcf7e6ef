/**
 * Session-level advisory locks: a lock held by a process as long as it lives. A live loop's
 * leader holds one (server/games/kit/live/leader.ts), so each loop runs in one process at a time
 * whatever number of processes share the database. On PostgreSQL the lock is the server's: a
 * process that dies (even by SIGKILL) drops its connection, and the server releases what it held.
 */

/** The advisory locks of one process: one connection of their own on PostgreSQL. */
export interface SessionLocks {
  /** Takes the lock named `name` if no other session holds it; true when this one holds it. */
  tryLock(name: string): Promise<boolean>
  /** Lets the lock go (a no-op for a lock not held). */
  unlock(name: string): Promise<void>
  /**
   * Calls `listener` when the locks' session is lost (its connection dropped): every lock it held
   * is gone, another process may hold them already. Returns the unsubscribe.
   */
  onLost(listener: () => void): () => void
  /** Lets every lock go and closes the session. */
  close(): Promise<void>
}

/**
 * The SQL of a lock taken by name: PostgreSQL keys advisory locks by a 64-bit number, so the name
 * is hashed by the server's own `hashtextextended` (PostgreSQL 11 and later) under a fixed seed of
 * this project's, keeping its keys apart from an operator's own locks on the same database.
 */
export const LOCK_KEY_SQL = 'hashtextextended($1, 20261128)'

/**
 * The locks of one embedded database: PGlite is one process's by construction, so a lock is
 * exclusive between the sessions of this process (two app instances on one database in a test),
 * kept here by name, per database.
 */
export function processLocks(held: Map<string, object>): () => SessionLocks {
  return () => {
    const me = {}
    const mine = new Set<string>()
    return {
      async tryLock(name) {
        const holder = held.get(name)
        if (holder && holder !== me) return false
        held.set(name, me)
        mine.add(name)
        return true
      },
      async unlock(name) {
        if (held.get(name) === me) held.delete(name)
        mine.delete(name)
      },
      onLost: () => () => {},
      async close() {
        for (const name of mine) if (held.get(name) === me) held.delete(name)
        mine.clear()
      },
    }
  }
}
