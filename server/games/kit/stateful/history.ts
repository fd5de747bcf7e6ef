/**
 * A stateful game's rounds in the profile history (kit/history.ts): every round the player opened,
 * newest first by its opening, an open one as `open` ("in progress", linking back to the game),
 * an ended one as won or lost with what it paid (its proof at `/games/<game>?bet=<id>`). Its
 * auto-bets are instant bets and come through the instant history.
 */
import type { BetHistoryItem, StatefulHistoryGame } from '../../../../contract'
import type { Currency, Minor } from '../../../../games/engine/money'
import { MULTIPLIER_SCALE } from '../../../../games/kit/instant/protocol'
import type { BetHistoryProvider } from '../history'
import { cappedPayout as payoutAt } from '../../../../games/kit/stateful/rules'
import type { RoundStatus } from './store'

/**
 * The multiplier a round paid, in ten-thousandths: its own when its payout is what the multiplier
 * pays, else what was paid over the stake, floored (a round settled at its stake after 30 days,
 * or at the cap); 0 for a loss.
 */
export function paidMultiplier(
  row: { amount: number; multiplier: number },
  payout: number,
): number {
  if (payout === 0) return 0
  // Uncapped: a round the cap cut short shows what it paid, not the multiplier it reached.
  const uncapped = payoutAt(
    { amount: row.amount as Minor, cap: Number.MAX_SAFE_INTEGER as Minor },
    row.multiplier,
  )
  if (uncapped === payout) return row.multiplier
  // payout x 10000 stays exact: a payout is at most the cap of its currency.
  const scaled = payout * MULTIPLIER_SCALE
  return (scaled - (scaled % row.amount)) / row.amount
}

interface HistoryRecord {
  id: string
  amount: number
  currency: Currency
  multiplier: number
  payout: number | null
  status: RoundStatus
  created_at: number
}

/** The history item of a stored round of `game`. */
function itemOf(game: StatefulHistoryGame, r: HistoryRecord): BetHistoryItem {
  const base = {
    game,
    id: r.id,
    amount: r.amount as Minor,
    currency: r.currency,
    created_at: new Date(r.created_at).toISOString(),
  }
  if (r.status === 'open' || r.payout === null) {
    return { ...base, status: 'open', multiplier: null, payout: null }
  }
  // A round being paid (`ending`) shows its decided payout: no announced outcome changes.
  const won = r.payout > 0
  return {
    ...base,
    status: won ? 'won' : 'lost',
    multiplier: won ? Math.floor(paidMultiplier(r, r.payout) / 100) : null,
    payout: r.payout as Minor,
  }
}

/** The history provider of one stateful game's rounds (its module's `history`). */
export function statefulHistory(game: {
  readonly id: StatefulHistoryGame
}): BetHistoryProvider<BetHistoryItem> {
  return {
    async page(db, userId, after, limit) {
      const rows = await db.query<HistoryRecord>(
        `SELECT id, amount, currency, multiplier, payout, status, created_at
         FROM stateful_rounds WHERE user_id = $1 AND game = $2
           AND ($3::bigint IS NULL OR (created_at, id COLLATE "C") < ($3::bigint, $4::text COLLATE "C"))
         ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $5`,
        [userId, game.id, after?.ms ?? null, after?.id ?? '', limit],
      )
      return rows.map((r) => ({ ms: r.created_at, id: r.id, item: itemOf(game.id, r) }))
    },
  }
}
