import pg from 'pg'
import { LOCK_KEY_SQL, type SessionLocks } from './locks'

/**
 * The advisory locks of one process on a PostgreSQL server, on a connection of their own (not the
 * pool's: a pooled connection goes back to the pool, and a session lock would go with it). The
 * connection opens with the first lock asked for; when it drops, every lock is gone and the
 * listeners hear it, and the next `tryLock` opens a new one.
 */
export function pgSessionLocks(connectionString: string): SessionLocks {
  let client: Promise<pg.Client> | null = null
  const listeners = new Set<() => void>()
  const held = new Set<string>()
  const lost = (which: Promise<pg.Client>) => {
    // Only the connection in use counts: a late event of an old one changes nothing.
    if (client !== which) return
    client = null
    held.clear()
    for (const listener of [...listeners]) listener()
  }
  const connection = (): Promise<pg.Client> => {
    if (client) return client
    const opening = (async () => {
      const c = new pg.Client({ connectionString })
      c.on('error', () => lost(opening))
      c.on('end', () => lost(opening))
      await c.connect()
      return c
    })()
    client = opening
    opening.catch(() => lost(opening))
    return opening
  }
  return {
    async tryLock(name) {
      if (held.has(name)) return true
      const c = await connection()
      const rows = await c.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_lock(${LOCK_KEY_SQL}) AS ok`,
        [name],
      )
      if (rows.rows[0]?.ok) held.add(name)
      return held.has(name)
    },
    async unlock(name) {
      if (!held.delete(name) || !client) return
      const c = await client
      await c.query(`SELECT pg_advisory_unlock(${LOCK_KEY_SQL})`, [name])
    },
    onLost(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      const open = client
      client = null
      held.clear()
      listeners.clear()
      if (open) await (await open).end().catch(() => {})
    },
  }
}
