import { mkdir } from 'node:fs/promises'
import { PGlite, types } from '@electric-sql/pglite'
import { processLocks } from './locks'
import { parseInt8, serializableCallSql, type Db, type Queryable, type SqlScalar } from './db'

const parsers = { [types.INT8]: parseInt8 }

/**
 * Opens the embedded PGlite database at `dataDir` (`memory://` for a throwaway one). `loadDataDir`
 * starts it from a dump of another (`dumpDataDir`), skipping the cluster's initdb: the tests start
 * every throwaway database from one migrated dump (server/db/testDatabases.ts).
 */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Db> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true })
  return pgliteDb(await PGlite.create(dataDir, { parsers, loadDataDir }))
}

/** The locks taken on each open instance, by name (locks.ts): shared by every Db over it. */
const instanceLocks = new WeakMap<PGlite, Map<string, object>>()
const locksOf = (pg: PGlite): Map<string, object> => {
  let held = instanceLocks.get(pg)
  if (!held) instanceLocks.set(pg, (held = new Map()))
  return held
}

/** The {@link Db} over an open PGlite instance; closing it closes the instance. */
export function pgliteDb(pg: PGlite): Db {
  const asQueryable = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(sql, params as unknown[])
      return res.rows
    },
  })
  const root = asQueryable(pg)
  return {
    driver: 'pglite',
    query: root.query,
    async transaction(fn, options) {
      // PGlite is one connection guarded by a transaction mutex, so transactions never interleave;
      // the isolation level is still set so the SQL is the same as on a server.
      return pg.transaction(async (tx) => {
        const level = options?.isolation === 'read committed' ? 'READ COMMITTED' : 'SERIALIZABLE'
        await tx.query(`SET TRANSACTION ISOLATION LEVEL ${level}`)
        return fn(asQueryable(tx))
      })
    },
    async callSerializable<T>(fn: string, args: readonly SqlScalar[]) {
      // One exec, one pass through the engine; PGlite runs it under its transaction mutex.
      const results = await pg.exec(serializableCallSql(fn, args))
      return (results.at(-1)?.rows ?? []) as T[]
    },
    async exec(sql) {
      await pg.exec(sql)
    },
    sessionLocks: processLocks(locksOf(pg)),
    async close() {
      await pg.close()
    },
  }
}
