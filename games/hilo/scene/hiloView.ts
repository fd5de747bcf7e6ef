/**
 * What the hilo scene draws, pure: the round's cards so far, each with the move that took it and
 * the running multiplier after it, and the round's status. Texts the canvas draws (multipliers)
 * come formatted in the player's number format; the scene holds no language.
 */
import { CARDS } from '../../engine/fairness/draws'
import type { MoneyLocale } from '../../engine/money'
import { multiplierText } from '../../kit/stateful/money'
import { MULTIPLIER_SCALE } from '../../kit/instant/protocol'
import type { HiloView } from '../protocol'
import {
  guessMultiplier,
  guessWins,
  rankOf,
  stepMultiplier,
  type HiloGuess,
  type HiloMove,
} from '../rules'

/** How a round stands as the scene shows it: no round yet, in play, cashed out or lost. */
export type HiloSceneStatus = 'idle' | 'open' | 'won' | 'lost'

/** One card of the round's row. */
export interface HiloRowCard {
  /** The card's index in the deck (`CARDS`). */
  readonly card: number
  /** The move that took this card, null for the start card. */
  readonly move: HiloMove | null
  /** Whether that move's guess won: null for the start card and a skip. */
  readonly won: boolean | null
  /** The running multiplier after this card, formatted (`1.84×`); empty before any correct guess. */
  readonly multiplier: string
}

/** The hilo scene's view model. */
export interface HiloSceneView {
  /** The round shown: a new id starts a new row (and the start card's flip). */
  readonly roundId: string | null
  /** The round's cards in order; the last one is the current, large card. */
  readonly row: readonly HiloRowCard[]
  /** The round's running multiplier, formatted; empty before any correct guess. */
  readonly running: string
  readonly status: HiloSceneStatus
  /** Cards turn at once (instant play); the scene also skips the flip under reduced motion. */
  readonly instant: boolean
}

/** A card as the canvas writes it: `10♥`. */
export function cardLabel(card: number): string {
  const { rank, suit } = CARDS[card]!
  return rank + suit
}

/** True for the red suits (hearts and diamonds). */
export function isRed(card: number): boolean {
  const { suit } = CARDS[card]!
  return suit === '♥' || suit === '♦'
}

/** A move's sign on the row (language-free): ≥ ≤ > < = and » for a skip. */
export const MOVE_SIGN: Readonly<Record<HiloMove, string>> = {
  higherOrSame: '≥',
  lowerOrSame: '≤',
  higher: '>',
  lower: '<',
  same: '=',
  skip: '»',
}

/** One step of a round read back from its view. */
export interface HiloStepRead {
  /** The card the move was made on, and the card it took (deck indices). */
  readonly on: number
  readonly card: number
  readonly move: HiloMove
  /** Whether the guess won; null for a skip. */
  readonly won: boolean | null
  /** The guess's own multiplier (ten-thousandths), null for a skip. */
  readonly guess: number | null
  /** The running multiplier after the step (ten-thousandths; 0 after a wrong guess). */
  readonly running: number
}

/**
 * The round's steps as the rules played them, from its view: each move's card, result and the
 * running multiplier after it (the product floored at each correct guess, as `playMove` does).
 */
export function stepsOf(view: Pick<HiloView, 'cards' | 'moves'>): HiloStepRead[] {
  let running: number = MULTIPLIER_SCALE
  return view.moves.map((move, i) => {
    const on = view.cards[i]!
    const card = view.cards[i + 1]!
    if (move === 'skip') return { on, card, move, won: null, guess: null, running }
    const rank = rankOf(CARDS[on]!)
    const guess = guessMultiplier(rank, move as HiloGuess)
    const won = guessWins(rank, move as HiloGuess, rankOf(CARDS[card]!))
    running = won ? stepMultiplier(running, guess) : 0
    return { on, card, move, won, guess, running }
  })
}

/** A multiplier in ten-thousandths as every stateful game shows it (the kit's one format). */
export { multiplierText }

/** The scene's view of a round (null: no round yet). */
export function toHiloSceneView(
  round: { roundId: string; status: 'open' | 'won' | 'lost'; view: HiloView } | null,
  instant: boolean,
  locale: MoneyLocale,
): HiloSceneView {
  if (!round) return { roundId: null, row: [], running: '', status: 'idle', instant }
  const { view } = round
  let correct = 0
  const steps = stepsOf(view).map((step): HiloRowCard => {
    if (step.won) correct++
    return {
      card: step.card,
      move: step.move,
      won: step.won,
      multiplier: correct > 0 && step.running > 0 ? multiplierText(step.running, locale) : '',
    }
  })
  const row = [{ card: view.cards[0]!, move: null, won: null, multiplier: '' }, ...steps]
  const running = view.correct > 0 && view.running > 0 ? multiplierText(view.running, locale) : ''
  return { roundId: round.roundId, row, running, status: round.status, instant }
}
