import type { Currency } from '../../contract'
import type { Queryable } from '../db/db'

/**
 * Kinds of ledger account. User accounts never go below zero; counterparties may. Accounts are
 * created on first use by the SQL function `ledger_account` (migration 005).
 */
export type AccountKind =
  'user_real' | 'user_bonus' | 'user_hold' | 'house' | 'payment_provider' | 'bonus_pool'

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
