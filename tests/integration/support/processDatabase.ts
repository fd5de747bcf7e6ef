import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startPgTestServer, type PgTestServer } from '../../../scripts/pg-test-server'
import type { Db } from '../../../server/db/db'
import { openPg } from '../../../server/db/pg'
import { openPglite } from '../../../server/db/pglite'
import {
  TEST_DB_ENV,
  createTestPgDatabase,
  dropTestPgDatabase,
} from '../../../server/db/testDatabases'

/** A database a server process runs on; `open` is the test's own connection to it. */
export interface ProcessDatabase {
  env: Record<string, string>
  open(): Promise<Db>
  stop(): Promise<void>
}

/**
 * The database of a test's server processes in `folder`: PGlite on a data directory there, or a
 * PostgreSQL database of its own. Migrated when the run's global setup ran; the caller migrates
 * it anyway, which is then a no-op.
 */
export async function processDatabase(
  driver: 'pglite' | 'postgresql',
  folder: string,
): Promise<ProcessDatabase> {
  if (driver === 'pglite') {
    // PGlite is one process's: the test opens it only while no server does.
    const dataDir = join(folder, 'pglite')
    // The first open lays the data directory down from the run's migrated dump, when the global
    // setup made one (tests/setup/databases.ts): an initdb and the migrations cost seconds more.
    const dump = process.env[TEST_DB_ENV.pgliteDump]
    let laid = !dump
    const open = async () => {
      if (laid) return openPglite(dataDir)
      laid = true
      return openPglite(dataDir, new Blob([await readFile(dump!)]))
    }
    return { env: { DATA_DIR: dataDir }, open, stop: async () => {} }
  }
  // A copy of the run's migrated template (tests/setup/databases.ts), else a server of its own.
  const url = await createTestPgDatabase()
  if (url) {
    return {
      env: { DATABASE_URL: url },
      open: () => openPg(url),
      stop: () => dropTestPgDatabase(url),
    }
  }
  const server: PgTestServer = await startPgTestServer()
  return { env: { DATABASE_URL: server.url }, open: () => openPg(server.url), stop: server.stop }
}
