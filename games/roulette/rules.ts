/**
 * European roulette (single zero): the pocket is `floor(float * 37)` of the bet's first float
 * (the published conversion), and a spin carries many bets on the standard table layout, each
 * paying `n:1` when the pocket is among its numbers. Every bet returns 36/37 of its stake on
 * average: a bet covering k numbers pays `36/k - 1` to 1.
 *
 * The layout: 0 on top; 1–36 in 12 rows of 3 (row r holds 3r-2, 3r-1, 3r), so column 1 holds
 * 1, 4, ... 34. Inside bets name their numbers (sorted), checked against the layout; outside bets
 * name a selection. Pure: no clock, no randomness but the given float.
 */
import { type Minor } from '../engine/money'
import { multiplierOf, type InstantMultiplier } from '../kit/instant/protocol'
import type { InstantRules } from '../kit/instant/rules'

/** Pockets on the wheel: 0..36. */
export const POCKETS = 37
/** The most bets one spin may carry (the layout has 157 distinct positions). */
export const MAX_BETS_PER_SPIN = 200

/** The red numbers of the European layout; every other number but 0 is black. */
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
])

/** Colour of a pocket. */
export function colorOf(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green'
  return RED_NUMBERS.has(pocket) ? 'red' : 'black'
}

/** Inside bets: the numbers they cover are named. */
export const INSIDE_KINDS = ['straight', 'split', 'street', 'corner', 'line'] as const
/** Dozen (1–12, 13–24, 25–36) and column bets: a selection 1, 2 or 3. */
export const THIRD_KINDS = ['dozen', 'column'] as const
/** Even-money bets: no selection. */
export const EVEN_KINDS = ['red', 'black', 'odd', 'even', 'low', 'high'] as const

/** An inside bet kind. */
export type InsideKind = (typeof INSIDE_KINDS)[number]
/** A dozen or column bet kind. */
export type ThirdKind = (typeof THIRD_KINDS)[number]
/** An even-money bet kind. */
export type EvenKind = (typeof EVEN_KINDS)[number]

/** One bet of a spin: a chip stack on one table position. */
export type RouletteBet =
  | { readonly kind: InsideKind; readonly numbers: readonly number[]; readonly amount: Minor }
  | { readonly kind: ThirdKind; readonly index: 1 | 2 | 3; readonly amount: Minor }
  | { readonly kind: EvenKind; readonly amount: Minor }

/** What the player chooses: the chips of one spin. */
export interface RouletteParams {
  readonly bets: readonly RouletteBet[]
}

/** What the server drew: the pocket. */
export interface RouletteOutcome {
  readonly pocket: number
}

/** How many numbers each inside kind covers. */
const INSIDE_SIZE: Readonly<Record<InsideKind, number>> = {
  straight: 1,
  split: 2,
  street: 3,
  corner: 4,
  line: 6,
}

/** Payout odds `n` of `n:1` per kind. */
export const PAYOUT_ODDS: Readonly<Record<RouletteBet['kind'], number>> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
}

const isNumber = (n: number) => Number.isInteger(n) && n >= 0 && n <= 36
/** Column of a number 1–36: 1, 2 or 3. */
const columnOf = (n: number) => ((n - 1) % 3) + 1

/**
 * True when sorted `numbers` are a legal position of `kind` on the layout:
 * - straight: any pocket 0–36;
 * - split: two neighbours in a row (a, a+1 within the row) or a column (a, a+3), or 0 with 1, 2 or 3;
 * - street: a row (3r-2, 3r-1, 3r), or the trios 0-1-2 and 0-2-3;
 * - corner: a, a+1, a+3, a+4 with a not in column 3, or the first four 0-1-2-3;
 * - line: two adjacent rows (six numbers, 3r-2 .. 3r+3).
 */
export function isLegalInside(kind: InsideKind, numbers: readonly number[]): boolean {
  if (numbers.length !== INSIDE_SIZE[kind] || !numbers.every(isNumber)) return false
  for (let i = 1; i < numbers.length; i++) if (numbers[i]! <= numbers[i - 1]!) return false
  const [a, b] = numbers as [number, number]
  const key = numbers.join('-')
  switch (kind) {
    case 'straight':
      return true
    case 'split':
      if (a === 0) return b >= 1 && b <= 3
      return (b === a + 1 && columnOf(a) !== 3) || b === a + 3
    case 'street':
      return (
        key === '0-1-2' || key === '0-2-3' || (a >= 1 && columnOf(a) === 1 && key === row(a, 3))
      )
    case 'corner':
      return (
        key === '0-1-2-3' ||
        (a >= 1 && a <= 32 && columnOf(a) !== 3 && key === [a, a + 1, a + 3, a + 4].join('-'))
      )
    case 'line':
      return a >= 1 && a <= 31 && columnOf(a) === 1 && key === row(a, 6)
    default: {
      const never: never = kind
      throw new Error(`[roulette/rules] unknown inside kind ${String(never)}`)
    }
  }
}

/** `count` consecutive numbers from `a`, joined as a key. */
function row(a: number, count: number): string {
  return Array.from({ length: count }, (_, i) => a + i).join('-')
}

/** The numbers a bet covers, ascending (what the table highlights). */
export function numbersOf(bet: RouletteBet): readonly number[] {
  return Array.from({ length: POCKETS }, (_, n) => n).filter((n) => covers(bet, n))
}

/** True when the bet is a legal position with a positive whole stake. */
export function isLegalBet(bet: RouletteBet): boolean {
  if (!Number.isSafeInteger(bet.amount) || bet.amount <= 0) return false
  if ((INSIDE_KINDS as readonly string[]).includes(bet.kind)) {
    return isLegalInside(bet.kind as InsideKind, (bet as { numbers: readonly number[] }).numbers)
  }
  if ((THIRD_KINDS as readonly string[]).includes(bet.kind)) {
    const index = (bet as { index: number }).index
    return index === 1 || index === 2 || index === 3
  }
  return (EVEN_KINDS as readonly string[]).includes(bet.kind)
}

/** The total stake of a spin: the sum of its chips. */
export function totalStake(params: RouletteParams): Minor {
  return params.bets.reduce((sum, bet) => sum + bet.amount, 0) as Minor
}

/** Null when the spin is legal for a stake of `amount`, else `bad_request`. */
export function spinRefusal(params: RouletteParams, amount: Minor): 'bad_request' | null {
  const { bets } = params
  if (bets.length === 0 || bets.length > MAX_BETS_PER_SPIN) return 'bad_request'
  if (!bets.every(isLegalBet)) return 'bad_request'
  return totalStake(params) === amount ? null : 'bad_request'
}

/** True when the spin is legal as it stands: 1 to 200 legal bets, its amount their sum. */
export function isValidSpin(params: RouletteParams): boolean {
  return spinRefusal(params, totalStake(params)) === null
}

/** True when the bet covers `pocket` (arithmetic, so a million spins need no number lists). */
export function covers(bet: RouletteBet, pocket: number): boolean {
  switch (bet.kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
      return bet.numbers.includes(pocket)
    case 'dozen':
      return pocket > 0 && Math.ceil(pocket / 12) === bet.index
    case 'column':
      return pocket > 0 && columnOf(pocket) === bet.index
    case 'red':
      return RED_NUMBERS.has(pocket)
    case 'black':
      return pocket > 0 && !RED_NUMBERS.has(pocket)
    case 'odd':
      return pocket % 2 === 1
    case 'even':
      return pocket > 0 && pocket % 2 === 0
    case 'low':
      return pocket >= 1 && pocket <= 18
    case 'high':
      return pocket >= 19
    default: {
      const never: never = bet
      throw new Error(`[roulette/rules] unknown bet ${JSON.stringify(never)}`)
    }
  }
}

/** What one bet returns (stake included) when the ball lands on `pocket`: 0 when it loses. */
export function betPayout(bet: RouletteBet, pocket: number): Minor {
  return (covers(bet, pocket) ? bet.amount * (PAYOUT_ODDS[bet.kind] + 1) : 0) as Minor
}

/** The pocket of a spin's first float: `floor(float * 37)`. */
export function pocketOf(float: number): number {
  return Math.floor(float * POCKETS)
}

/** What the spin returns on `pocket`: the sum of every winning bet's stake and winnings. */
export function spinPayout(params: RouletteParams, pocket: number): Minor {
  return params.bets.reduce((sum, bet) => sum + betPayout(bet, pocket), 0) as Minor
}

/** The most a spin could pay, over every pocket (for the maximum-payout check). */
export function maxSpinPayout(params: RouletteParams): Minor {
  let best = 0
  for (let pocket = 0; pocket < POCKETS; pocket++) best = Math.max(best, spinPayout(params, pocket))
  return best as Minor
}

/** The roulette rules as the instant kit runs them. */
export const rouletteRules: InstantRules<RouletteParams, RouletteOutcome> = {
  game: 'roulette',
  refusal: spinRefusal,
  maxPayout: maxSpinPayout,
  settle(params, amount, floats) {
    const pocket = pocketOf(floats.next())
    const payout = spinPayout(params, pocket)
    const multiplier: InstantMultiplier = multiplierOf(amount, payout)
    return { outcome: { pocket }, multiplier, payout }
  },
}
