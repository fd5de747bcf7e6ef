import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/db'
import { Ledger } from '../../server/ledger/ledger'
import { LedgerError } from '../../server/ledger/errors'
import { testDrivers } from './support/drivers'
import { checkInvariants, ledgerOp, newUsers } from './support/ledgerInvariants'

const opArb = ledgerOp(3, 40)

describe.each(testDrivers())('ledger properties on $name', (driver) => {
  let db: Db
  let close: () => Promise<void>
  let ledger: Ledger
  beforeAll(async () => {
    ;({ db, close } = await driver.open())
    ledger = new Ledger(db)
  }, 60_000)
  afterAll(async () => close?.())

  it('random concurrent deposits, holds, settlements and replays keep the books', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { maxLength: 6 }), { maxLength: 6 }),
        async (batches) => {
          const users = await newUsers(db, 3)
          const run = crypto.randomUUID()
          // Every key issued so far with its call, so replays and misuses can reuse it.
          const issued: {
            key: string
            call: () => Promise<unknown>
            misuse: () => Promise<unknown>
          }[] = []
          const firstResults = new Map<string, unknown>()
          const holdIds: number[] = []
          const replays: { key: string; result: Promise<unknown> }[] = []
          let n = 0
          for (const batch of batches) {
            // A batch runs concurrently: on PostgreSQL this provokes serialization failures.
            const pending = batch.map(async (op) => {
              const key = `${run}:${n++}`
              let call: () => Promise<unknown>
              let misuse: () => Promise<unknown>
              switch (op.type) {
                case 'deposit': {
                  const p = {
                    userId: users[op.user]!,
                    currency: 'RUB' as const,
                    amount: op.amount,
                    key,
                  }
                  call = () => ledger.deposit(p)
                  misuse = () => ledger.deposit({ ...p, amount: p.amount + 1 })
                  break
                }
                case 'hold': {
                  const p = {
                    userId: users[op.user]!,
                    currency: 'RUB' as const,
                    amount: op.amount,
                    key,
                    reference: 'prop',
                  }
                  call = () => ledger.hold(p)
                  misuse = () => ledger.hold({ ...p, amount: p.amount + 1 })
                  break
                }
                case 'settle': {
                  const holdId = holdIds[op.hold % Math.max(1, holdIds.length)] ?? -1
                  call = () => ledger.settle({ holdId, payout: op.payout, key })
                  misuse = () => ledger.settle({ holdId, payout: op.payout + 1, key })
                  break
                }
                case 'refund': {
                  const holdId = holdIds[op.hold % Math.max(1, holdIds.length)] ?? -1
                  call = () => ledger.refund({ holdId, key })
                  misuse = () => ledger.refund({ holdId: holdId + 1, key })
                  break
                }
                case 'replay': {
                  const prior = issued[op.of % Math.max(1, issued.length)]
                  if (prior && firstResults.has(prior.key))
                    replays.push({ key: prior.key, result: prior.call() })
                  return
                }
                case 'misuse': {
                  const prior = issued[op.of % Math.max(1, issued.length)]
                  if (prior && firstResults.has(prior.key)) {
                    await expect(prior.misuse()).rejects.toMatchObject({
                      code: 'idempotency_key_reused',
                    })
                  }
                  return
                }
                default:
                  throw new Error(`unknown op ${JSON.stringify(op satisfies never)}`)
              }
              try {
                const result = await call()
                firstResults.set(key, result)
                issued.push({ key, call, misuse })
                if (op.type === 'hold') holdIds.push((result as { holdId: number }).holdId)
              } catch (err) {
                // Refusals are expected (no funds, closed or unknown hold) and must be LedgerErrors.
                expect(err).toBeInstanceOf(LedgerError)
              }
            })
            await Promise.all(pending)
          }
          for (const r of replays) expect(await r.result).toEqual(firstResults.get(r.key))
          // A replay wrote nothing: one ledger transaction per successful key of this run.
          const written = await db.query<{ n: number }>(
            `SELECT COUNT(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1`,
            [`${run}:%`],
          )
          expect(written[0]!.n).toBe(firstResults.size)
          // Each user's money equals deposits minus lost stakes plus payouts.
          for (const userId of users) {
            const [money] = await db.query<{ total: number; expected: number }>(
              `SELECT
              (SELECT COALESCE(SUM(balance), 0) FROM ledger_accounts WHERE user_id = $1)::bigint AS total,
              ((SELECT COALESCE(SUM(p.amount), 0) FROM ledger_postings p
                 JOIN ledger_transactions t ON t.id = p.transaction_id
                 JOIN ledger_accounts a ON a.id = p.account_id
                WHERE t.kind = 'deposit' AND a.user_id = $1)
               + (SELECT COALESCE(SUM(payout - amount), 0) FROM ledger_holds
                   WHERE user_id = $1 AND status IN ('won', 'lost')))::bigint AS expected`,
              [userId],
            )
            expect(money!.total).toBe(money!.expected)
          }
          await checkInvariants(db)
        },
      ),
      { numRuns: 25, seed: 20261122 },
    )
  }, 120_000)

  it('the database refuses an unbalanced transaction, an overdraft and rewriting history', async () => {
    const [user] = await newUsers(db, 1)
    await ledger.deposit({ userId: user!, currency: 'RUB', amount: 500, key: `db-guard-${user}` })
    const account = (
      await db.query<{ id: number }>(
        `SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_real'`,
        [user],
      )
    )[0]!.id
    const unbalanced = db.transaction(async (tx) => {
      const t = await tx.query<{ id: number }>(
        `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash) VALUES ('x', $1, 'h') RETURNING id`,
        [`unbalanced-${user}`],
      )
      await tx.query(
        `INSERT INTO ledger_postings (transaction_id, account_id, currency, amount) VALUES ($1, $2, 'RUB', 10)`,
        [t[0]!.id, account],
      )
    })
    await expect(unbalanced).rejects.toThrow(/unbalanced/)
    // The movement functions write a transaction's postings with one statement (ledger_post),
    // checked as a whole by the statement trigger: an unbalanced set is refused, a balanced one
    // is accepted and moves the balance.
    const other = (
      await db.query<{ id: number }>(`SELECT ledger_account('house', NULL, 'RUB') AS id`)
    )[0]!.id
    const post = (key: string, amounts: number[]) =>
      db.transaction(async (tx) => {
        const t = await tx.query<{ id: number }>(
          `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash) VALUES ('x', $1, 'h') RETURNING id`,
          [key],
        )
        await tx.query(`SELECT ledger_post($1, 'RUB', $2::bigint[], $3::bigint[])`, [
          t[0]!.id,
          [account, other],
          amounts,
        ])
      })
    await expect(post(`post-unbalanced-${user}`, [10, -9])).rejects.toThrow(
      /transaction \d+ is unbalanced in RUB by 1/,
    )
    await post(`post-balanced-${user}`, [-10, 10])
    expect(await ledger.balances(user!, 'RUB')).toEqual({ real: 490, bonus: 0, held: 0 })
    await post(`post-back-${user}`, [10, -10])
    // References to ledger_transactions are checked at COMMIT (deferred, migration 005), but
    // still checked: balanced postings of a transaction that does not exist are refused.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`SELECT ledger_post(-1, 'RUB', $1::bigint[], ARRAY[-5, 5]::bigint[])`, [
          [account, other],
        ])
      }),
    ).rejects.toThrow(/ledger_postings_transaction_id_fkey/)
    expect(await ledger.balances(user!, 'RUB')).toEqual({ real: 500, bonus: 0, held: 0 })
    await expect(
      db.query(`UPDATE ledger_accounts SET balance = -1 WHERE id = $1`, [account]),
    ).rejects.toThrow(/ledger_accounts_no_overdraft/)
    await expect(
      db.query(`DELETE FROM ledger_postings WHERE account_id = $1`, [account]),
    ).rejects.toThrow(/append-only/)
    await expect(
      ledger.hold({
        userId: user!,
        currency: 'RUB',
        amount: 501,
        key: `over-${user}`,
        reference: 'x',
      }),
    ).rejects.toMatchObject({ code: 'balance_not_enough' })
    expect(await ledger.balances(user!, 'RUB')).toEqual({ real: 500, bonus: 0, held: 0 })
    // A bet settles once: a second settlement (another key) or a refund is refused.
    const bet = await ledger.hold({
      userId: user!,
      currency: 'RUB',
      amount: 200,
      key: `bet-${user}`,
      reference: 'x',
    })
    await ledger.hold({
      userId: user!,
      currency: 'RUB',
      amount: 300,
      key: `bet2-${user}`,
      reference: 'x',
    })
    await ledger.settle({ holdId: bet.holdId, payout: 400, key: `win-${user}` })
    await expect(
      ledger.settle({ holdId: bet.holdId, payout: 400, key: `win-again-${user}` }),
    ).rejects.toMatchObject({
      code: 'hold_closed',
    })
    await expect(
      ledger.refund({ holdId: bet.holdId, key: `refund-${user}` }),
    ).rejects.toMatchObject({
      code: 'hold_closed',
    })
    expect(await ledger.balances(user!, 'RUB')).toEqual({ real: 400, bonus: 0, held: 300 })
    await checkInvariants(db)
  })
})
