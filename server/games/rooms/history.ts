/**
 * The rooms' page of the profile's bet history (kit/history.ts): a player's purchases of tickets
 * from `rooms_purchases`, as the history's wire rows, with the round a link opens the proof of.
 */
import type { BetHistoryItem, Currency, Minor } from '../../../contract'
import type { Room } from '../../../games/rooms/rules'
import type { BetHistoryProvider } from '../kit/history'
import type { PurchaseRecord } from './store'
import { ROOMS_GAME_ID, roundIdOf } from './view'

interface HistoryRecord {
  id: string
  room: Room
  currency: Currency
  seq: number
  cost: number
  status: PurchaseRecord['status']
  win: number | null
  created_at: number
}

/**
 * Lists a player's purchases, newest first (ids in byte order on ties). Every row held money: a
 * purchase's row is written in its hold's transaction, and a refused one has none.
 */
export const roomsHistory: BetHistoryProvider<BetHistoryItem> = {
  async page(db, userId, after, limit) {
    const rows = await db.query<HistoryRecord>(
      `SELECT p.id, r.room, p.currency, r.seq, p.cost, p.status, p.win, p.created_at
       FROM rooms_purchases p JOIN rooms_rounds r ON r.id = p.round_id
       WHERE p.user_id = $1
         AND ($2::bigint IS NULL
           OR (p.created_at, p.id COLLATE "C") < ($2::bigint, $3::text COLLATE "C"))
       ORDER BY p.created_at DESC, p.id COLLATE "C" DESC LIMIT $4`,
      [userId, after?.ms ?? null, after?.id ?? '', limit],
    )
    return rows.map((r) => {
      // BIGINT columns come back as strings on some drivers (store.ts does the same).
      const record = {
        ...r,
        seq: Number(r.seq),
        cost: Number(r.cost),
        win: r.win === null ? null : Number(r.win),
        created_at: Number(r.created_at),
      }
      return { ms: record.created_at, id: r.id, item: historyItem(record) }
    })
  },
}

function historyItem(r: HistoryRecord): BetHistoryItem {
  const status = r.status === 'active' ? 'pending' : r.status
  const payout =
    status === 'won' ? r.win : status === 'lost' ? 0 : status === 'refunded' ? r.cost : null
  return {
    game: ROOMS_GAME_ID,
    id: r.id,
    round_id: roundIdOf(r.room, r.currency, r.seq),
    amount: r.cost as Minor,
    currency: r.currency,
    multiplier: null,
    payout: payout as Minor | null,
    status,
    created_at: new Date(r.created_at).toISOString(),
  }
}
