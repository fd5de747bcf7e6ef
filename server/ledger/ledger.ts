import type { Currency } from '../../contract'
import type { Db, Queryable, SqlScalar } from '../db/db'
import { sqlConstraint } from '../db/db'
import { userBalances, type UserBalances } from './accounts'
import { LedgerError } from './errors'
import { refusalOf, requestHash } from './postings'
import { Gate } from './gate'
import { withRetry } from './retry'
import { GroupCommit, type BatchMove, type BatchRow } from './groupCommit'

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

/**
 * An instant bet as its one movement writes it (migrations 013 and 016, `instant_bet`): the stake
 * and the payout, the bet's row, and the nonce of the seed pair it was drawn from.
 */
export interface InstantBetMove {
  /** The bet's id (its row's primary key). */
  id: string
  game: string
  userId: number
  /** The player's idempotency key: with the game and the player, the ledger key. */
  key: string
  /** Public name, for the row. */
  player: string
  currency: Currency
  amount: number
  payout: number
  params: unknown
  outcome: unknown
  /** payout / amount in ten-thousandths. */
  multiplier: number
  /** The seed pair and the nonce the outcome was drawn from; claimed by the movement. */
  pairId: number
  nonce: number
  /**
   * The client seed the outcome was drawn with: the pair must still hold it (else `nonce_stale`),
   * and the bet's row keeps it, so a later change of the pair's client seed leaves its proof whole.
   */
  clientSeed: string
  /** Epoch ms. */
  at: number
}

/** Outcome of an instant bet: its id (the first bet's on a replay) and the balances after it. */
export interface InstantBetResult extends MoveResult {
  betId: string
}

/** The row every movement function answers. */
interface Outcome<R> {
  replayed: boolean
  result: R
}

function firstRow<R>(fn: string, rows: Outcome<R>[]): Outcome<R> {
  const row = rows[0]
  if (!row) throw new Error(`[ledger] ${fn} returned no row`)
  return row
}

function checkAmount(amount: number, allowZero = false): void {
  if (!Number.isSafeInteger(amount) || amount < 0 || (!allowZero && amount === 0)) {
    throw new LedgerError('invalid_amount', `amount ${amount} is not a positive integer`)
  }
}

/** Options of {@link Ledger}. */
export interface LedgerOptions {
  /**
   * Most movements running alone (those with extra work, `alsoDo`, or all of them with group
   * commit off) in the database at once; the rest wait their turn in the server. Default {@link DEFAULT_CONCURRENCY} on PostgreSQL; PGlite runs one
   * transaction at a time anyway.
   */
  concurrency?: number
  /**
   * Group commit: movements without extra work go to the database in batches, one transaction
   * per batch (see {@link GroupCommit}). Default true; false runs one transaction per movement.
   */
  groupCommit?: boolean
  /** Batches applied at once. Default {@link DEFAULT_BATCHES_IN_FLIGHT}; 1 on PGlite. */
  batchesInFlight?: number
}

/**
 * Default concurrency on PostgreSQL, measured with `npm run bench -- ledger` on 2 cores: more
 * concurrent serializable movements than the database can run at once only overlap, and overlap
 * is what SERIALIZABLE turns into failures and retries (see docs/api.md "Ledger").
 */
export const DEFAULT_CONCURRENCY = 4

/**
 * Default batches in flight on PostgreSQL: one writer, whose batches never conflict with each
 * other; two measured no faster on 2 cores and retried whole batches (docs/api.md "Ledger").
 */
export const DEFAULT_BATCHES_IN_FLIGHT = 1

/** The batch function's name for each movement function. */
const BATCH_NAME = {
  ledger_hold: 'hold',
  ledger_close: 'close',
  ledger_deposit: 'deposit',
  ledger_grant_bonus: 'bonus',
  instant_bet: 'instant',
} as const satisfies Record<string, BatchMove['f']>

/**
 * The money API of the server: deposits, bonus grants, and the bet lifecycle games use
 * (hold the stake, then settle a win or loss, or refund). Every call takes an idempotency key,
 * runs in a serializable transaction retried on conflict, and is balanced and overdraft-free
 * by database constraint. Each movement is one SQL function call (migrations 005, 006); movements
 * are group-committed: those queued while a batch runs go together as the next batch, one
 * transaction with each movement in its own subtransaction (migration 011), so a refusal refuses
 * only its own movement.
 */
export class Ledger {
  private readonly gate: Gate
  private readonly writer: GroupCommit | undefined

  constructor(
    private readonly db: Db,
    options: LedgerOptions = {},
  ) {
    this.gate = new Gate(
      options.concurrency ?? (db.driver === 'pg' ? DEFAULT_CONCURRENCY : Number.POSITIVE_INFINITY),
    )
    this.writer =
      options.groupCommit === false
        ? undefined
        : new GroupCommit(
            (moves) => db.callSerializable<BatchRow>('ledger_apply_batch', [JSON.stringify(moves)]),
            options.batchesInFlight ?? (db.driver === 'pg' ? DEFAULT_BATCHES_IN_FLIGHT : 1),
            (movements) => (this.retries += movements),
          )
  }

  /**
   * Movements retried so far (serialization failures, deadlocks, lost key races; a retried batch
   * counts each movement in it): a health figure.
   */
  retries = 0

  /** Group commit's batches committed so far and the movements they carried (zero when off). */
  batchStats(): { batches: number; movements: number } {
    return { ...(this.writer?.stats ?? { batches: 0, movements: 0 }) }
  }

  /**
   * Runs one idempotent movement: `SELECT replayed, result FROM <fn>(key, hash, ...args)` in a
   * serializable transaction. The function answers the stored result for a known key (refusing
   * other parameters), else performs the movement and stores its result under the key.
   * Without `alsoDo` it joins the group commit's next batch (or, with group commit off, is
   * `Db.callSerializable`); `alsoDo` runs in the same transaction on the first execution only,
   * so that case takes a `transaction` of its own.
   */
  private async run<R extends MoveResult>(
    fn: keyof typeof BATCH_NAME,
    key: string,
    params: Record<string, unknown>,
    args: readonly SqlScalar[],
    alsoDo?: (tx: Queryable, transactionId: number) => Promise<void>,
  ): Promise<R> {
    const hash = requestHash(params)
    try {
      if (this.writer && !alsoDo) {
        return (await this.writer.submit({ f: BATCH_NAME[fn], k: key, h: hash, a: args })) as R
      }
      return await this.runAlone<R>(fn, [key, hash, ...args], alsoDo)
    } catch (err) {
      // The account CHECK is the last line of defence; surface it as the player-facing error.
      if (sqlConstraint(err) === 'ledger_accounts_no_overdraft') {
        throw new LedgerError('balance_not_enough', 'the account would overdraw')
      }
      throw err
    }
  }

  /** One movement in a transaction of its own, retried on conflict. */
  private runAlone<R extends MoveResult>(
    fn: string,
    callArgs: readonly SqlScalar[],
    alsoDo?: (tx: Queryable, transactionId: number) => Promise<void>,
  ): Promise<R> {
    const once = alsoDo
      ? async () => {
          const placeholders = callArgs.map((_, i) => `$${i + 1}`).join(', ')
          return this.db.transaction(async (tx) => {
            const rows = await tx.query<Outcome<R>>(
              `SELECT replayed, result FROM ${fn}(${placeholders})`,
              callArgs,
            )
            const row = firstRow(fn, rows)
            if (!row.replayed) await alsoDo(tx, row.result.transactionId)
            return row.result
          })
        }
      : async () => firstRow(fn, await this.db.callSerializable<Outcome<R>>(fn, callArgs)).result
    return withRetry(
      async () => {
        try {
          return await this.gate.run(once)
        } catch (err) {
          throw refusalOf(err) ?? err
        }
      },
      () => this.retries++,
    )
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

  /**
   * Places a bet: its stake moves from the real account to the player's hold account. `alsoDo`
   * runs in the same transaction on the first execution only (a stateful round claims its nonce
   * and writes its row with its hold), so all of it commits or none does.
   */
  hold(
    p: {
      userId: number
      currency: Currency
      amount: number
      key: string
      reference: string
    },
    alsoDo?: (tx: Queryable, transactionId: number) => Promise<void>,
  ): Promise<HoldResult> {
    checkAmount(p.amount)
    return this.run(
      'ledger_hold',
      p.key,
      { op: 'hold', ...p },
      [p.userId, p.currency, p.amount, p.reference],
      alsoDo,
    )
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

  /**
   * Settles an instant bet in ONE movement: the stake to the house, the payout back, the bet's
   * row, and its seed pair's nonce claimed (refused `nonce_stale` when the pair has moved on).
   * Its key is `instant:<game>:<user>:<client key>`, hashed with those alone, so a retry of the
   * same bet replays the first result (the first bet's id) whatever outcome the retry drew.
   */
  instantBet(p: InstantBetMove): Promise<InstantBetResult> {
    checkAmount(p.amount)
    checkAmount(p.payout, true)
    const key = `instant:${p.game}:${p.userId}:${p.key}`
    const bet = {
      id: p.id,
      game: p.game,
      user: p.userId,
      key: p.key,
      player: p.player,
      amount: p.amount,
      currency: p.currency,
      params: p.params,
      outcome: p.outcome,
      multiplier: p.multiplier,
      payout: p.payout,
      pair: p.pairId,
      nonce: p.nonce,
      clientSeed: p.clientSeed,
      at: p.at,
    }
    return this.run(
      'instant_bet',
      key,
      { op: 'instant', game: p.game, userId: p.userId, key: p.key },
      [JSON.stringify(bet)],
    )
  }

  /** A player's balances, read from the ledger. */
  balances(userId: number, currency: Currency): Promise<UserBalances> {
    return userBalances(this.db, userId, currency)
  }
}
