import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from './db'
import { openTestPgDatabase, openTestPglite } from './testDatabases'

describe('advisory locks on PGlite (one process: exclusive between its sessions)', () => {
  let db: Db
  beforeAll(async () => {
    db = await openTestPglite()
  }, 60_000)
  afterAll(async () => db.close())

  it('gives a lock to one session until it lets go or closes', async () => {
    const [a, b] = [db.sessionLocks(), db.sessionLocks()]
    expect(await a.tryLock('live:test')).toBe(true)
    expect(await a.tryLock('live:test')).toBe(true)
    expect(await b.tryLock('live:test')).toBe(false)
    expect(await b.tryLock('live:other')).toBe(true)
    await a.unlock('live:test')
    expect(await b.tryLock('live:test')).toBe(true)
    await b.close()
    expect(await a.tryLock('live:test')).toBe(true)
    expect(await a.tryLock('live:other')).toBe(true)
    await a.close()
  })
})

const pg = await openTestPgDatabase()

describe.skipIf(!pg)('advisory locks on PostgreSQL (a connection of their own)', () => {
  afterAll(async () => pg?.db.close())

  it('gives a lock to one session; a dropped connection loses it to another', async () => {
    const db = pg!.db
    const [a, b] = [db.sessionLocks(), db.sessionLocks()]
    const lost = new Promise<void>((resolve) => a.onLost(resolve))
    expect(await a.tryLock('live:test')).toBe(true)
    expect(await b.tryLock('live:test')).toBe(false)
    // The pool's connections hold nothing: the lock is the session's, not a query's.
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
    expect(await b.tryLock('live:test')).toBe(false)

    // A's connection dies as a killed process's does: the server lets its lock go.
    const [holder] = await db.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted",
    )
    await db.query('SELECT pg_terminate_backend($1)', [holder!.pid])
    await lost
    expect(await b.tryLock('live:test')).toBe(true)
    // A asks again on a new connection, and waits its turn.
    expect(await a.tryLock('live:test')).toBe(false)
    await b.unlock('live:test')
    expect(await a.tryLock('live:test')).toBe(true)
    await Promise.all([a.close(), b.close()])
  })
})
