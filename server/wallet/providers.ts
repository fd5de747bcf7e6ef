import type { WalletProviderConfig } from '../config'
import type { Db, Queryable } from '../db/db'

/**
 * Writes the configured providers into `wallet_providers` (their names and secrets as the setting
 * now says) and disables those the setting no longer names: their rows stay, since their
 * transactions point at them. Safe to run from several processes at once (each write is an upsert).
 */
export async function seedWalletProviders(
  db: Db,
  providers: readonly WalletProviderConfig[],
): Promise<void> {
  await db.transaction(
    async (tx) => {
      for (const p of providers) {
        await tx.query(
          `INSERT INTO wallet_providers (id, name, secret, enabled) VALUES ($1, $2, $3, true)
           ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, secret = EXCLUDED.secret,
             enabled = true`,
          [p.id, p.name, p.secret],
        )
      }
      await tx.query(
        'UPDATE wallet_providers SET enabled = false WHERE NOT (id = ANY($1::text[]))',
        [providers.map((p) => p.id)],
      )
    },
    { isolation: 'read committed' },
  )
}

/** The signing secret of an enabled provider, or null for an unknown or disabled one. */
export async function providerSecret(q: Queryable, providerId: string): Promise<string | null> {
  const rows = await q.query<{ secret: string }>(
    'SELECT secret FROM wallet_providers WHERE id = $1 AND enabled',
    [providerId],
  )
  return rows[0]?.secret ?? null
}
