import type { Currency } from '../../src/api/protocol'
import type { Db, Queryable } from '../db/db'
import { sqlConstraint } from '../db/db'
import { accountId, userBalances, type UserBalances } from './accounts'
import { LedgerError } from './errors'
import { findByKey, lockedBalance, requestHash, storeResult, writeTransaction } from './postings'
import { withRetry } from './retry'

/** Outcome of a money movement; a replay of its key returns the same object. */
export interface MoveResult {
  transactionId: number
  /** Balances right after this movement. */
  balances: UserBalances
}

/** Outcome of placing a bet hold. */
export interface HoldResult extends MoveResult {
  holdId: number
}

/** Outcome of closing a hold. */
export interface SettleResult extends MoveResult {
  holdId: number
  status: 'won' | 'lost' | 'refunded'
  payout: number
}

interface HoldRow {
  id: number
  user_id: number
  currency: Currency
  amount: number
  status: string
}

function checkAmount(amount: number, allowZero = false): void {
  if (!Number.isSafeInteger(amount) || amount < 0 || (!allowZero && amount === 0)) {
    throw new LedgerError('invalid_amount', `amount ${amount} is not a positive integer`)
  }
}

/**
 * The money API of the server: deposits, bonus grants, and the bet lifecycle games use
 * (hold the stake, then settle a win or loss, or refund). Every call takes an idempotency key,
 * runs in one serializable transaction retried on conflict, and is balanced and overdraft-free
 * by database constraint.
 */
export class Ledger {
  constructor(private readonly db: Db) {}

  /**
   * Runs one idempotent movement: answers the stored result for a known key (refusing other
   * parameters), else performs `body` and stores its result under the key.
   */
  private run<R extends MoveResult>(
    key: string,
    params: Record<string, unknown>,
    body: (tx: Queryable, hash: string) => Promise<R>,
  ): Promise<R> {
    const hash = requestHash(params)
    return withRetry(async () => {
      try {
        return await this.db.transaction(async (tx) => {
          const previous = await findByKey<R>(tx, key, hash)
          if (previous) return previous
          const result = await body(tx, hash)
          await storeResult(tx, result.transactionId, result)
          return result
        })
      } catch (err) {
        // The account CHECK is the last line of defence; surface it as the player-facing error.
        if (sqlConstraint(err) === 'ledger_accounts_no_overdraft') {
          throw new LedgerError('balance_not_enough', 'the account would overdraw')
        }
        throw err
      }
    })
  }

  /**
   * Credits a paid deposit: payment provider → player's real account. `alsoDo` runs in the same
   * transaction on the first execution only (e.g. marking the invoice paid), so both commit or
   * neither does.
   */
  deposit(
    p: { userId: number; currency: Currency; amount: number; key: string },
    alsoDo?: (tx: Queryable, transactionId: number) => Promise<void>,
  ) {
    checkAmount(p.amount)
    return this.run(p.key, { op: 'deposit', ...p }, async (tx, hash) => {
      const provider = await accountId(tx, 'payment_provider', null, p.currency)
      const real = await accountId(tx, 'user_real', p.userId, p.currency)
      const transactionId = await writeTransaction(tx, {
        kind: 'deposit',
        key: p.key,
        hash,
        userId: p.userId,
        currency: p.currency,
        postings: [
          { accountId: provider, amount: -p.amount },
          { accountId: real, amount: p.amount },
        ],
      })
      await alsoDo?.(tx, transactionId)
      return { transactionId, balances: await userBalances(tx, p.userId, p.currency) }
    })
  }

  /** Credits bonus money: bonus pool → player's bonus account. */
  grantBonus(p: { userId: number; currency: Currency; amount: number; key: string }) {
    checkAmount(p.amount)
    return this.run(p.key, { op: 'bonus', ...p }, async (tx, hash) => {
      const pool = await accountId(tx, 'bonus_pool', null, p.currency)
      const bonus = await accountId(tx, 'user_bonus', p.userId, p.currency)
      const transactionId = await writeTransaction(tx, {
        kind: 'bonus_grant',
        key: p.key,
        hash,
        userId: p.userId,
        currency: p.currency,
        postings: [
          { accountId: pool, amount: -p.amount },
          { accountId: bonus, amount: p.amount },
        ],
      })
      return { transactionId, balances: await userBalances(tx, p.userId, p.currency) }
    })
  }

  /** Places a bet: its stake moves from the real account to the player's hold account. */
  hold(p: { userId: number; currency: Currency; amount: number; key: string; reference: string }) {
    checkAmount(p.amount)
    return this.run<HoldResult>(p.key, { op: 'hold', ...p }, async (tx, hash) => {
      const real = await accountId(tx, 'user_real', p.userId, p.currency)
      const held = await accountId(tx, 'user_hold', p.userId, p.currency)
      if ((await lockedBalance(tx, real)) < p.amount) {
        throw new LedgerError('balance_not_enough', `user ${p.userId} cannot stake ${p.amount}`)
      }
      const transactionId = await writeTransaction(tx, {
        kind: 'hold',
        key: p.key,
        hash,
        userId: p.userId,
        currency: p.currency,
        postings: [
          { accountId: real, amount: -p.amount },
          { accountId: held, amount: p.amount },
        ],
      })
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO ledger_holds (user_id, currency, amount, reference, hold_transaction_id)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [p.userId, p.currency, p.amount, p.reference, transactionId],
      )
      const holdId = rows[0]?.id
      if (holdId === undefined) throw new Error('[ledger] hold insert returned no id')
      return { transactionId, holdId, balances: await userBalances(tx, p.userId, p.currency) }
    })
  }

  /**
   * Closes an open bet. `payout` 0 is a loss (stake → house); a positive payout is a win
   * (stake → house, payout house → player).
   */
  settle(p: { holdId: number; payout: number; key: string }) {
    checkAmount(p.payout, true)
    return this.close(
      p.key,
      { op: 'settle', ...p },
      p.holdId,
      p.payout > 0 ? 'won' : 'lost',
      p.payout,
    )
  }

  /** Cancels an open bet: the stake returns to the player's real account. */
  refund(p: { holdId: number; key: string }) {
    return this.close(p.key, { op: 'refund', ...p }, p.holdId, 'refunded', 0)
  }

  private close(
    key: string,
    params: Record<string, unknown>,
    holdId: number,
    status: SettleResult['status'],
    payout: number,
  ) {
    return this.run<SettleResult>(key, params, async (tx, hash) => {
      const rows = await tx.query<HoldRow>(
        'SELECT id, user_id, currency, amount, status FROM ledger_holds WHERE id = $1 FOR UPDATE',
        [holdId],
      )
      const hold = rows[0]
      if (!hold) throw new LedgerError('hold_not_found', `hold ${holdId} does not exist`)
      if (hold.status !== 'open') {
        throw new LedgerError('hold_closed', `hold ${holdId} is already ${hold.status}`)
      }
      const held = await accountId(tx, 'user_hold', hold.user_id, hold.currency)
      const real = await accountId(tx, 'user_real', hold.user_id, hold.currency)
      const postings =
        status === 'refunded'
          ? [
              { accountId: held, amount: -hold.amount },
              { accountId: real, amount: hold.amount },
            ]
          : await (async () => {
              const house = await accountId(tx, 'house', null, hold.currency)
              const legs = [
                { accountId: held, amount: -hold.amount },
                { accountId: house, amount: hold.amount },
              ]
              if (payout > 0) {
                legs.push(
                  { accountId: house, amount: -payout },
                  { accountId: real, amount: payout },
                )
              }
              return legs
            })()
      const transactionId = await writeTransaction(tx, {
        kind: status === 'refunded' ? 'refund' : 'settle',
        key,
        hash,
        userId: hold.user_id,
        currency: hold.currency,
        postings,
      })
      await tx.query(
        'UPDATE ledger_holds SET status = $2, payout = $3, close_transaction_id = $4 WHERE id = $1',
        [holdId, status, payout, transactionId],
      )
      return {
        transactionId,
        holdId,
        status,
        payout,
        balances: await userBalances(tx, hold.user_id, hold.currency),
      }
    })
  }

  /** A player's balances, read from the ledger. */
  balances(userId: number, currency: Currency): Promise<UserBalances> {
    return userBalances(this.db, userId, currency)
  }
}
