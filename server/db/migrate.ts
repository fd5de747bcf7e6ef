import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Db } from './db'

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url))

/**
 * Applies pending `migrations/NNN_name.sql` files in order, each in its own transaction, and
 * records them in `schema_migrations`. An advisory lock keeps two servers from migrating at once.
 * Returns the names applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`)
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
  files.sort()
  const applied: string[] = []
  for (const file of files) {
    const sql = await readFile(migrationsDir + file, 'utf8')
    const done = await db.transaction(
      async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(7345001)')
        const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file])
        if (seen.length > 0) return false
        for (const statement of splitStatements(sql)) await tx.query(statement)
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
        return true
      },
      { isolation: 'read committed' },
    )
    if (done) applied.push(file)
  }
  return applied
}

/**
 * Splits a migration into statements at `;` line ends, keeping `$$ ... $$` function bodies whole
 * (a prepared query takes one statement at a time).
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = []
  let current = ''
  let inDollar = false
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue
    current += line + '\n'
    const dollars = line.match(/\$\$/g)?.length ?? 0
    if (dollars % 2 === 1) inDollar = !inDollar
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim())
      current = ''
    }
  }
  if (current.trim() !== '') out.push(current.trim())
  return out
}
