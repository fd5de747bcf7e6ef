/**
 * Crash's page of the profile's bet history (kit/history.ts): a player's crash bets from
 * `crash_bets`, as the history's wire rows, with the round a link opens the proof of.
 */
import type { BetHistoryItem, Currency, Minor } from '../../../contract'
import type { BetHistoryProvider } from '../kit/history'
import { CRASH_GAME_ID, roundIdOf } from './bet'

interface HistoryRecord {
  id: string
  game: number
  amount: number
  currency: Currency
  status: 'active' | 'cashedOut' | 'lost' | 'refunded'
  cashout_at: number | null
  win: number | null
  created_at: number
}

/** Lists a player's crash bets that held money, newest first (ids in byte order on ties). */
export const crashHistory: BetHistoryProvider<BetHistoryItem> = {
  async page(db, userId, after, limit) {
    const rows = await db.query<HistoryRecord>(
      `SELECT id, game, amount, currency, status, cashout_at, win, created_at FROM crash_bets
       WHERE user_id = $1 AND status IN ('active', 'cashedOut', 'lost', 'refunded')
         AND ($2::bigint IS NULL OR (created_at, id COLLATE "C") < ($2::bigint, $3::text COLLATE "C"))
       ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $4`,
      [userId, after?.ms ?? null, after?.id ?? '', limit],
    )
    return rows.map((r) => ({ ms: r.created_at, id: r.id, item: historyItem(r) }))
  },
}

function historyItem(r: HistoryRecord): BetHistoryItem {
  const status =
    r.status === 'cashedOut'
      ? 'won'
      : r.status === 'lost'
        ? 'lost'
        : r.status === 'refunded'
          ? 'refunded'
          : 'pending'
  const payout =
    status === 'won' ? r.win : status === 'lost' ? 0 : status === 'refunded' ? r.amount : null
  return {
    game: CRASH_GAME_ID,
    id: r.id,
    round_id: roundIdOf(r.game),
    amount: r.amount as Minor,
    currency: r.currency,
    multiplier: status === 'won' ? r.cashout_at : null,
    payout: payout as Minor | null,
    status,
    created_at: new Date(r.created_at).toISOString(),
  }
}
