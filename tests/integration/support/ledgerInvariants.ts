import fc from 'fast-check'
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

/** One step of a random ledger script: a movement, or a replay or misuse of an earlier key. */
export type LedgerOp =
  | { type: 'deposit'; user: number; amount: number }
  | { type: 'hold'; user: number; amount: number }
  | { type: 'settle'; hold: number; payout: number }
  | { type: 'refund'; hold: number }
  | { type: 'replay'; of: number }
  | { type: 'misuse'; of: number }

/**
 * Random ledger steps over `users` players, replaying or misusing any of the first `keys` keys.
 * Stakes reach past the deposits, so holds run players out of money.
 */
export function ledgerOp(users: number, keys: number): fc.Arbitrary<LedgerOp> {
  return fc.oneof(
    fc.record({
      type: fc.constant('deposit' as const),
      user: fc.nat(users - 1),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
    fc.record({
      type: fc.constant('hold' as const),
      user: fc.nat(users - 1),
      amount: fc.integer({ min: 1, max: 60_000 }),
    }),
    fc.record({
      type: fc.constant('settle' as const),
      hold: fc.nat(20),
      payout: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200_000 })),
    }),
    fc.record({ type: fc.constant('refund' as const), hold: fc.nat(20) }),
    fc.record({ type: fc.constant('replay' as const), of: fc.nat(keys) }),
    fc.record({ type: fc.constant('misuse' as const), of: fc.nat(keys) }),
  )
}
