/**
 * The published conversions from the float stream (floats.ts) to the outcomes of the instant and
 * stateful games that draw more than one number, so independent verifiers of the scheme agree
 * (docs/games.md has them written out):
 * - distinct draws (keno, mines): for each float in turn, index `floor(float * remaining)` of the
 *   items not yet drawn, kept in ascending order;
 * - a card (hilo): `CARDS[floor(float * 52)]`, ranks 2 to A, each rank in the suit order
 *   diamonds, hearts, spades, clubs (an infinite deck);
 * - a case ticket: `floor(float * 100000) + 1`, 1 to 100000;
 * - a coin: `floor(float * 2)`, 0 heads, 1 tails.
 */
import type { FloatCursor } from './floats'

/**
 * Draws `count` distinct items of `items` (given in ascending order) from the cursor's next
 * `count` floats: each takes index `floor(float * remaining)` of the items left.
 */
export function drawDistinct<T>(cursor: FloatCursor, items: readonly T[], count: number): T[] {
  if (!Number.isInteger(count) || count < 0 || count > items.length) {
    throw new Error(`[Fairness] cannot draw ${count} of ${items.length} items`)
  }
  const left = [...items]
  const drawn: T[] = []
  for (let i = 0; i < count; i++) {
    drawn.push(left.splice(Math.floor(cursor.next() * left.length), 1)[0]!)
  }
  return drawn
}

/** Keno's numbers, 1 to 40, and how many are drawn. */
export const KENO_NUMBERS = 40
export const KENO_DRAWS = 10

/** Keno's draw: 10 distinct numbers of 1–40, in the order drawn. */
export function kenoDraw(cursor: FloatCursor): number[] {
  return drawDistinct(cursor, KENO_ITEMS, KENO_DRAWS)
}

/** 1–40 once: `drawDistinct` copies it, so a draw allocates one array, not two. */
const KENO_ITEMS: readonly number[] = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1)

/** Mines' board: tiles 0–24, row-major from the top left. */
export const MINES_TILES = 25

/**
 * The tiles of `mines` mines (1–24): the first `mines` of 24 tiles drawn distinct, so a board
 * with fewer mines is a prefix of the 24-mine board.
 */
export function minesBoard(cursor: FloatCursor, mines: number): number[] {
  if (!Number.isInteger(mines) || mines < 1 || mines > MINES_TILES - 1) {
    throw new Error(`[Fairness] mines must be 1 to ${MINES_TILES - 1}, got ${mines}`)
  }
  const tiles = Array.from({ length: MINES_TILES }, (_, i) => i)
  return drawDistinct(cursor, tiles, MINES_TILES - 1).slice(0, mines)
}

/** Card ranks, lowest index first, and suits in the deck's order. */
export const CARD_RANKS = [
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'J',
  'Q',
  'K',
  'A',
] as const
export const CARD_SUITS = ['♦', '♥', '♠', '♣'] as const

/** A card of the infinite deck. */
export interface Card {
  readonly rank: (typeof CARD_RANKS)[number]
  readonly suit: (typeof CARD_SUITS)[number]
  /** Its index in {@link CARDS}, 0–51. */
  readonly index: number
}

/** The 52 cards in the published order: 2♦ 2♥ 2♠ 2♣ 3♦ … A♣. */
export const CARDS: readonly Card[] = CARD_RANKS.flatMap((rank, r) =>
  CARD_SUITS.map((suit, s) => ({ rank, suit, index: r * 4 + s })),
)

/** The card of one float: `CARDS[floor(float * 52)]`. */
export function cardOf(float: number): Card {
  return CARDS[Math.floor(float * CARDS.length)]!
}

/** The tickets of a case: 1 to 100 000. */
export const CASE_TICKETS = 100_000

/** A case opening's ticket: `floor(float * 100000) + 1`. */
export function caseTicket(float: number): number {
  return Math.floor(float * CASE_TICKETS) + 1
}

/** A coin flip: `floor(float * 2)`, 0 heads and 1 tails. */
export function coinOf(float: number): 'heads' | 'tails' {
  return Math.floor(float * 2) === 0 ? 'heads' : 'tails'
}
