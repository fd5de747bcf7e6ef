/**
 * A bet as every game's money path sees it, and the store of bet rows the path writes through.
 * Each game extends {@link KitBet} with its own bet parameters (crash: the auto cash-out target)
 * and implements {@link BetStore} over its own table.
 */
import { randomUUID } from 'node:crypto'
import type { Currency, Minor } from '../../../games/engine/money'
import type { UserId } from './player'

/**
 * In-memory status. `holding`: accepted, the stake is being held; `active`: held and in play
 * (or queued for a later round); `cancelled`: refused or withdrawn; `D`: the game's decided
 * statuses (crash: `cashedOut`, `lost`), set the instant the game decides, while the ledger
 * settle may still be in flight on `work`.
 */
export type LiveStatus<D extends string> = 'holding' | 'active' | 'cancelled' | D

/**
 * Stored status: `holding` is "written, stake not yet held"; `refused` never held money;
 * `refunded` was returned by a restart; `cancelled` was withdrawn by the player.
 */
export type StoredStatus<D extends string> =
  'holding' | 'refused' | 'active' | 'cancelled' | 'refunded' | D

/** A bet of a round being played or queued, as the book holds it. */
export interface KitBet<D extends string = string> {
  /** Unique across games ({@link newBetId}), so one history can page every game's bets. */
  readonly id: string
  /** The round it plays in (for an instant game, its own number). */
  readonly round: number
  readonly userId: UserId
  /** The idempotency key of the command that placed it. */
  readonly clientKey: string
  /** The player's public name, as live tables show it. */
  readonly player: string
  readonly amount: Minor
  readonly currency: Currency
  status: LiveStatus<D>
  holdId: number | null
  win: Minor | null
  /**
   * Every ledger and row write of this bet, chained, so they happen in order: a settle waits for
   * the hold it closes even when the outcome comes first. Never rejects (failures are logged).
   */
  work: Promise<void>
}

/** Columns every bet row has that the money path writes. */
export interface BetUpdate<D extends string> {
  status?: StoredStatus<D>
  hold_id?: number
  win?: number
  /** The first answer to the command that placed the bet: a retry after a restart gets it. */
  ack?: unknown
}

/** A stored bet row, as recovery reads it. */
export interface StoredBet<D extends string> {
  id: string
  status: StoredStatus<D>
  hold_id: number | null
}

/**
 * A game's bet rows. `Outcome` are the game's own columns that record a decision before the
 * ledger pays it (crash: `cashout_at`), so a restart in between pays exactly that.
 */
export interface BetStore<B, D extends string, Outcome extends object = object> {
  /** Writes a new bet in `holding`; false when the player already used its key. */
  insertBet(bet: B, createdAt: number): Promise<boolean>
  /** The bet the player placed with `clientKey`, with its first answer, if any. */
  betByKey(userId: number, clientKey: string): Promise<{ ack: unknown } | null>
  updateBet(id: string, fields: BetUpdate<D>): Promise<void>
  /** Writes the game's record of a decision and its payout, before the ledger pays it. */
  recordOutcome(id: string, outcome: Outcome, win: Minor): Promise<void>
}

/**
 * A new bet id: random, so ids reveal nothing about volume, are unique across games, and can be
 * made before any write (the bet counts from the instant its command arrives).
 */
export function newBetId<Id extends string>(): Id {
  return `b-${randomUUID()}` as Id
}
