import { createHash } from 'node:crypto'
import type { Currency } from '../../src/api/protocol'
import type { Queryable } from '../db/db'
import { LedgerError } from './errors'

/** One leg of a ledger transaction: `amount` minor units into (positive) or out of an account. */
export interface Posting {
  accountId: number
  amount: number
}

/** Stable hash of a request's parameters, stored beside its idempotency key. */
export function requestHash(params: Record<string, unknown>): string {
  const keys = Object.keys(params).sort()
  const canonical = JSON.stringify(keys.map((k) => [k, params[k]]))
  return createHash('sha256').update(canonical).digest('hex')
}

/** The stored outcome of an idempotency key, if the key was used before. */
export async function findByKey<R>(
  tx: Queryable,
  key: string,
  hash: string,
): Promise<R | undefined> {
  const rows = await tx.query<{ request_hash: string; result: R }>(
    'SELECT request_hash, result FROM ledger_transactions WHERE idempotency_key = $1',
    [key],
  )
  const row = rows[0]
  if (!row) return undefined
  if (row.request_hash !== hash) {
    throw new LedgerError(
      'idempotency_key_reused',
      `idempotency key "${key}" was already used with other parameters`,
    )
  }
  return row.result
}

/**
 * Writes one balanced transaction: its row (holding the idempotency key) and its postings. The
 * sum per currency is checked here for a clear error, and again by the deferred constraint
 * trigger at COMMIT; overdrafts are refused by the accounts' CHECK.
 */
export async function writeTransaction(
  tx: Queryable,
  t: {
    kind: string
    key: string
    hash: string
    userId: number | null
    currency: Currency
    postings: readonly Posting[]
  },
): Promise<number> {
  const sum = t.postings.reduce((s, p) => s + p.amount, 0)
  if (sum !== 0) throw new Error(`[ledger] ${t.kind} postings sum to ${sum}, not 0`)
  if (t.postings.some((p) => !Number.isSafeInteger(p.amount) || p.amount === 0)) {
    throw new Error(`[ledger] ${t.kind} has a zero or non-integer posting`)
  }
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, user_id)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [t.kind, t.key, t.hash, t.userId],
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('[ledger] transaction insert returned no id')
  for (const p of t.postings) {
    await tx.query(
      'INSERT INTO ledger_postings (transaction_id, account_id, currency, amount) VALUES ($1, $2, $3, $4)',
      [id, p.accountId, t.currency, p.amount],
    )
  }
  return id
}

/** Stores the outcome returned to the caller, so a replay of the key answers the same. */
export async function storeResult(tx: Queryable, id: number, result: unknown): Promise<void> {
  await tx.query('UPDATE ledger_transactions SET result = $2::text::jsonb WHERE id = $1', [
    id,
    JSON.stringify(result),
  ])
}

/** Locks an account row and returns its balance, to refuse an overdraft with a clear error. */
export async function lockedBalance(tx: Queryable, accountId: number): Promise<number> {
  const rows = await tx.query<{ balance: number }>(
    'SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE',
    [accountId],
  )
  return rows[0]?.balance ?? 0
}
