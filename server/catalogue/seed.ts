import type { Db } from '../db/db'
import { demoCatalogue, SANDBOX_GAMES, SANDBOX_PROVIDER, titleKey } from './demoCatalogue'

/**
 * Writes the sandbox provider's games and the fictitious demo catalogue (demoCatalogue.ts),
 * called by the demo seed (db/seed.ts). Inserts only rows whose id is missing and never updates
 * one, so a second run changes nothing and a row an operator changed (its popularity, a picture)
 * keeps the change. Two statements in one transaction; returns how many games were new.
 */
export async function seedCatalogue(db: Db): Promise<number> {
  const demo = demoCatalogue()
  const providers = [SANDBOX_PROVIDER, ...demo.providers].map((p) => ({
    id: p.id,
    name: p.name,
    is_demo_data: p.isDemoData,
  }))
  const games = [...SANDBOX_GAMES, ...demo.games].map((g) => ({
    id: g.id,
    provider_id: g.providerId,
    title: g.title,
    title_key: titleKey(g.title),
    kind: g.kind,
    // A comma list split in SQL: JSON arrays into text[] read differently across versions.
    categories: g.categories.join(','),
    released_at: g.releasedAt,
    popularity: g.popularity,
    has_demo: g.hasDemo,
    provider_game_code: g.providerGameCode,
    is_demo_data: g.isDemoData,
  }))
  // Read committed: two servers starting together both insert-or-skip instead of one failing
  // a serializable check.
  return db.transaction(
    async (tx) => {
      await tx.query(
        `INSERT INTO catalogue_providers (id, name, is_demo_data)
         SELECT id, name, is_demo_data
         FROM json_to_recordset($1::text::json) AS p(id text, name text, is_demo_data boolean)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(providers)],
      )
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO catalogue_games (id, provider_id, title, title_key, kind, categories,
           released_at, popularity, has_demo, provider_game_code, is_demo_data)
         SELECT id, provider_id, title, title_key, kind,
           CASE WHEN categories = '' THEN '{}'::text[] ELSE string_to_array(categories, ',') END,
           released_at::date, popularity, has_demo, provider_game_code, is_demo_data
         FROM json_to_recordset($1::text::json) AS g(id text, provider_id text, title text,
           title_key text, kind text, categories text, released_at text, popularity int,
           has_demo boolean, provider_game_code text, is_demo_data boolean)
         ON CONFLICT DO NOTHING
         RETURNING id`,
        [JSON.stringify(games)],
      )
      return inserted.length
    },
    { isolation: 'read committed' },
  )
}
