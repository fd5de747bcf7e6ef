/**
 * Test support for the stateful kit (used by tests only): a coin-streak game small enough to read
 * at a glance, so the family is proven without the real games. The player calls each flip; a
 * wrong call loses; after n right calls a cash-out pays 0.99 x 2^n. The next flip is drawn one
 * step ahead and kept in the state: a secret, as a mines board is, that no ack may show.
 */
import { z } from 'zod/mini'
import type { FloatCursor } from '../../../../games/engine/fairness'
import { MULTIPLIER_SCALE, type InstantMultiplier } from '../../../../games/kit/instant/protocol'
import { statefulWire } from '../../../../games/kit/stateful/protocol'
import type { StatefulRules } from '../../../../games/kit/stateful/rules'

/** A side of the coin. */
export type Side = 'heads' | 'tails'

/** The opening's params: how many flips the round may go to. */
export interface StreakParams {
  flips: number
}

/** The whole truth of a round; `next` is the secret. */
export interface StreakState {
  max: number
  next: Side
  calls: { call: Side; side: Side }[]
  lost: boolean
}

/** A step: the player's call. */
export interface StreakAction {
  call: Side
}

/** A step's public outcome: the side the coin landed on. */
export interface StreakOutcome {
  side: Side
}

/** What the player may see mid-round: the flips so far. */
export interface StreakView {
  calls: { call: Side; side: Side }[]
}

/** Everything, once the round ends: the flip that was next. */
export interface StreakReveal {
  next: Side
}

const sideOf = (cursor: FloatCursor): Side => (cursor.next() < 0.5 ? 'heads' : 'tails')

/** The coin-streak rules: flip k is float k of the round's stream. */
export const streakRules: StatefulRules<
  StreakParams,
  StreakState,
  StreakAction,
  StreakOutcome,
  StreakView,
  StreakReveal
> = {
  refusal: (params) =>
    Number.isInteger(params.flips) && params.flips >= 1 && params.flips <= 20 ? null : 'flips',
  open: (params, cursor) => ({ max: params.flips, next: sideOf(cursor), calls: [], lost: false }),
  stepRefusal: (state, action) =>
    state.lost || state.calls.length >= state.max
      ? 'over'
      : action.call === 'heads' || action.call === 'tails'
        ? null
        : 'call',
  step(state, action, cursor) {
    const side = state.next
    const calls = [...state.calls, { call: action.call, side }]
    return {
      state: { ...state, next: sideOf(cursor), calls, lost: action.call !== side },
      outcome: { side },
    }
  },
  phase: (state) => (state.lost ? 'lost' : state.calls.length >= state.max ? 'complete' : 'open'),
  multiplier: (state) =>
    (state.lost || state.calls.length === 0
      ? 0
      : Math.floor(0.99 * 2 ** state.calls.length * MULTIPLIER_SCALE)) as InstantMultiplier,
  view: (state) => ({ calls: state.calls }),
  reveal: (state) => ({ next: state.next }),
}

/** The coin-streak game as the kit runs it, in coinflip's limits. */
export const STREAK = {
  id: 'streak',
  limits: 'coinflip',
  rules: streakRules,
} as const

const side = z.enum(['heads', 'tails'])
const calls = z.array(z.object({ call: side, side }))

/** The coin-streak game's wire: the tests parse every ack with it, as a client would. */
export const streakWire = statefulWire(
  'streak',
  z.object({ flips: z.int() }),
  z.object({ call: side }),
  z.object({ side }),
  z.strictObject({ calls }),
  z.object({ next: side }),
)
