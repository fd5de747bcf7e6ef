import type { Currency } from '../../src/api/protocol'
import type { Queryable } from '../db/db'

/** Kinds of ledger account. User accounts never go below zero; counterparties may. */
export type AccountKind =
  'user_real' | 'user_bonus' | 'user_hold' | 'house' | 'payment_provider' | 'bonus_pool'

const COUNTERPARTIES: ReadonlySet<AccountKind> = new Set([
  'house',
  'payment_provider',
  'bonus_pool',
])

/**
 * Returns the id of the account (kind, user, currency), creating it on first use. User accounts
 * are created with `allow_negative = false`, so the database refuses any overdraft.
 */
export async function accountId(
  tx: Queryable,
  kind: AccountKind,
  userId: number | null,
  currency: Currency,
): Promise<number> {
  // Two forms, because `IS NOT DISTINCT FROM` cannot use an index: a scan of the whole table would
  // take a relation-wide predicate lock and make every concurrent bet a serialization conflict.
  const find = () =>
    userId === null
      ? tx.query<{ id: number }>(
          'SELECT id FROM ledger_accounts WHERE kind = $1 AND user_id IS NULL AND currency = $2',
          [kind, currency],
        )
      : tx.query<{ id: number }>(
          'SELECT id FROM ledger_accounts WHERE kind = $1 AND user_id = $2 AND currency = $3',
          [kind, userId, currency],
        )
  const found = await find()
  if (found[0]) return found[0].id
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO ledger_accounts (kind, user_id, currency, allow_negative) VALUES ($1, $2, $3, $4)
     ON CONFLICT ON CONSTRAINT ledger_accounts_unique DO NOTHING RETURNING id`,
    [kind, userId, currency, COUNTERPARTIES.has(kind)],
  )
  if (inserted[0]) return inserted[0].id
  const again = await find()
  if (!again[0]) throw new Error(`[ledger] account ${kind}/${userId}/${currency} vanished`)
  return again[0].id
}

/** A player's balances in one currency, in minor units. */
export interface UserBalances {
  real: number
  bonus: number
  held: number
}

/** Reads a player's balances from the ledger accounts (zero for accounts not yet opened). */
export async function userBalances(
  q: Queryable,
  userId: number,
  currency: Currency,
): Promise<UserBalances> {
  const rows = await q.query<{ kind: AccountKind; balance: number }>(
    'SELECT kind, balance FROM ledger_accounts WHERE user_id = $1 AND currency = $2',
    [userId, currency],
  )
  const of = (kind: AccountKind) => rows.find((r) => r.kind === kind)?.balance ?? 0
  return { real: of('user_real'), bonus: of('user_bonus'), held: of('user_hold') }
}
