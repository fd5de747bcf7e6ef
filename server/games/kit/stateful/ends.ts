/**
 * How a stateful round's money ends: a decided round (status `ending`, its payout on the row) is
 * paid through BetBook.settleHold, idempotently by the ledger's key, so any number of callers
 * (the step that ended it, a racing cash-out, recovery at start) pay it once. Also the settlement
 * of rounds left open too long, and of a player's rounds on a break or a self-exclusion.
 */
import type { Minor } from '../../../../games/engine/money'
import type { Db } from '../../../db/db'
import type { Ledger } from '../../../ledger/ledger'
import { BetBook } from '../BetBook'
import { isHighRoller, type LiveTables } from '../instant/live'
import { liveRowOf, type LiveRecord } from '../instant/store'
import type { KitBet } from '../bets'
import type { GameLog } from '../log'
import type { UserId } from '../player'
import type { Scheduler } from '../scheduler'
import { cappedPayout, statefulRefusal, type AnyAck, type AnyGame } from './game'
import {
  RoundStore,
  roundById,
  roundsIn,
  type PaidStatus,
  type RoundRow,
  type RoundStatus,
} from './store'

/** A paid round as the live tables read it (its end's time as `created_at`), with its status. */
type LiveRound = Omit<LiveRecord, 'round'> & { status: RoundStatus }

/** What {@link RoundEnds} needs. */
export interface RoundEndsOptions {
  db: Db
  ledger: Ledger
  scheduler: Scheduler
  log: GameLog
  /** Counts a promise as in-flight work (the kit's `idle()` waits for it). */
  track(work: Promise<unknown>): void
  /** Where a paid round goes as a settled bet (the instant games' live tables), if anywhere. */
  live?: LiveTables
}

/** The payments of decided rounds, per game. */
export class RoundEnds {
  private readonly books = new Map<string, BetBook<KitBet<PaidStatus>, PaidStatus, AnyAck>>()

  constructor(private readonly options: RoundEndsOptions) {}

  /** Pays a decided round and reads it back paid. */
  async settle(game: AnyGame, row: RoundRow): Promise<RoundRow> {
    await this.pay(game, row.id, row.hold_id, row.payout as Minor)
    return (await roundById(this.options.db, row.id))!
  }

  /**
   * At start: pays every round of `game` a stopped process decided and did not pay, through
   * BetBook.reconcile (a hold the ledger already closed is only marked); the number seen.
   */
  async recover(game: AnyGame): Promise<number> {
    let seen = 0
    for (const row of await roundsIn(this.options.db, game.id, 'ending')) {
      const holdId = await this.book(game).reconcile({
        id: row.id,
        status: 'active',
        hold_id: row.hold_id,
      })
      if (holdId !== null) await this.pay(game, row.id, holdId, row.payout as Minor)
      seen++
    }
    return seen
  }

  /**
   * Settles the open rounds of `game` opened at or before `openedBy` (or all of `userId`'s) at
   * the better of their cash-out value and their stake; the number settled. Each is ended by the
   * same compare-and-set as a step, so a step that moves the round meanwhile wins.
   */
  async settleOpen(game: AnyGame, openedBy: number | null, userId: UserId | null): Promise<number> {
    const { db, scheduler } = this.options
    let settled = 0
    for (const row of await roundsIn(db, game.id, 'open', openedBy, userId)) {
      const payout = Math.max(cappedPayout(row, row.multiplier), row.amount) as Minor
      const at = scheduler.now()
      const moved = await db.query(
        `UPDATE stateful_rounds SET status = 'ending', payout = $3, end_reason = 'expired',
           updated_at = $4, ended_at = $4 WHERE id = $1 AND step = $2 AND status = 'open'
         RETURNING id`,
        [row.id, row.step, payout, at],
      )
      if (moved.length === 0) continue
      await this.pay(game, row.id, row.hold_id, payout)
      settled++
    }
    return settled
  }

  /**
   * Pays a hold (the ledger's key makes a second call a replay); the row is marked paid with the
   * balance after, in one statement (RoundStore.updateBet).
   */
  private async pay(game: AnyGame, roundId: string, holdId: number, payout: Minor): Promise<void> {
    const status: PaidStatus = payout > 0 ? 'won' : 'lost'
    await this.book(game).settleHold(roundId, holdId, { payout, status })
    const [paid] = await this.options.db.query<LiveRound>(
      `SELECT id, game, user_id, player, amount, currency, multiplier, payout,
         COALESCE(ended_at, updated_at) AS created_at, status
       FROM stateful_rounds WHERE id = $1`,
      [roundId],
    )
    // Durable before announced: the round is paid and marked before it is a live row.
    if (paid && (paid.status === 'won' || paid.status === 'lost')) {
      const row = liveRowOf({ ...paid, round: true }, isHighRoller(paid.amount, paid.currency))
      this.options.live?.publish({ userId: paid.user_id as UserId }, row)
    }
  }

  private book(game: AnyGame): BetBook<KitBet<PaidStatus>, PaidStatus, AnyAck> {
    let book = this.books.get(game.id)
    if (!book) {
      const { db, ledger, scheduler, log, track } = this.options
      book = new BetBook({
        game: game.id,
        db,
        store: new RoundStore(db, game.id),
        ledger,
        scheduler,
        log,
        refusal: (code) => statefulRefusal(code),
        decided: { won: 'won', lost: 'lost' },
        activated: () => {},
        track,
      })
      this.books.set(game.id, book)
    }
    return book
  }
}
