import type { Currency } from '../../src/api/protocol'
import type { Db, Queryable } from '../db/db'
import { sqlConstraint } from '../db/db'
import { userBalances, type UserBalances } from './accounts'
import { LedgerError } from './errors'
import { refusalOf, requestHash } from './postings'
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

function checkAmount(amount: number, allowZero = false): void {
  if (!Number.isSafeInteger(amount) || amount < 0 || (!allowZero && amount === 0)) {
    throw new LedgerError('invalid_amount', `amount ${amount} is not a positive integer`)
  }
}

/**
 * The money API of the server: deposits, bonus grants, and the bet lifecycle games use
 * (hold the stake, then settle a win or loss, or refund). Every call takes an idempotency key,
 * runs in one serializable transaction retried on conflict, and is balanced and overdraft-free
 * by database constraint. Each movement is one SQL function call (migration 005), so a movement
 * costs one round trip inside its transaction instead of a dozen.
 */
export class Ledger {
  constructor(private readonly db: Db) {}

  /**
   * Runs one idempotent movement: `SELECT replayed, result FROM <fn>(key, hash, ...args)` in a
   * serializable transaction. The function answers the stored result for a known key (refusing
   * other parameters), else performs the movement and stores its result under the key.
   * `alsoDo` runs in the same transaction on the first execution only.
   */
  private run<R extends MoveResult>(
    fn: string,
    key: string,
    params: Record<string, unknown>,
    args: readonly unknown[],
    alsoDo?: (tx: Queryable, transactionId: number) => Promise<void>,
  ): Promise<R> {
    const hash = requestHash(params)
    const placeholders = args.map((_, i) => `$${i + 3}`).join(', ')
    const sql = `SELECT replayed, result FROM ${fn}($1, $2, ${placeholders})`
    return withRetry(async () => {
      try {
        return await this.db.transaction(async (tx) => {
          const rows = await tx.query<{ replayed: boolean; result: R }>(sql, [key, hash, ...args])
          const row = rows[0]
          if (!row) throw new Error(`[ledger] ${fn} returned no row`)
          if (!row.replayed) await alsoDo?.(tx, row.result.transactionId)
          return row.result
        })
      } catch (err) {
        const refusal = refusalOf(err)
        if (refusal) throw refusal
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
  ): Promise<MoveResult> {
    checkAmount(p.amount)
    return this.run(
      'ledger_deposit',
      p.key,
      { op: 'deposit', ...p },
      [p.userId, p.currency, p.amount],
      alsoDo,
    )
  }

  /** Credits bonus money: bonus pool → player's bonus account. */
  grantBonus(p: {
    userId: number
    currency: Currency
    amount: number
    key: string
  }): Promise<MoveResult> {
    checkAmount(p.amount)
    return this.run('ledger_grant_bonus', p.key, { op: 'bonus', ...p }, [
      p.userId,
      p.currency,
      p.amount,
    ])
  }

  /** Places a bet: its stake moves from the real account to the player's hold account. */
  hold(p: {
    userId: number
    currency: Currency
    amount: number
    key: string
    reference: string
  }): Promise<HoldResult> {
    checkAmount(p.amount)
    return this.run('ledger_hold', p.key, { op: 'hold', ...p }, [
      p.userId,
      p.currency,
      p.amount,
      p.reference,
    ])
  }

  /**
   * Closes an open bet. `payout` 0 is a loss (stake → house); a positive payout is a win
   * (stake → house, payout house → player). A hold closes once: a second close is `hold_closed`.
   */
  settle(p: { holdId: number; payout: number; key: string }): Promise<SettleResult> {
    checkAmount(p.payout, true)
    const status = p.payout > 0 ? 'won' : 'lost'
    return this.run('ledger_close', p.key, { op: 'settle', ...p }, [p.holdId, status, p.payout])
  }

  /** Cancels an open bet: the stake returns to the player's real account. */
  refund(p: { holdId: number; key: string }): Promise<SettleResult> {
    return this.run('ledger_close', p.key, { op: 'refund', ...p }, [p.holdId, 'refunded', 0])
  }

  /** A player's balances, read from the ledger. */
  balances(userId: number, currency: Currency): Promise<UserBalances> {
    return userBalances(this.db, userId, currency)
  }
}
