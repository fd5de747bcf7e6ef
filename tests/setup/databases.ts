import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { findPgBin, startPgTestServer } from '../../scripts/pg-test-server'
import { migrate } from '../../server/db/migrate'
import { openPg } from '../../server/db/pg'
import { pgliteDb } from '../../server/db/pglite'
import { TEST_DB_ENV, databaseUrl } from '../../server/db/testDatabases'

const TEMPLATE = 'tessera_template'

/**
 * The node project's global setup (vitest.config.ts): one migrated PGlite dump and one PostgreSQL
 * server with a migrated template database per run, which server/db/testDatabases.ts copies for
 * each test's database. Workers start after this and inherit the environment it sets.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'tessera-test-dbs-'))
  const pg = await PGlite.create('memory://')
  await migrate(pgliteDb(pg))
  const dump = join(folder, 'migrated.tar')
  await writeFile(dump, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()))
  await pg.close()
  process.env[TEST_DB_ENV.pgliteDump] = dump

  // Without PostgreSQL's binaries tests/integration/support/drivers.ts says so loudly.
  const server = findPgBin() ? await startPgTestServer() : null
  if (server) {
    const admin = await openPg(server.url)
    await admin.exec(`CREATE DATABASE ${TEMPLATE}`)
    await admin.close()
    const template = await openPg(databaseUrl(server.url, TEMPLATE))
    await migrate(template)
    // A template is copied only while nobody is connected to it.
    await template.close()
    process.env[TEST_DB_ENV.pgAdminUrl] = server.url
    process.env[TEST_DB_ENV.pgTemplate] = TEMPLATE
  }
  return async () => {
    await server?.stop()
    await rm(folder, { recursive: true, force: true })
  }
}
