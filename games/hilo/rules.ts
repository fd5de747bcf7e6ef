/**
 * Hilo (Stake's Hilo): cards from the round's floats, card n = `CARDS[floor(float_n × 52)]`
 * (`cardOf`, games/engine/fairness/draws.ts; an infinite deck). Card 0 is the start card, and
 * every guess or skip takes the next card. In play the ace is the lowest rank and the king the
 * highest (A = 1 … K = 13), though the ace comes last in the deck's index order.
 *
 * The guesses follow GAMES-REFERENCE.md ("Hilo"): on a card of rank r, higher-or-same wins with
 * chance (14 − r) / 13 and lower-or-same with r / 13; "on an ace or a king the choices become
 * higher / same or lower / same" (on an ace higher-or-same is certain, on a king lower-or-same),
 * higher winning 12/13 and same 1/13. Each guess pays `0.99 / p`, and the round's multiplier is
 * the product of its correct guesses, so k guesses return 0.99^k as players know from Stake.
 * Up to 52 skips a round; a cash-out needs at least one correct guess. Pure and isomorphic.
 */
import { cardOf, type Card } from '../engine/fairness/draws'
import { MULTIPLIER_SCALE, type InstantMultiplier } from '../kit/instant/protocol'
import { reachesCap, type StakeCap } from '../kit/stateful/rules'

export { cardOf, type Card }
/** What a cash-out pays: stake × multiplier floored, never above the cap. */
export { cappedPayout as cashOutPayout, type StakeCap } from '../kit/stateful/rules'

/** The scale read once into this module: an imported binding can be a getter, and hot loops pay. */
const SCALE = MULTIPLIER_SCALE

/** The ranks in play: the ace lowest, the king highest. */
export const ACE = 1
export const KING = 13
/** How many skips one round may take. */
export const MAX_SKIPS = 52

/** A guess on the next card, or a skip of it. */
export const HILO_MOVES = [
  'higherOrSame',
  'lowerOrSame',
  'higher',
  'lower',
  'same',
  'skip',
] as const
/** A move of a round. */
export type HiloMove = (typeof HILO_MOVES)[number]
/** A move that stakes the round's multiplier on the next card. */
export type HiloGuess = Exclude<HiloMove, 'skip'>

/** A card's rank in play: A = 1, 2 … 10, J = 11, Q = 12, K = 13 (the deck indexes 2 … K, A). */
export function rankOf(card: Card): number {
  const deckRank = Math.floor(card.index / 4) // 0 is a two, 12 an ace
  return deckRank === 12 ? ACE : deckRank + 2
}

/** The guesses offered on a card of `rank` (GAMES-REFERENCE.md: the edges differ). */
export function guessesOn(rank: number): readonly HiloGuess[] {
  return rank === ACE ? ON_ACE : rank === KING ? ON_KING : IN_BETWEEN
}

// Constants, so the millions of moves of the RTP tests allocate no option lists.
const ON_ACE: readonly HiloGuess[] = ['higher', 'same']
const ON_KING: readonly HiloGuess[] = ['lower', 'same']
const IN_BETWEEN: readonly HiloGuess[] = ['higherOrSame', 'lowerOrSame']

/** How many of the 13 ranks win `guess` on a card of `rank` (its chance is this over 13). */
export function winningRanks(rank: number, guess: HiloGuess): number {
  switch (guess) {
    case 'higherOrSame':
      return KING + 1 - rank
    case 'lowerOrSame':
      return rank
    case 'higher':
      return KING - rank
    case 'lower':
      return rank - ACE
    case 'same':
      return 1
    default: {
      const never: never = guess
      throw new Error(`[hilo] unknown guess ${String(never)}`)
    }
  }
}

/** True when `guess` on a card of `rank` wins with the next card of `next` rank. */
export function guessWins(rank: number, guess: HiloGuess, next: number): boolean {
  switch (guess) {
    case 'higherOrSame':
      return next >= rank
    case 'lowerOrSame':
      return next <= rank
    case 'higher':
      return next > rank
    case 'lower':
      return next < rank
    case 'same':
      return next === rank
    default: {
      const never: never = guess
      throw new Error(`[hilo] unknown guess ${String(never)}`)
    }
  }
}

/**
 * What `guess` pays on a card of `rank`, in ten-thousandths: `0.99 / p` with p = w / 13 (w the
 * winning ranks), floored: `floor(128700 / w)` (same: 12.8700x; higher on an ace and
 * higher-or-same on a two: 1.0725x). Floored so the shown multiplier never pays past 99 %.
 * Throws on a guess not offered on that rank ({@link guessesOn}).
 */
export function guessMultiplier(rank: number, guess: HiloGuess): InstantMultiplier {
  const table = MULTIPLIERS[rank]
  // Own keys only: a guess read off the wire as "constructor" must not find Object's.
  const multiplier = table && Object.hasOwn(table, guess) ? table[guess] : undefined
  if (multiplier === undefined) throw new Error(`[hilo] ${guess} is not offered on rank ${rank}`)
  return multiplier
}

/**
 * Every offered guess's multiplier by rank, computed once: the RTP tests play millions of moves,
 * and a lookup also answers "is this guess offered here" ({@link moveRefusal}).
 */
const MULTIPLIERS: readonly Partial<Record<HiloGuess, InstantMultiplier>>[] = Array.from(
  { length: KING + 1 },
  (_, rank) =>
    rank < ACE
      ? {}
      : Object.fromEntries(
          guessesOn(rank).map((guess) => [
            guess,
            Math.floor((99 * KING * MULTIPLIER_SCALE) / 100 / winningRanks(rank, guess)),
          ]),
        ),
)

/** An open round as the rules see it: its cards so far, the running multiplier and its counts. */
export interface HiloRound {
  /** Card 0 (the start card) and every card a move has taken since, in order. */
  readonly cards: readonly Card[]
  /** The product of the correct guesses' multipliers, ten-thousandths (1.0000x before any). */
  readonly multiplier: InstantMultiplier
  readonly correct: number
  readonly skips: number
}

/** A new round on its start card (the round's float 0). */
export function startRound(start: Card): HiloRound {
  return { cards: [start], multiplier: MULTIPLIER_SCALE as InstantMultiplier, correct: 0, skips: 0 }
}

/** Null when `move` is legal in `round`, else why not: a guess not offered, or a 53rd skip. */
export function moveRefusal(round: HiloRound, move: HiloMove): 'bad_request' | null {
  if (!HILO_MOVES.includes(move)) return 'bad_request'
  if (move === 'skip') return round.skips < MAX_SKIPS ? null : 'bad_request'
  return Object.hasOwn(MULTIPLIERS[rankOf(lastCard(round))]!, move) ? null : 'bad_request'
}

/** How a move left the round: open, lost on a wrong guess, or cashed out at the cap. */
export type HiloStepEnd = 'open' | 'wrong' | 'cap'

/** A move's result: the round after it and how it ended. */
export interface HiloStep {
  readonly round: HiloRound
  /** Whether the guess won (null for a skip). */
  readonly won: boolean | null
  readonly end: HiloStepEnd
}

/**
 * Plays `move` with `next` (the round's next card, float `round.cards.length`). The running
 * multiplier is floored to ten-thousandths at each correct guess, `floor(m × g / 10000)`, so the
 * shown figure is the one carried (the browser and the server never disagree on a hidden
 * fraction) and the floors only ever lower it. Throws on a move {@link moveRefusal} refuses.
 */
export function playMove(round: HiloRound, move: HiloMove, next: Card, stake: StakeCap): HiloStep {
  if (moveRefusal(round, move) !== null) {
    throw new Error(`[hilo] ${move} is not a legal move after ${round.cards.length} cards`)
  }
  // Literals rather than spreads: one object shape for every round, and millions of moves in the
  // RTP tests (the spreads made a move about ten times slower).
  const { multiplier, correct, skips } = round
  const cards = round.cards.slice() // not concat: it looks up Symbol.isConcatSpreadable on a card
  cards.push(next)
  if (move === 'skip') {
    return { round: { cards, multiplier, correct, skips: skips + 1 }, won: null, end: 'open' }
  }
  const rank = rankOf(lastCard(round))
  if (!guessWins(rank, move, rankOf(next))) {
    const lost = { cards, multiplier: 0 as InstantMultiplier, correct, skips }
    return { round: lost, won: false, end: 'wrong' }
  }
  const now = stepMultiplier(multiplier, guessMultiplier(rank, move))
  const won = { cards, multiplier: now, correct: correct + 1, skips }
  return { round: won, won: true, end: reachesCap(stake, now) ? 'cap' : 'open' }
}

/**
 * The running multiplier after a correct guess paying `guess`: `floor(running × guess / 10000)`.
 * The round ends at the cap long before this passes 2^53 (every guess pays at least 1.0725x).
 */
export function stepMultiplier(running: number, guess: number): InstantMultiplier {
  const product = running * guess
  if (!Number.isSafeInteger(product)) throw new Error(`[hilo] multiplier overflow at ${running}`)
  return ((product - (product % SCALE)) / SCALE) as InstantMultiplier
}

/** True when `round` may cash out: after at least one correct guess. */
export function canCashOut(round: HiloRound): boolean {
  return round.correct > 0
}

/**
 * The likelier guess on a card of `rank` (ties, on a seven, take higher-or-same): what the RTP
 * tests play and what a "safest" hint would show.
 */
export function likelierGuess(rank: number): HiloGuess {
  const [a, b] = guessesOn(rank) as [HiloGuess, HiloGuess]
  return winningRanks(rank, b) > winningRanks(rank, a) ? b : a
}

/** The round's last card: the one the next move guesses on. */
export function lastCard(round: HiloRound): Card {
  return round.cards[round.cards.length - 1]!
}
