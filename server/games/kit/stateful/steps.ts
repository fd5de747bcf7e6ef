/**
 * What a step does to a round, decided from its row before the compare-and-set writes it: the
 * rules' step on the round's float stream (positioned after the floats read so far), and the end
 * it brings (a loss, the cap, a complete round) or, without an action, the cash-out.
 */
import { floatCursor } from '../../../../games/engine/fairness'
import type { Minor } from '../../../../games/engine/money'
import type { EndReason } from '../../../../games/kit/stateful/protocol'
import type { Queryable } from '../../../db/db'
import { atCap, cappedPayout, type AnyGame } from './game'
import type { RoundRow } from './store'

/** The decided end of a round: what it pays and why. */
export interface End {
  payout: Minor
  reason: EndReason
}

/**
 * What a playable step (or, without an action, a cash-out) does to the round: the state after,
 * the floats read, the outcome, and the end if it ends the round. `bad_request` when the rules
 * refuse the action, or a cash-out before one is allowed.
 */
export async function decideStep(db: Queryable, game: AnyGame, row: RoundRow, action: unknown) {
  const { rules } = game
  if (action === undefined) {
    const multiplier = rules.multiplier(row.state)
    if (multiplier <= 0) return 'bad_request' as const
    const payout = cappedPayout(row, multiplier)
    const end: End = { payout, reason: 'cashout' }
    return { state: row.state, floats: row.floats, outcome: null, multiplier, end }
  }
  if (rules.stepRefusal(row.state, action) !== null) return 'bad_request' as const
  const cursor = await cursorOf(db, row)
  const { state, outcome } = rules.step(row.state, action, cursor)
  const multiplier = rules.multiplier(state)
  const phase = rules.phase(state)
  const payout = cappedPayout(row, multiplier)
  // A step that reaches the cap cashes out at once: no later step could pay more.
  const end: End | null =
    phase === 'lost'
      ? { payout: 0 as Minor, reason: 'lost' }
      : atCap(row, multiplier)
        ? { payout, reason: 'cap' }
        : phase === 'complete'
          ? { payout, reason: 'complete' }
          : null
  return { state, floats: cursor.consumed, outcome, multiplier, end }
}

/** The round's float stream, positioned after the floats its opening and steps have read. */
async function cursorOf(db: Queryable, row: RoundRow) {
  // The pair is still active (no rotation while a round is open), so its server seed is here.
  const [pair] = await db.query<{ server_seed: string }>(
    'SELECT server_seed FROM seed_pairs WHERE id = $1',
    [row.seed_pair_id],
  )
  const cursor = floatCursor(pair!.server_seed, row.client_seed, row.nonce)
  for (let i = 0; i < row.floats; i++) cursor.next()
  return cursor
}
