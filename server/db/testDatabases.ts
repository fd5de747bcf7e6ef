import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Db } from './db'
import { migrate } from './migrate'
import { openPg } from './pg'
import { openPglite } from './pglite'

/**
 * Throwaway migrated databases for tests, made fast. A fresh PGlite cluster costs seconds (its
 * initdb), a fresh PostgreSQL cluster one or two; the node project's global setup
 * (tests/setup/databases.ts) pays each once per run: a migrated PGlite dump on disk, and one
 * PostgreSQL server with a migrated template database. Each test's database then starts from
 * those (`loadDataDir`; `CREATE DATABASE ... TEMPLATE`). Outside that setup (a script, a single
 * file run some other way) each helper makes its database from scratch, as before.
 */

/** Environment keys the global setup fills. */
export const TEST_DB_ENV = {
  /** Path of the migrated PGlite dump (an uncompressed data-directory tarball). */
  pgliteDump: 'TESSERA_TEST_PGLITE_DUMP',
  /** URL of the shared PostgreSQL server's maintenance database. */
  pgAdminUrl: 'TESSERA_TEST_PG_URL',
  /** The migrated database each test database is copied from. */
  pgTemplate: 'TESSERA_TEST_PG_TEMPLATE',
} as const

/** A fresh, migrated in-memory PGlite database. */
export async function openTestPglite(): Promise<Db> {
  const dump = process.env[TEST_DB_ENV.pgliteDump]
  if (dump) return openPglite('memory://', new Blob([await readFile(dump)]))
  const db = await openPglite('memory://')
  await migrate(db)
  return db
}

/**
 * The URL of a fresh, migrated database on the shared PostgreSQL server, or null when the global
 * setup started none (the caller then starts its own server). For a server process the test
 * starts, which connects by itself; {@link dropTestPgDatabase} removes it.
 */
export async function createTestPgDatabase(): Promise<string | null> {
  const adminUrl = process.env[TEST_DB_ENV.pgAdminUrl]
  const template = process.env[TEST_DB_ENV.pgTemplate]
  if (!adminUrl || !template) return null
  const name = `test_${randomUUID().replaceAll('-', '')}`
  const admin = await openPg(adminUrl)
  try {
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  } finally {
    await admin.close()
  }
  return databaseUrl(adminUrl, name)
}

/** {@link createTestPgDatabase}, connected; null without the shared server. */
export async function openTestPgDatabase(): Promise<{ db: Db; url: string } | null> {
  const url = await createTestPgDatabase()
  return url ? { db: await openPg(url), url } : null
}

/** Drops a database {@link createTestPgDatabase} (or {@link openTestPgDatabase}) made, once nothing is connected to it. */
export async function dropTestPgDatabase(url: string): Promise<void> {
  const adminUrl = process.env[TEST_DB_ENV.pgAdminUrl]
  if (!adminUrl) return
  const admin = await openPg(adminUrl)
  try {
    await admin.exec(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`)
  } finally {
    await admin.close()
  }
}

/** `url` with its database name replaced by `name` (host and options kept). */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}
