import { findPgBin, startPgTestServer } from '../../../scripts/pg-test-server'
import type { Db } from '../../../server/db/db'
import { migrate } from '../../../server/db/migrate'
import { openPg } from '../../../server/db/pg'
import {
  dropTestPgDatabase,
  openTestPgDatabase,
  openTestPglite,
} from '../../../server/db/testDatabases'

/** A database the integration suite runs against, opened fresh and migrated. */
export interface TestDriver {
  name: 'pglite' | 'postgresql'
  open(): Promise<{ db: Db; close(): Promise<void> }>
}

const pglite: TestDriver = {
  name: 'pglite',
  async open() {
    const db = await openTestPglite()
    return { db, close: () => db.close() }
  },
}

const postgresql: TestDriver = {
  name: 'postgresql',
  async open() {
    // A copy of the run's migrated template on its shared server (tests/setup/databases.ts).
    const shared = await openTestPgDatabase()
    if (shared) {
      return {
        db: shared.db,
        async close() {
          await shared.db.close()
          await dropTestPgDatabase(shared.url)
        },
      }
    }
    const server = await startPgTestServer()
    const db = await openPg(server.url)
    await migrate(db)
    return {
      db,
      async close() {
        await db.close()
        await server.stop()
      },
    }
  },
}

/**
 * The drivers to run the suite on: PGlite always, PostgreSQL when its binaries are installed
 * (Debian's `postgresql`; `.ci/run` installs it). A missing server is reported loudly, never
 * silently passed. TESSERA_TEST_DRIVERS=pglite limits the run, e.g. for a quick local loop.
 */
export function testDrivers(): TestDriver[] {
  const only = process.env.TESSERA_TEST_DRIVERS?.split(',')
  const drivers: TestDriver[] = [pglite]
  if (findPgBin()) drivers.push(postgresql)
  else {
    console.warn(
      '\n!!! PostgreSQL binaries not found under /usr/lib/postgresql: the PostgreSQL run of the ' +
        'integration suite is SKIPPED. Install Debian package `postgresql` to run it. !!!\n',
    )
  }
  return only ? drivers.filter((d) => only.includes(d.name)) : drivers
}
