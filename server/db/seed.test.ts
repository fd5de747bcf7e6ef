import { afterAll, describe, expect, it } from 'vitest'
import { Ledger } from '../ledger/ledger'
import { openPg } from './pg'
import { DEMO, seedDemo } from './seed'
import { dropTestPgDatabase, openTestPgDatabase } from './testDatabases'

/** The cheapest password hashing the config allows: the seed hashes the demo passwords. */
const SCRYPT_N = 1024

const pg = await openTestPgDatabase()

describe.skipIf(!pg)('the demo seed on PostgreSQL', () => {
  afterAll(async () => {
    await pg?.db.close()
    if (pg) await dropTestPgDatabase(pg.url)
  })

  it('seeds once when two processes start on one empty database at the same moment', async () => {
    // A second pool on the same database, as a second server process has.
    const other = await openPg(pg!.url)
    try {
      const now = new Date('2026-11-28T12:00:00Z')
      const seeded = await Promise.all(
        [pg!.db, other].map((db) => seedDemo(db, new Ledger(db), SCRYPT_N, now)),
      )
      // Both returned (neither failed on the other's rows); one of them wrote the data.
      expect(seeded.filter(Boolean)).toHaveLength(1)
      const users = await pg!.db.query('SELECT 1 FROM users WHERE email = $1', [DEMO.email])
      expect(users).toHaveLength(1)
      const cases = await pg!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cases')
      expect(cases[0]!.n).toBeGreaterThan(0)
    } finally {
      await other.close()
    }
  })
})
