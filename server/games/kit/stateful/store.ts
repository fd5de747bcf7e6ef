/**
 * The rows of the stateful rounds (migration 027) and the round as the wire shows it: the public
 * view of an open round (never its secret state nor the seed pair's server seed), everything once
 * it has ended. Also the store the money path (BetBook) writes a round's end through.
 */
import type { Currency, Minor } from '../../../../games/engine/money'
import type { InstantMultiplier } from '../../../../games/kit/instant/protocol'
import type { EndReason, StatefulRound } from '../../../../games/kit/stateful/protocol'
import type { StatefulRules } from '../../../../games/kit/stateful/rules'
import type { RoundId } from '../../../../games/kit/protocol'
import type { Queryable } from '../../../db/db'
import { closingKeys } from '../BetBook'
import type { BetStore, BetUpdate, KitBet } from '../bets'

/** A round's stored status (see migration 027). */
export type RoundStatus = 'open' | 'ending' | 'won' | 'lost' | 'refunded'

/** A round's row with its seed pair's public hash. */
export interface RoundRow {
  id: string
  game: string
  user_id: number
  client_key: string
  player: string
  amount: number
  currency: Currency
  params: unknown
  state: unknown
  step: number
  floats: number
  status: RoundStatus
  multiplier: number
  payout: number | null
  end_reason: EndReason | null
  seed_pair_id: number
  nonce: number
  client_seed: string
  hold_id: number
  balance: number
  created_at: number
  server_seed_hash: string
}

/** A step's row. */
export interface StepRow {
  step: number
  client_key: string
  action: unknown
  outcome: unknown
  multiplier: number
  created_at: number
}

const ROUND = `SELECT r.id, r.game, r.user_id, r.client_key, r.player, r.amount, r.currency,
    r.params, r.state, r.step, r.floats, r.status, r.multiplier, r.payout, r.end_reason,
    r.seed_pair_id, r.nonce, r.client_seed, r.hold_id, r.balance, r.created_at,
    p.server_seed_hash
  FROM stateful_rounds r JOIN seed_pairs p ON p.id = r.seed_pair_id`

/** A round by id. */
export async function roundById(db: Queryable, id: string): Promise<RoundRow | null> {
  return (await db.query<RoundRow>(`${ROUND} WHERE r.id = $1`, [id]))[0] ?? null
}

/** The round a player opened with `key` in `game`, if any. */
export async function roundByKey(
  db: Queryable,
  game: string,
  userId: number,
  key: string,
): Promise<RoundRow | null> {
  const rows = await db.query<RoundRow>(
    `${ROUND} WHERE r.user_id = $1 AND r.game = $2 AND r.client_key = $3`,
    [userId, game, key],
  )
  return rows[0] ?? null
}

/** The player's round of `game` not yet paid (open, or decided and being paid), if any. */
export async function unsettledRound(
  db: Queryable,
  game: string,
  userId: number,
): Promise<RoundRow | null> {
  const rows = await db.query<RoundRow>(
    `${ROUND} WHERE r.user_id = $1 AND r.game = $2 AND r.status IN ('open', 'ending')
     ORDER BY r.created_at DESC LIMIT 1`,
    [userId, game],
  )
  return rows[0] ?? null
}

/**
 * The player's most recently ended and paid round of `game`, if any (index
 * `stateful_rounds_last_ended`, migration 028): what a snapshot shows beside the round not yet
 * paid, so a page that showed it open sees how it ended.
 */
export async function lastEndedRound(
  db: Queryable,
  game: string,
  userId: number,
): Promise<RoundRow | null> {
  const newest = `${ROUND} WHERE r.user_id = $1 AND r.game = $2
    AND r.status IN ('won', 'lost', 'refunded')
    ORDER BY r.ended_at DESC, r.seed_pair_id DESC, r.nonce DESC LIMIT 1`
  return (await db.query<RoundRow>(newest, [userId, game]))[0] ?? null
}

/** Rounds of `game` in `status`, optionally only those opened at or before `openedBy`. */
export function roundsIn(
  db: Queryable,
  game: string,
  status: RoundStatus,
  openedBy: number | null = null,
  userId: number | null = null,
): Promise<RoundRow[]> {
  return db.query<RoundRow>(
    `${ROUND} WHERE r.game = $1 AND r.status = $2
       AND ($3::bigint IS NULL OR r.created_at <= $3)
       AND ($4::bigint IS NULL OR r.user_id = $4)`,
    [game, status, openedBy, userId],
  )
}

/** The steps of a round in order. */
export function stepsOf(db: Queryable, roundId: string): Promise<StepRow[]> {
  return db.query<StepRow>(
    `SELECT step, client_key, action, outcome, multiplier, created_at FROM stateful_steps
     WHERE round_id = $1 ORDER BY step`,
    [roundId],
  )
}

/**
 * The round as the wire shows it. An open round shows the rules' public view and its steps; the
 * reveal (every secret of the rules' state) only once the round has left `open`. The seed pair's
 * server seed is never here: rotation reveals it, and rotation is refused while a round is open.
 */
export function roundView<P, S, A, O, W, R>(
  rules: StatefulRules<P, S, A, O, W, R>,
  row: RoundRow,
  steps: StepRow[],
  cashOutValue: Minor,
): StatefulRound<P, A, O, W, R> {
  const state = row.state as S
  const ended = row.status !== 'open'
  const payout = (ended ? (row.payout ?? 0) : cashOutValue) as Minor
  return {
    roundId: row.id as RoundId,
    amount: row.amount as Minor,
    currency: row.currency,
    params: row.params as P,
    status: !ended ? 'open' : payout > 0 ? 'won' : 'lost',
    step: row.step,
    multiplier: row.multiplier as InstantMultiplier,
    payout,
    view: rules.view(state),
    steps: steps.map((s) => ({
      step: s.step,
      action: s.action as A | { kind: 'cashout' },
      outcome: s.outcome as O | null,
      multiplier: s.multiplier as InstantMultiplier,
      time: s.created_at,
    })),
    endReason: row.end_reason,
    reveal: ended ? rules.reveal(state) : null,
    nonce: row.nonce,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    openedAt: row.created_at,
  }
}

/** A round's paid statuses, as BetBook names a won or lost hold. */
export type PaidStatus = 'won' | 'lost'

/**
 * The money path's store over `stateful_rounds`. A round's end is decided by the step that
 * advances its row (status `ending` with its payout, in the step's own transaction), so BetBook's
 * `settleHold` is called without a record and only marks the row paid; `reconcile` marks a row
 * whose hold the ledger already closed. Marking it paid writes the balance after the payment in
 * the same statement, read from the ledger's record of the closing: a reader never sees a paid
 * round with the balance of its opening (two racing cash-outs both answer the paid balance).
 */
export class RoundStore implements BetStore<KitBet<PaidStatus>, PaidStatus, { payout: Minor }> {
  constructor(
    private readonly db: Queryable,
    private readonly game: string,
  ) {}

  /** Never called: a round is written by its opening's one transaction (StatefulRounds.open). */
  insertBet(): Promise<boolean> {
    return Promise.reject(new Error('[stateful] a round is written only by its opening'))
  }

  async betByKey(userId: number, clientKey: string): Promise<{ ack: unknown } | null> {
    const rows = await this.db.query<{ id: string }>(
      'SELECT id FROM stateful_rounds WHERE user_id = $1 AND client_key = $2',
      [userId, clientKey],
    )
    return rows[0] ? { ack: rows[0] } : null
  }

  async updateBet(id: string, fields: BetUpdate<PaidStatus>): Promise<void> {
    const status = fields.status
    if (status !== undefined && status !== 'won' && status !== 'lost' && status !== 'refunded') {
      throw new Error(`[stateful] round ${id} cannot become ${status}`)
    }
    const keys = closingKeys(this.game, id)
    await this.db.query(
      `UPDATE stateful_rounds SET status = COALESCE($2, status), payout = COALESCE($3, payout),
         balance = COALESCE((SELECT (result->'balances'->>'real')::bigint FROM ledger_transactions
           WHERE idempotency_key IN ($4, $5)), balance)
       WHERE id = $1 AND status <> 'open'`,
      [id, status ?? null, fields.win ?? null, keys.settle, keys.refund],
    )
  }

  async recordOutcome(id: string, outcome: { payout: Minor }): Promise<void> {
    await this.db.query(`UPDATE stateful_rounds SET payout = $2 WHERE id = $1`, [
      id,
      outcome.payout,
    ])
  }
}

/** True when the player has an open round of `game`. */
export async function hasOpenRound(db: Queryable, game: string, userId: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM stateful_rounds WHERE user_id = $1 AND game = $2 AND status = 'open'`,
    [userId, game],
  )
  return rows.length > 0
}

/** When the oldest open round of `game` was opened (epoch ms), or null when none is open. */
export async function oldestOpen(db: Queryable, game: string): Promise<number | null> {
  const [row] = await db.query<{ at: number | null }>(
    `SELECT min(created_at) AS at FROM stateful_rounds WHERE status = 'open' AND game = $1`,
    [game],
  )
  return row?.at ?? null
}
