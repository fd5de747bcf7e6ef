/**
 * Hilo's two guess buttons and its keys, pure: on a card the upper button guesses higher (or
 * same) and the lower one lower (or same); at the edges the one that cannot lose is "same"
 * instead (on an ace lower-or-same is exactly "same", on a king higher-or-same is), as
 * GAMES-REFERENCE.md says. Each button shows what it pays, its chance and the round's multiplier
 * if it wins.
 */
import { CARDS } from '../../engine/fairness/draws'
import { hiloNextMultiplier, type HiloView } from '../protocol'
import {
  ACE,
  guessMultiplier,
  KING,
  MAX_SKIPS,
  rankOf,
  winningRanks,
  type HiloGuess,
  type HiloMove,
} from '../rules'

/** Which of the two guess buttons: the one above (higher) or below (lower). */
export type GuessSide = 'up' | 'down'

/** The guess the button on `side` makes on a card of `rank`. */
export function guessOn(rank: number, side: GuessSide): HiloGuess {
  if (side === 'up') return rank === KING ? 'same' : rank === ACE ? 'higher' : 'higherOrSame'
  return rank === ACE ? 'same' : rank === KING ? 'lower' : 'lowerOrSame'
}

/** What one guess button shows. */
export interface GuessOption {
  readonly side: GuessSide
  readonly move: HiloGuess
  /** What the guess pays, ten-thousandths (`0.99 / chance`, floored). */
  readonly multiplier: number
  /** Its chance in percent (0–100), the winning ranks over 13. */
  readonly chance: number
  /** The round's running multiplier if it wins, ten-thousandths. */
  readonly next: number
}

/** The two guesses on the round's current card (none once the round is lost). */
export function guessOptions(view: HiloView): GuessOption[] {
  if (view.running === 0) return []
  const rank = rankOf(CARDS[view.cards.at(-1)!]!)
  return (['up', 'down'] as const).map((side) => {
    const move = guessOn(rank, side)
    return {
      side,
      move,
      multiplier: guessMultiplier(rank, move),
      chance: (winningRanks(rank, move) / 13) * 100,
      next: hiloNextMultiplier(view, { move }) ?? 0,
    }
  })
}

/** The skips the round has left. */
export function skipsLeft(view: HiloView): number {
  return Math.max(0, MAX_SKIPS - view.skips)
}

/** Hilo's own key ids and the move each makes on a card. */
export type HiloKey = GuessSide | 'skip'

/**
 * Hilo's keys beside the kit's (which take Space, C, S, D, A, F, R and ?): ArrowUp guesses higher,
 * ArrowDown lower, ArrowRight skips the card (S, the usual skip key elsewhere, halves the amount
 * in the kit).
 */
export const HILO_SHORTCUTS: readonly {
  key: string
  match: string
  id: HiloKey
  label: string
}[] = [
  { key: '↑', match: 'ArrowUp', id: 'up', label: 'hilo:keys.higher' },
  { key: '↓', match: 'ArrowDown', id: 'down', label: 'hilo:keys.lower' },
  { key: '→', match: 'ArrowRight', id: 'skip', label: 'hilo:keys.skip' },
]

/** The move a key id makes on the round's current card, or null when it is not playable. */
export function moveOfKey(view: HiloView, id: string): HiloMove | null {
  if (view.running === 0) return null
  if (id === 'skip') return skipsLeft(view) > 0 ? 'skip' : null
  if (id !== 'up' && id !== 'down') return null
  return guessOn(rankOf(CARDS[view.cards.at(-1)!]!), id)
}
