/**
 * The live tables of every instant game (all bets, high rollers, my bets), served on the `general`
 * service's `/live` namespace (games/kit/instant/protocol.ts `liveWire`). Settled bets arrive from
 * any instant game, and stateful rounds once paid (server/games/kit/stateful/ends.ts), never an
 * open one; public rows go out batched (`bets`, one event per window), the bettor's own row at
 * once to their sockets (`myBets`). Rows carry the public name only, and no name at all for a
 * player who hides their statistics (kit/privacy.ts), decided when a row goes out: a player who
 * hides is gone from the next snapshot's rows too.
 */
import type { Currency, Minor } from '../../../../games/engine/money'
import {
  INSTANT_PROTOCOL_VERSION,
  LIVE_TABLE_LENGTH,
  type LiveRow,
} from '../../../../games/kit/instant/protocol'
import type { Queryable } from '../../../db/db'
import { FeedBatcher } from '../feed'
import type { GameEmitter } from '../namespace'
import type { Player, UserId } from '../player'
import type { FeedPrivacy } from '../privacy'
import type { Scheduler } from '../scheduler'
import { liveRowOf, recentBets } from './store'

/**
 * The stake from which a bet is a high roller's, per currency: 1,000 RUB, carried to the other
 * currencies at the ratios SPEC.md section 9 sets between them (x 1/100 USD and EUR, x 5 KZT,
 * x 1 INR; games/engine/money/limits.ts "scale").
 */
export const HIGH_ROLLER_STAKE: Readonly<Record<Currency, Minor>> = {
  RUB: 100_000 as Minor,
  USD: 1_000 as Minor,
  EUR: 1_000 as Minor,
  KZT: 500_000 as Minor,
  INR: 100_000 as Minor,
}

/** How long public rows wait for others before their batch goes out. */
export const LIVE_FLUSH_MS = 100

/** True when the stake makes the bet a high roller's. */
export function isHighRoller(amount: number, currency: Currency): boolean {
  return amount >= HIGH_ROLLER_STAKE[currency]
}

type LiveEvent =
  | { type: 'bets'; v: typeof INSTANT_PROTOCOL_VERSION; rows: LiveRow[] }
  | { type: 'myBets'; v: typeof INSTANT_PROTOCOL_VERSION; rows: LiveRow[] }

/** The live tables' snapshot event. */
export interface LiveSnapshot {
  type: 'snapshot'
  v: typeof INSTANT_PROTOCOL_VERSION
  serverTime: number
  all: LiveRow[]
  highRollers: LiveRow[]
  mine: LiveRow[] | null
}

/** A public table's row with its bettor, whose setting decides whether the row names them. */
interface Entry {
  userId: number
  row: LiveRow
}

/** The newest rows of the public tables, and where new ones go. */
export class LiveTables {
  private all: Entry[] = []
  private highRollers: Entry[] = []
  private emitter: GameEmitter<LiveEvent, LiveEvent> | null = null
  private readonly feed: FeedBatcher<LiveRow>

  constructor(
    private readonly db: Queryable,
    private readonly scheduler: Scheduler,
    private readonly privacy: FeedPrivacy,
  ) {
    this.feed = new FeedBatcher<LiveRow>({
      scheduler,
      flushMs: LIVE_FLUSH_MS,
      send: (rows) => this.emitter?.broadcast({ type: 'bets', v: INSTANT_PROTOCOL_VERSION, rows }),
    })
  }

  /** Starts serving on the live namespace, the tables filled from the stored bets. */
  async attach(emitter: GameEmitter<LiveEvent, LiveEvent>): Promise<void> {
    await this.privacy.load()
    const recent = await recentBets(this.db, LIVE_TABLE_LENGTH * 10)
    const entries = recent.map((r) => ({
      userId: r.user_id,
      row: liveRowOf(r, isHighRoller(r.amount, r.currency)),
    }))
    this.all = entries.slice(0, LIVE_TABLE_LENGTH)
    this.highRollers = entries.filter((e) => e.row.highRoller).slice(0, LIVE_TABLE_LENGTH)
    this.emitter = emitter
  }

  /** Stops the batch timer; what is pending is sent now. */
  detach(): void {
    this.feed.flush()
    this.feed.stop()
    this.emitter = null
  }

  /**
   * A settled bet of `player` (an instant bet, or a stateful round at its end), as its row: into
   * the tables, the batch, and the bettor's sockets. A row already in the table is not added
   * again (a round's end may be paid by two callers: the step that ended it and a racing cash-out).
   */
  publish(player: Pick<Player, 'userId'>, row: LiveRow): void {
    if (this.all.some((e) => e.row.betId === row.betId)) return
    const entry = { userId: player.userId, row }
    this.all = [entry, ...this.all].slice(0, LIVE_TABLE_LENGTH)
    if (row.highRoller) this.highRollers = [entry, ...this.highRollers].slice(0, LIVE_TABLE_LENGTH)
    this.feed.put(row.betId, this.publicRow(entry))
    // The bettor's own table is theirs alone: it keeps their name.
    this.emitter?.toUser(player.userId, {
      type: 'myBets',
      v: INSTANT_PROTOCOL_VERSION,
      rows: [row],
    })
  }

  /** The tables for a watcher (`user` null) or a player, whose own table is read from storage. */
  async snapshot(user: Player | null): Promise<LiveSnapshot> {
    const mine = user ? await this.mine(user.userId) : null
    return {
      type: 'snapshot',
      v: INSTANT_PROTOCOL_VERSION,
      serverTime: this.scheduler.now(),
      all: this.all.map((e) => this.publicRow(e)),
      highRollers: this.highRollers.map((e) => this.publicRow(e)),
      mine,
    }
  }

  private publicRow({ userId, row }: Entry): LiveRow {
    return row.player !== null && this.privacy.isHidden(userId) ? { ...row, player: null } : row
  }

  private async mine(userId: UserId): Promise<LiveRow[]> {
    const rows = await recentBets(this.db, LIVE_TABLE_LENGTH, userId)
    return rows.map((r) => liveRowOf(r, isHighRoller(r.amount, r.currency)))
  }
}
