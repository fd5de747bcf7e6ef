/**
 * Hilo's logic for the stateful kit: its wire schemas (no opening params; a step is a guess or a
 * skip; its outcome the card drawn; the round's view its cards and moves so far) and the rules
 * adapted to the kit's `StatefulRules`. The kit derives the wire from them and the definition
 * (`game.ts`).
 *
 * Hilo holds no secret: the next card is not drawn until a move takes it (float n of the round's
 * stream is card n), so the state is what the player sees, and the view and the reveal are the
 * same cards. Cards travel as their index in the published deck (`CARDS`, 2♦ 2♥ 2♠ 2♣ … A♣).
 */
import { z } from 'zod/mini'
import { CARDS } from '../engine/fairness/draws'
import type { Minor } from '../engine/money'
import {
  instantMultiplierSchema,
  MULTIPLIER_SCALE,
  type InstantMultiplier,
} from '../kit/instant/protocol'
import { statefulLogic } from '../kit/stateful/define'
import type { StatefulRules } from '../kit/stateful/rules'
import {
  canCashOut,
  cardOf,
  guessMultiplier,
  HILO_MOVES,
  lastCard,
  likelierGuess,
  moveRefusal,
  playMove,
  rankOf,
  stepMultiplier,
  type HiloMove,
  type HiloRound,
  type StakeCap,
} from './rules'

/** A card of the deck on the wire: its index in `CARDS` (0 is 2♦, 51 is A♣). */
export const hiloCardSchema = z.int().check(z.gte(0), z.lte(CARDS.length - 1))

/** What the player chooses at the opening: nothing but the stake. */
export const hiloParamsSchema = z.strictObject({})

/** A step: a guess on the next card, or a skip of it. */
export const hiloActionSchema = z.strictObject({ move: z.enum(HILO_MOVES) })

/** A step's outcome: the card the move took, and whether its guess won (null for a skip). */
export const hiloOutcomeSchema = z.strictObject({
  card: hiloCardSchema,
  won: z.nullable(z.boolean()),
})

/**
 * A round as the player sees it (and, since hilo draws nothing ahead, its whole truth): the start
 * card and every card a move has taken, the moves (`moves[i]` was made on `cards[i]` and took
 * `cards[i + 1]`), the running multiplier (the product of the correct guesses, 1.0000x before
 * any, 0 once lost), the correct guesses and the skips used.
 */
export const hiloViewSchema = z
  .strictObject({
    cards: z.array(hiloCardSchema).check(z.minLength(1)),
    moves: z.array(z.enum(HILO_MOVES)),
    running: instantMultiplierSchema,
    correct: z.int().check(z.nonnegative()),
    skips: z.int().check(z.nonnegative()),
  })
  .check(z.refine((view) => view.moves.length === view.cards.length - 1, 'one move per card taken'))

/** Hilo's opening params (none). */
export type HiloParams = z.output<typeof hiloParamsSchema>
/** A hilo step. */
export type HiloAction = z.output<typeof hiloActionSchema>
/** A hilo step's outcome. */
export type HiloOutcome = z.output<typeof hiloOutcomeSchema>
/** A hilo round's view (its state: there is no secret). */
export type HiloView = z.output<typeof hiloViewSchema>

/** The round as the rules see it, from its view. */
export function roundOf(view: HiloView): HiloRound {
  return {
    cards: view.cards.map((index) => CARDS[index]!),
    multiplier: view.running,
    correct: view.correct,
    skips: view.skips,
  }
}

/**
 * The stake `playMove` checks the cap against, one the cap never binds: the kit caps a stateful
 * round itself (it ends the step that reaches the cap with a cash-out there).
 */
const UNCAPPED: StakeCap = { amount: 1 as Minor, cap: Number.MAX_SAFE_INTEGER as Minor }

/** A start card's view: float 0 of the round. */
function opened(card: number): HiloView {
  return {
    cards: [card],
    moves: [],
    running: MULTIPLIER_SCALE as InstantMultiplier,
    correct: 0,
    skips: 0,
  }
}

/** Hilo's rules for the stateful kit: `rules.ts` played on the view. */
export const hiloStatefulRules: StatefulRules<
  HiloParams,
  HiloView,
  HiloAction,
  HiloOutcome,
  HiloView,
  HiloView
> = {
  refusal: () => null,
  open: (_params, cursor) => opened(cardOf(cursor.next()).index),
  stepRefusal: (view, action) =>
    view.running === 0 ? 'round_over' : moveRefusal(roundOf(view), action.move),
  step(view, action, cursor) {
    const next = cardOf(cursor.next())
    const { round, won } = playMove(roundOf(view), action.move, next, UNCAPPED)
    const state: HiloView = {
      cards: [...view.cards, next.index],
      moves: [...view.moves, action.move],
      running: round.multiplier,
      correct: round.correct,
      skips: round.skips,
    }
    return { state, outcome: { card: next.index, won } }
  },
  phase: (view) => (view.running === 0 ? 'lost' : 'open'),
  multiplier: (view) =>
    (view.running > 0 && canCashOut(roundOf(view)) ? view.running : 0) as InstantMultiplier,
  view: (view) => view,
  reveal: (view) => view,
}

/**
 * The running multiplier a guess would leave if it wins, uncapped (what its button shows as the
 * round's next multiplier; without an action, the likelier guess's), or null for a skip, a move
 * not offered on the last card, or a lost round.
 */
export function hiloNextMultiplier(view: HiloView, action?: HiloAction): InstantMultiplier | null {
  if (view.running === 0) return null
  const round = roundOf(view)
  const rank = rankOf(lastCard(round))
  const move = action?.move ?? likelierGuess(rank)
  if (move === 'skip' || moveRefusal(round, move) !== null) return null
  return stepMultiplier(view.running, guessMultiplier(rank, move))
}

/** Hilo's logic: the schemas, the rules, and an opening (there are no params). */
export const hiloLogic = statefulLogic({
  params: hiloParamsSchema,
  action: hiloActionSchema,
  outcome: hiloOutcomeSchema,
  view: hiloViewSchema,
  reveal: hiloViewSchema,
  rules: hiloStatefulRules,
  nextMultiplier: hiloNextMultiplier,
  example: {},
})

export type { HiloMove }
