/**
 * Coinflip's logic for the stateful kit: its wire schemas (nothing chosen at the opening, a call a
 * step, the side it landed on, the flips so far) and its rules (`rules.ts`) adapted to the kit's
 * `StatefulRules`, plus its auto-bet, a chosen sequence of calls flipped in one instant trip. The
 * kit derives the wire from them and the definition (`game.ts`).
 *
 * Nothing in a round's state is secret: flip n is drawn at step n from the round's cursor, so
 * the state holds only the flips already shown, and the view may be the whole state.
 */
import { z } from 'zod/mini'
import { instantLogic } from '../kit/instant/define'
import { MULTIPLIER_SCALE, type InstantMultiplier } from '../kit/instant/protocol'
import { statefulLogic } from '../kit/stateful/define'
import type { StatefulRules } from '../kit/stateful/rules'
import {
  canCashOut,
  coinflipAutoRules,
  coinflipMultiplier,
  flip,
  flipRefusal,
  isValidCalls,
  MAX_FLIPS,
  SIDES,
  type Side,
  type StakeCap,
} from './rules'

const side = z.enum(SIDES)

/** A coinflip round's params: nothing to choose but the stake (strict: any field is refused). */
export const coinflipParamsSchema = z.strictObject({})
/** A step: the player's call for the next flip. */
export const coinflipActionSchema = z.strictObject({ call: side })
/** A step's public outcome: the side the coin landed on, and whether the call was right. */
export const coinflipOutcomeSchema = z.strictObject({ side, won: z.boolean() })

/** One flip of a round: the call and the side it landed on. */
export const coinflipFlipSchema = z.strictObject({ call: side, side })

/**
 * What the player sees of a round: the flips so far (a lost round's last one is the wrong call)
 * and the streak of correct calls. Strict, so nothing else can ride along on the wire; there is
 * no future flip to hide, as it is drawn only when its step is played.
 */
export const coinflipViewSchema = z.strictObject({
  flips: z.array(coinflipFlipSchema).check(z.maxLength(MAX_FLIPS)),
  streak: z.int().check(z.gte(0), z.lte(MAX_FLIPS)),
})

/**
 * What an ended round reveals: the sides it flipped, in order. They were all public already (no
 * flip is drawn ahead), so this is the list a verifier recomputes from the seeds, given in the
 * same place as miner's mines and hilo's cards.
 */
export const coinflipRevealSchema = z.strictObject({
  sides: z.array(side).check(z.maxLength(MAX_FLIPS)),
})

/** A round's params. */
export type CoinflipParams = z.infer<typeof coinflipParamsSchema>
/** A step's action. */
export type CoinflipAction = z.infer<typeof coinflipActionSchema>
/** A step's outcome. */
export type CoinflipOutcome = z.infer<typeof coinflipOutcomeSchema>
/** A flip of a round. */
export type CoinflipFlip = z.infer<typeof coinflipFlipSchema>
/** An open round's view. */
export type CoinflipView = z.infer<typeof coinflipViewSchema>
/** An ended round's reveal. */
export type CoinflipReveal = z.infer<typeof coinflipRevealSchema>

/** A round's whole state: its flips and how it stands (no secret: see the file's comment). */
export interface CoinflipState {
  readonly flips: readonly CoinflipFlip[]
  /** Correct calls so far (a wrong call leaves it as it was). */
  readonly streak: number
  readonly lost: boolean
}

/**
 * The stake `flip` is given: one minor unit against no cap, so it ends a round on a wrong call
 * or the 20th flip only. The kit caps every payout itself (and cashes out a step that reaches
 * the cap), so the rules' own cap check must never bind here.
 */
const UNCAPPED: StakeCap = {
  amount: 1 as StakeCap['amount'],
  cap: Number.MAX_SAFE_INTEGER as StakeCap['cap'],
}

/** Coinflip's rules as the stateful kit plays them: `rules.ts`'s `flip`, one float a step. */
export const coinflipStatefulRules: StatefulRules<
  CoinflipParams,
  CoinflipState,
  CoinflipAction,
  CoinflipOutcome,
  CoinflipView,
  CoinflipReveal
> = {
  refusal: () => null,
  // Nothing is drawn at the opening: flip n is float n, read by step n.
  open: () => ({ flips: [], streak: 0, lost: false }),
  stepRefusal: (state, action) =>
    state.lost ? 'round_over' : flipRefusal(state.streak, action.call),
  step(state, action, cursor) {
    const result = flip(state.streak, action.call, cursor.next(), UNCAPPED)
    const won = result.end !== 'wrong'
    return {
      state: {
        flips: [...state.flips, { call: action.call, side: result.side }],
        streak: result.streak,
        lost: !won,
      },
      outcome: { side: result.side, won },
    }
  },
  phase: (state) => (state.lost ? 'lost' : state.streak >= MAX_FLIPS ? 'complete' : 'open'),
  multiplier: (state) =>
    state.lost || !canCashOut(state.streak)
      ? (0 as InstantMultiplier)
      : coinflipMultiplier(state.streak),
  view: (state) => ({ flips: [...state.flips], streak: state.streak }),
  reveal: (state) => ({ sides: state.flips.map((f) => f.side) }),
}

/**
 * What the next correct call would make the round's multiplier (`0.99 × 2^(n+1)` after a streak
 * of n), or null when the round cannot flip again (lost, or 20 flips).
 */
export function coinflipNextMultiplier(view: CoinflipView): InstantMultiplier | null {
  const lost = view.flips.length > view.streak
  return lost || view.streak >= MAX_FLIPS ? null : coinflipMultiplier(view.streak + 1)
}

/** A multiplier as the verifier prints it: `19800` is `1.9800x`. */
const times = (multiplier: number) => `${(multiplier / MULTIPLIER_SCALE).toFixed(4)}x`

/** The auto-bet's params: 1 to 20 calls, flipped in order until one is wrong. */
export const coinflipAutoParamsSchema = z.strictObject({
  calls: z.array(side).check(z.minLength(1), z.maxLength(MAX_FLIPS)),
})
/** The auto-bet's outcome: the sides flipped, up to and including the first wrong call. */
export const coinflipAutoOutcomeSchema = z.strictObject({
  sides: z.array(side).check(z.minLength(1), z.maxLength(MAX_FLIPS)),
})

/** The auto-bet's logic: a chosen sequence of calls as one instant bet (`coinflipAutoRules`). */
export const coinflipAutoLogic = instantLogic({
  params: coinflipAutoParamsSchema,
  outcome: coinflipAutoOutcomeSchema,
  rules: coinflipAutoRules,
  describe: ({ sides }) => `flips ${sides.join(' ')}`,
  example: { calls: ['heads'] },
  fair: {
    usage: `the calls flipped in order, floor(float * 2): 0 heads, 1 tails
                [--calls <heads|tails,...>]  the streak and its multiplier`,
    options: ['calls'],
    params({ calls }) {
      if (calls === undefined) return null
      const list = calls.split(',').map((call) => call.trim())
      if (!isValidCalls(list)) {
        return { error: `--calls must be 1 to ${MAX_FLIPS} of heads, tails, got "${calls}"` }
      }
      return { calls: list }
    },
    verdict: (params, { outcome, multiplier }) =>
      multiplier > 0
        ? `${params.calls.length} correct calls: ${times(multiplier)}`
        : `call ${outcome.sides.length} wrong: 0x`,
  },
})

/**
 * Coinflip's logic: the wire's schemas, the rules, the next call's multiplier (the panel's next
 * profit), an example opening and the auto-bet.
 */
export const coinflipLogic = statefulLogic({
  params: coinflipParamsSchema,
  action: coinflipActionSchema,
  outcome: coinflipOutcomeSchema,
  view: coinflipViewSchema,
  reveal: coinflipRevealSchema,
  rules: coinflipStatefulRules,
  nextMultiplier: coinflipNextMultiplier,
  example: {},
  auto: coinflipAutoLogic,
})

export type { Side }
