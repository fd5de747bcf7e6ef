/**
 * Reads of the instant bets' rows (migrations 013 and 016): the first answer of a bet (a retry gets it
 * again, found by the id the ledger's replay names), its public proof, the live tables after a restart, and the profile history's page.
 */
import {
  isStatefulHistoryGame,
  type BetHistoryItem,
  type BetProofResponse,
  type Currency,
  type Minor,
} from '../../../../contract'
import { INSTANT_PROTOCOL_VERSION, type LiveRow } from '../../../../games/kit/instant/protocol'
import type { InstantSettledAck } from '../../../../games/kit/instant/protocol'
import type { BetId } from '../../../../games/kit/protocol'
import type { InstantGameId } from '../../../../games/registry'
import type { Queryable } from '../../../db/db'
import type { BetHistoryProvider } from '../history'
import type { UserId } from '../player'
import { paidMultiplier } from '../stateful/history'

interface BetRow {
  id: string
  game: string
  user_id: number
  player: string
  amount: number
  currency: Currency
  params: unknown
  outcome: unknown
  multiplier: number
  payout: number
  nonce: number
  balance: number
  created_at: number
  server_seed_hash: string
  client_seed: string
  server_seed: string | null
}

// The client seed is the bet's own (the one it was drawn with), never the pair's current one: a
// player may change it in the middle of a pair. The pair gives the server seed, fixed for its life.
const JOINED = `SELECT b.id, b.game, b.user_id, b.player, b.amount, b.currency, b.params,
    b.outcome, b.multiplier, b.payout, b.nonce, b.balance, b.created_at, p.server_seed_hash,
    b.client_seed, CASE WHEN p.status = 'retired' THEN p.server_seed END AS server_seed
  FROM instant_bets b JOIN seed_pairs p ON p.id = b.seed_pair_id`

/** The settled ack of a stored bet: the answer its first command got. */
export function ackOf(row: BetRow): InstantSettledAck<unknown> {
  return {
    type: 'ok',
    v: INSTANT_PROTOCOL_VERSION,
    betId: row.id as BetId,
    outcome: row.outcome,
    multiplier: row.multiplier as InstantSettledAck<unknown>['multiplier'],
    payout: row.payout as Minor,
    balance: row.balance as Minor,
    nonce: row.nonce,
    serverSeedHash: row.server_seed_hash,
  }
}

/** A stored bet by id, with its seed pair's public side (and its server seed once retired). */
export async function betById(db: Queryable, id: string): Promise<BetRow | null> {
  const rows = await db.query<BetRow>(`${JOINED} WHERE b.id = $1`, [id])
  return rows[0] ?? null
}

/** A bet's public proof (`GET /api/games/bets/:id`): no player named. */
export function proofOf(row: BetRow): BetProofResponse {
  return {
    id: row.id,
    game: row.game,
    amount: row.amount as Minor,
    currency: row.currency,
    params: row.params,
    outcome: row.outcome,
    multiplier: row.multiplier,
    payout: row.payout as Minor,
    server_seed_hash: row.server_seed_hash,
    client_seed: row.client_seed,
    nonce: row.nonce,
    server_seed: row.server_seed,
    created_at: new Date(row.created_at).toISOString(),
  }
}

/** A settled bet or paid round as the live tables read it. */
export interface LiveRecord {
  id: string
  game: string
  user_id: number
  player: string
  amount: number
  currency: Currency
  multiplier: number
  payout: number
  created_at: number
  /** True for a stateful round: `multiplier` is then its own (paidMultiplier reads the paid one). */
  round: boolean
}

/** A stored bet or round as a live-table row; `highRoller` is decided by the caller's threshold. */
export function liveRowOf(r: LiveRecord, highRoller: boolean): LiveRow {
  return {
    betId: r.id as BetId,
    game: r.game,
    player: r.player,
    amount: r.amount as Minor,
    currency: r.currency,
    multiplier: (r.round ? paidMultiplier(r, r.payout) : r.multiplier) as LiveRow['multiplier'],
    payout: r.payout as Minor,
    time: r.created_at,
    highRoller,
  }
}

/**
 * The newest `limit` settled bets of every player (or of one), newest first, for the live tables:
 * the instant bets and the stateful rounds paid (at their end's time; never an open round).
 */
export function recentBets(
  db: Queryable,
  limit: number,
  userId: UserId | null = null,
): Promise<LiveRecord[]> {
  // Each branch takes its own newest `limit` before the two are merged: PostgreSQL does not pull
  // a UNION ALL branch with a WHERE up into the outer query, so an ORDER BY only outside would
  // sort every row of both. Inside, the rounds come from migration 029's indexes and one
  // player's instant bets from instant_bets_history_idx. Two texts rather than
  // `$2 IS NULL OR user_id = $2`, so each case has its own plan.
  const player = userId === null ? '' : 'user_id = $2 AND'
  return db.query<LiveRecord>(
    `SELECT * FROM (
       (SELECT id, game, user_id, player, amount, currency, multiplier, payout, created_at,
          false AS round
        FROM instant_bets WHERE ${player} true
        ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $1)
       UNION ALL
       (SELECT id, game, user_id, player, amount, currency, multiplier, payout,
          ended_at AS created_at, true AS round
        FROM stateful_rounds WHERE ${player} status IN ('won', 'lost')
        ORDER BY ended_at DESC, id COLLATE "C" DESC LIMIT $1)
     ) bets ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $1`,
    userId === null ? [limit] : [limit, userId],
  )
}

/**
 * The instant games' page of the profile history: every settled instant bet, whichever game.
 * `multiplier` is in hundredths as the history's other rows (floored; null for a loss), and the
 * link that reopens a bet's proof is `/games/<game>?bet=<id>`.
 */
export const instantHistory: BetHistoryProvider<BetHistoryItem> = {
  async page(db, userId, after, limit) {
    const rows = await db.query<Omit<LiveRecord, 'round'>>(
      `SELECT id, game, user_id, player, amount, currency, multiplier, payout, created_at
       FROM instant_bets WHERE user_id = $1
         AND ($2::bigint IS NULL OR (created_at, id COLLATE "C") < ($2::bigint, $3::text COLLATE "C"))
       ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $4`,
      [userId, after?.ms ?? null, after?.id ?? '', limit],
    )
    return rows.map((r) => {
      const bet = {
        id: r.id,
        amount: r.amount as Minor,
        currency: r.currency,
        multiplier: r.payout > 0 ? Math.floor(r.multiplier / 100) : null,
        payout: r.payout as Minor,
        status: r.payout > 0 ? ('won' as const) : ('lost' as const),
        created_at: new Date(r.created_at).toISOString(),
      }
      // A stateful game's auto-bet is an instant bet under the game's id: its history item is
      // the stateful one (the same fields), so the contract's union takes it.
      const item: BetHistoryItem = isStatefulHistoryGame(r.game)
        ? { ...bet, game: r.game }
        : { ...bet, game: r.game as InstantGameId }
      return { ms: r.created_at, id: r.id, item }
    })
  },
}
