import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'

/** Inserts `n` fresh players; returns their ids. */
export async function newUsers(db: Db, n: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (email, register_method) VALUES ($1, 'email') RETURNING id`,
      [`prop-${crypto.randomUUID()}@test`],
    )
    ids.push(rows[0]!.id)
  }
  return ids
}

/** Ledger-wide invariants that must hold after any history. */
export async function checkInvariants(db: Db) {
  const unbalanced = await db.query(
    `SELECT transaction_id, currency, SUM(amount) FROM ledger_postings
     GROUP BY transaction_id, currency HAVING SUM(amount) <> 0`,
  )
  expect(unbalanced).toEqual([])
  const negative = await db.query(
    `SELECT id, balance FROM ledger_accounts WHERE kind LIKE 'user_%' AND balance < 0`,
  )
  expect(negative).toEqual([])
  const drift = await db.query(
    `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
     WHERE NOT a.allow_negative
     GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(p.amount), 0)`,
  )
  expect(drift).toEqual([])
  // Counterparties keep no stored balance (it would be a hot row); theirs is the postings' sum.
  const stored = await db.query(
    `SELECT id FROM ledger_accounts WHERE allow_negative AND balance <> 0`,
  )
  expect(stored).toEqual([])
  const everything = await db.query<{ total: number | null }>(
    `SELECT SUM(balance)::bigint AS total FROM ledger_balances`,
  )
  expect(everything[0]?.total ?? 0).toBe(0)
  // Money on hold is exactly the stakes of the open bets.
  const holds = await db.query(
    `SELECT a.user_id FROM ledger_accounts a WHERE a.kind = 'user_hold' AND a.balance <>
       (SELECT COALESCE(SUM(h.amount), 0) FROM ledger_holds h
         WHERE h.user_id = a.user_id AND h.currency = a.currency AND h.status = 'open')`,
  )
  expect(holds).toEqual([])
}
