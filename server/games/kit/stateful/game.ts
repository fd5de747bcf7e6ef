/**
 * The pieces every part of the stateful kit shares: a game as the kit runs it, the refusal ack,
 * the capped payout and how long a round may stay open.
 */
import { MAX_BET_PAYOUT, type BetGame, type Minor } from '../../../../games/engine/money'
import {
  cappedPayout as payoutWithCap,
  reachesCap,
  type StakeCap,
} from '../../../../games/kit/stateful/rules'
import {
  STATEFUL_PROTOCOL_VERSION,
  type StatefulAck,
  type StatefulErrorCode,
  type StatefulRound,
} from '../../../../games/kit/stateful/protocol'
import type { StatefulRules } from '../../../../games/kit/stateful/rules'
import type { RoundRow } from './store'

/**
 * How long a round may stay open (30 days): then it is settled at the better of its cash-out
 * value and its stake returned, so no stake waits on a player who never comes back.
 */
export const ROUND_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000

/** A stateful game as the kit runs it: its id, its limits group and its rules. */
export interface StatefulGame<P, S, A, O, W, R> {
  readonly id: string
  readonly limits: BetGame
  readonly rules: StatefulRules<P, S, A, O, W, R>
}

/** Any stateful game: the kit's own code never looks inside params, state or actions. */
export type AnyGame = StatefulGame<unknown, unknown, unknown, unknown, unknown, unknown>
/** Any stateful ack. */
export type AnyAck = StatefulAck<unknown, unknown, unknown, unknown, unknown>

/** The error ack of a stateful command, with the round it is about when there is one. */
export function statefulRefusal(
  code: StatefulErrorCode,
  round?: StatefulRound<unknown, unknown, unknown, unknown, unknown>,
): AnyAck {
  return { type: 'error', v: STATEFUL_PROTOCOL_VERSION, code, ...(round ? { round } : {}) }
}

/**
 * What `multiplier` pays on the round's stake, capped at the one maximum payout per bet: the
 * instant games' refusal before the draw cannot apply to a round whose top pays millions.
 */
export function cappedPayout(
  row: Pick<RoundRow, 'amount' | 'currency'>,
  multiplier: number,
): Minor {
  return payoutWithCap(stakeOf(row), multiplier)
}

/** True when a cash-out at `multiplier` pays the cap: the step that gets there ends the round. */
export function atCap(row: Pick<RoundRow, 'amount' | 'currency'>, multiplier: number): boolean {
  return reachesCap(stakeOf(row), multiplier)
}

/** The round's stake and the one maximum payout per bet of its currency. */
function stakeOf(row: Pick<RoundRow, 'amount' | 'currency'>): StakeCap {
  return { amount: row.amount as Minor, cap: MAX_BET_PAYOUT[row.currency] }
}
