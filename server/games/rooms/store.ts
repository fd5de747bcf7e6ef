/**
 * SQL of the rooms (tables in migration 030_rooms.sql). Money never moves here: the ledger holds
 * and closes it. A purchase's row is written in the transaction of its hold
 * ({@link RoomsStore.insertPurchase}), so a row exists exactly when its money is held; a round's
 * draw is written in one transaction that locks the round against purchases
 * ({@link RoomsStore.writeDraw}).
 */
import { drawRoom, type RoomDraw } from '../../../games/rooms/rules'
import type { Currency, Room } from '../../../games/engine/money'
import { sqlConstraint, type Db, type Queryable } from '../../db/db'
import { withRetry } from '../../ledger/retry'

/** A round row. */
export interface RoundRecord {
  id: number
  room: Room
  currency: Currency
  seq: number
  status: 'open' | 'counting' | 'drawn' | 'refunded'
  server_seed: string
  commitment: string
  price: number
  max_tickets: number
  tickets: number
  opened_at: number
  countdown_ends_at: number | null
  drawn_at: number | null
  client_seed: string | null
  beacon: string | null
  winning_ticket: number | null
  winner_purchase: string | null
  pot: number | null
  commission: number | null
  payout: number | null
}

/** A purchase row. */
export interface PurchaseRecord {
  id: string
  round_id: number
  user_id: number
  client_key: string
  player: string
  client_seed: string
  first_ticket: number
  count: number
  cost: number
  currency: string
  hold_id: number
  status: 'active' | 'won' | 'lost' | 'refunded'
  win: number | null
  ack: unknown
  created_at: number
}

/** Why the database refused a purchase (its guards in `rooms_take_tickets`). */
export type TakeRefusal = 'round_closed' | 'round_full' | 'player_cap'

const TAKE_REFUSALS: Record<string, TakeRefusal> = {
  rooms_round_closed: 'round_closed',
  rooms_round_full: 'round_full',
  rooms_player_cap: 'player_cap',
  // The trigger's guard, reached only if a close slipped in between (never expected).
  rooms_rounds_closed: 'round_closed',
}

/** The purchase refusal a database error stands for, or null for any other error. */
export function takeRefusalOf(err: unknown): TakeRefusal | null {
  const constraint = sqlConstraint(err)
  return constraint === undefined ? null : (TAKE_REFUSALS[constraint] ?? null)
}

const ROUND_COLUMNS =
  'id, room, currency, seq, status, server_seed, commitment, price, max_tickets, tickets, opened_at, countdown_ends_at, drawn_at, client_seed, beacon, winning_ticket, winner_purchase, pot, commission, payout'
const PURCHASE_COLUMNS =
  'id, round_id, user_id, client_key, player, client_seed, first_ticket, count, cost, currency, hold_id, status, win, ack, created_at'

/** BIGINT columns come back as strings on some drivers: numbers here (all far below 2^53). */
function roundOf(row: RoundRecord): RoundRecord {
  const n = (v: unknown) => (v === null ? null : Number(v))
  return {
    ...row,
    id: Number(row.id),
    price: Number(row.price),
    max_tickets: Number(row.max_tickets),
    tickets: Number(row.tickets),
    opened_at: Number(row.opened_at),
    countdown_ends_at: n(row.countdown_ends_at),
    drawn_at: n(row.drawn_at),
    winning_ticket: n(row.winning_ticket),
    pot: n(row.pot),
    commission: n(row.commission),
    payout: n(row.payout),
  }
}

function purchaseOf(row: PurchaseRecord): PurchaseRecord {
  return {
    ...row,
    round_id: Number(row.round_id),
    user_id: Number(row.user_id),
    first_ticket: Number(row.first_ticket),
    cost: Number(row.cost),
    hold_id: Number(row.hold_id),
    win: row.win === null ? null : Number(row.win),
    created_at: Number(row.created_at),
  }
}

/** A new round's facts, as {@link RoomsStore.openRound} writes them. */
export interface NewRound {
  seq: number
  serverSeed: string
  commitment: string
  price: number
  maxTickets: number
  openedAt: number
}

/** A purchase's facts, as its hold's transaction writes them. */
export interface NewPurchase {
  id: string
  roundId: number
  userId: number
  clientKey: string
  player: string
  clientSeed: string
  count: number
  cost: number
  currency: Currency
  createdAt: number
  /** The countdown's end should this purchase bring the round its second player. */
  countdownEndsAt: number
}

/** The rooms' queries of one room and currency. */
export class RoomsStore {
  constructor(
    private readonly db: Db,
    readonly room: Room,
    readonly currency: Currency,
  ) {}

  /** The latest round of this room and currency, or null before the first. */
  async latestRound(): Promise<RoundRecord | null> {
    const rows = await this.db.query<RoundRecord>(
      `SELECT ${ROUND_COLUMNS} FROM rooms_rounds WHERE room = $1 AND currency = $2
       ORDER BY seq DESC LIMIT 1`,
      [this.room, this.currency],
    )
    return rows[0] ? roundOf(rows[0]) : null
  }

  async roundAt(seq: number): Promise<RoundRecord | null> {
    const rows = await this.db.query<RoundRecord>(
      `SELECT ${ROUND_COLUMNS} FROM rooms_rounds WHERE room = $1 AND currency = $2 AND seq = $3`,
      [this.room, this.currency, seq],
    )
    return rows[0] ? roundOf(rows[0]) : null
  }

  /** The last `n` drawn rounds, newest first. */
  async history(n: number): Promise<RoundRecord[]> {
    const rows = await this.db.query<RoundRecord>(
      `SELECT ${ROUND_COLUMNS} FROM rooms_rounds
       WHERE room = $1 AND currency = $2 AND status = 'drawn' ORDER BY seq DESC LIMIT $3`,
      [this.room, this.currency, n],
    )
    return rows.map(roundOf)
  }

  /** Writes a new round (a repeat of the same opening changes nothing); its row id. */
  async openRound(r: NewRound): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO rooms_rounds
         (room, currency, seq, status, server_seed, commitment, price, max_tickets, opened_at)
       VALUES ($1, $2, $3, 'open', $4, $5, $6, $7, $8)
       ON CONFLICT (room, currency, seq) DO UPDATE SET seq = EXCLUDED.seq
       RETURNING id`,
      [
        this.room,
        this.currency,
        r.seq,
        r.serverSeed,
        r.commitment,
        r.price,
        r.maxTickets,
        r.openedAt,
      ],
    )
    return Number(rows[0]!.id)
  }

  /**
   * In the hold's transaction: takes the round's next tickets (refused by the database when the
   * round no longer sells, is full, or the player is past the cap), writes the purchase with its
   * hold, and starts the countdown if this purchase brings the second player. Resolves to the
   * first ticket and the countdown's end when this purchase started it.
   */
  async insertPurchase(
    tx: Queryable,
    p: NewPurchase,
    reference: string,
    cap: number,
  ): Promise<{ firstTicket: number; countdownEndsAt: number | null }> {
    const taken = await tx.query<{ first: number }>(
      'SELECT rooms_take_tickets($1, $2, $3, $4) AS first',
      [p.roundId, p.userId, p.count, cap],
    )
    const firstTicket = Number(taken[0]!.first)
    await tx.query(
      `INSERT INTO rooms_purchases
         (id, round_id, user_id, client_key, player, client_seed, first_ticket, count, cost,
          currency, hold_id, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
         (SELECT id FROM ledger_holds WHERE reference = $11 ORDER BY id LIMIT 1), 'active', $12)`,
      [
        p.id,
        p.roundId,
        p.userId,
        p.clientKey,
        p.player,
        p.clientSeed,
        firstTicket,
        p.count,
        p.cost,
        p.currency,
        reference,
        p.createdAt,
      ],
    )
    const counting = await tx.query<{ countdown_ends_at: number }>(
      `UPDATE rooms_rounds SET status = 'counting', countdown_ends_at = $2
       WHERE id = $1 AND status = 'open'
         AND (SELECT COUNT(DISTINCT user_id) FROM rooms_purchases WHERE round_id = $1) >= 2
       RETURNING countdown_ends_at`,
      [p.roundId, p.countdownEndsAt],
    )
    return {
      firstTicket,
      countdownEndsAt: counting[0] ? Number(counting[0].countdown_ends_at) : null,
    }
  }

  async purchaseByKey(userId: number, clientKey: string): Promise<PurchaseRecord | null> {
    const rows = await this.db.query<PurchaseRecord>(
      `SELECT ${PURCHASE_COLUMNS} FROM rooms_purchases WHERE user_id = $1 AND client_key = $2`,
      [userId, clientKey],
    )
    return rows[0] ? purchaseOf(rows[0]) : null
  }

  /** A round's purchases in ticket order. */
  async purchasesOf(roundId: number, q: Queryable = this.db): Promise<PurchaseRecord[]> {
    const rows = await q.query<PurchaseRecord>(
      `SELECT ${PURCHASE_COLUMNS} FROM rooms_purchases WHERE round_id = $1 ORDER BY first_ticket`,
      [roundId],
    )
    return rows.map(purchaseOf)
  }

  /** Purchases of this room and currency whose money is not settled yet, oldest first. */
  async openPurchases(): Promise<(PurchaseRecord & { seq: number })[]> {
    const rows = await this.db.query<PurchaseRecord & { seq: number }>(
      `SELECT p.id, p.round_id, p.user_id, p.client_key, p.player, p.client_seed, p.first_ticket,
              p.count, p.cost, p.currency, p.hold_id, p.status, p.win, p.ack, p.created_at, r.seq
       FROM rooms_purchases p JOIN rooms_rounds r ON r.id = p.round_id
       WHERE r.room = $1 AND r.currency = $2 AND p.status = 'active'
       ORDER BY r.seq, p.first_ticket`,
      [this.room, this.currency],
    )
    return rows.map((r) => ({ ...purchaseOf(r), seq: Number(r.seq) }))
  }

  async setAck(id: string, ack: unknown): Promise<void> {
    await this.db.query('UPDATE rooms_purchases SET ack = $2::text::jsonb WHERE id = $1', [
      id,
      JSON.stringify(ack),
    ])
  }

  /** Marks a purchase as its ledger close left it. */
  async closePurchase(id: string, status: 'won' | 'lost' | 'refunded', win: number): Promise<void> {
    await this.db.query('UPDATE rooms_purchases SET status = $2, win = $3 WHERE id = $1', [
      id,
      status,
      win,
    ])
  }

  /**
   * Closes and draws round `roundId` in one transaction: the row lock it takes is the one every
   * purchase takes, so the list it draws from is final (a purchase after it is refused
   * `round_closed` and never held). Returns the round as drawn and its purchases; a round drawn
   * before (a repeat) comes back as it was.
   */
  async writeDraw(
    roundId: number,
    drawnAt: number,
    beacon: string | null,
  ): Promise<{ round: RoundRecord; purchases: PurchaseRecord[]; draw: RoomDraw }> {
    return withRetry(() =>
      this.db.transaction(async (tx) => {
        const locked = await tx.query<RoundRecord>(
          `SELECT ${ROUND_COLUMNS} FROM rooms_rounds WHERE id = $1 FOR UPDATE`,
          [roundId],
        )
        const round = roundOf(locked[0]!)
        const purchases = await this.purchasesOf(roundId, tx)
        const drawBeacon = round.status === 'drawn' ? round.beacon : beacon
        const draw = drawRoom({
          room: round.room,
          currency: round.currency,
          nonce: round.seq,
          serverSeed: round.server_seed,
          purchases: purchases.map((p) => ({
            purchaseId: p.id,
            count: p.count,
            clientSeed: p.client_seed,
          })),
          beacon: drawBeacon,
        })
        if (round.status === 'drawn') return { round, purchases, draw }
        if (round.status !== 'counting') {
          throw new Error(`[rooms] round ${roundId} is ${round.status}: it does not draw`)
        }
        const winner = purchases[draw.winner.index]!
        const rows = await tx.query<RoundRecord>(
          `UPDATE rooms_rounds SET status = 'drawn', drawn_at = $2, client_seed = $3, beacon = $4,
             winning_ticket = $5, winner_purchase = $6, pot = $7, commission = $8, payout = $9,
             ended_at = $2
           WHERE id = $1 RETURNING ${ROUND_COLUMNS}`,
          [
            roundId,
            drawnAt,
            draw.clientSeed,
            drawBeacon,
            draw.winningTicket,
            winner.id,
            draw.pot,
            draw.commission,
            draw.payout,
          ],
        )
        return { round: roundOf(rows[0]!), purchases, draw }
      }),
    )
  }

  /** Marks a round refunded whole (its room closed); its purchases are refunded one by one. */
  async refundRound(roundId: number, at: number): Promise<void> {
    await this.db.query(
      `UPDATE rooms_rounds SET status = 'refunded', ended_at = $2
       WHERE id = $1 AND status IN ('open', 'counting')`,
      [roundId, at],
    )
  }
}
