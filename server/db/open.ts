import type { Db } from './db'
import { openPg } from './pg'
import { openPglite } from './pglite'

/** Opens PostgreSQL when `databaseUrl` is set, else the embedded PGlite database at `dataDir`. */
export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return opts.databaseUrl ? openPg(opts.databaseUrl) : openPglite(opts.dataDir)
}
