/**
 * Dice: a roll of 0.00–100.00 from the bet's first float, `floor(float * 10001) / 100` (the
 * published conversion, so independent verifiers agree), and a bet that it lands over or under a
 * target. The win chance (0.01–98 %), the target and the multiplier (99 / chance, a 1 % house
 * edge) are three views of one choice, each computable from the others.
 *
 * Everything is integer: the roll and the target are hundredths (5050 is 50.50), the chance is
 * hundredths of a percent (4950 is 49.50 %), the multiplier ten-thousandths (20000 is 2.0000x,
 * the instant kit's scale). Pure: no clock, no randomness but the given float.
 */
import type { Minor } from '../engine/money'
import { MULTIPLIER_SCALE, payoutAt, type InstantMultiplier } from '../kit/instant/protocol'
import type { InstantRules } from '../kit/instant/rules'

/** The highest roll, in hundredths (100.00). Rolls are 0..10000, 10001 values. */
export const MAX_ROLL = 10_000
/** The smallest win chance, hundredths of a percent (0.01 %). */
export const MIN_CHANCE = 1
/** The largest win chance, hundredths of a percent (98 %). */
export const MAX_CHANCE = 9_800
/** The return to player the multiplier is priced at, in percent (a 1 % house edge). */
export const RTP_PERCENT = 99

/** Which side of the target wins. */
export type Direction = 'over' | 'under'

/** What the player chooses: the target (hundredths) and whether the roll must land over or under it. */
export interface DiceParams {
  readonly target: number
  readonly direction: Direction
}

/** The roll of a bet's first float, in hundredths: `floor(float * 10001)`, 0..10000. */
export function rollOf(float: number): number {
  return Math.floor(float * (MAX_ROLL + 1))
}

/** Formats a roll or a target in hundredths as the player reads it (`5050` → `"50.50"`). */
export function formatHundredths(value: number): string {
  return (value / 100).toFixed(2)
}

/**
 * The win chance of a target, in hundredths of a percent: under `t` wins on rolls below `t`, over
 * `t` on rolls above it, and the chance shown is `t` or `100.00 - t` (as players know it; the
 * 10001 possible rolls make the true odds `chance × 10000 / 10001`, see docs/games.md).
 */
export function chanceOf(params: DiceParams): number {
  return params.direction === 'under' ? params.target : MAX_ROLL - params.target
}

/** The target that gives `chance` on `direction` (the inverse of {@link chanceOf}). */
export function targetFor(chance: number, direction: Direction): number {
  return direction === 'under' ? chance : MAX_ROLL - chance
}

/** True when `chance` is a whole number of hundredths of a percent in 0.01–98 %. */
export function isChance(chance: number): boolean {
  return Number.isInteger(chance) && chance >= MIN_CHANCE && chance <= MAX_CHANCE
}

/** True when the params make a legal bet (an integer target whose chance is in 0.01–98 %). */
export function isValidParams(params: DiceParams): boolean {
  return (
    Number.isInteger(params.target) &&
    params.target >= 0 &&
    params.target <= MAX_ROLL &&
    isChance(chanceOf(params))
  )
}

/**
 * The multiplier of a win at `chance`: `99 / chance%`, floored to ten-thousandths
 * (49.50 % → 2.0000x, 0.01 % → 9900.0000x, 98 % → 1.0102x).
 */
export function multiplierFor(chance: number): InstantMultiplier {
  // 99 / (chance / 100) in units of 1/MULTIPLIER_SCALE: 99 * 100 * SCALE / chance.
  return Math.floor((RTP_PERCENT * 100 * MULTIPLIER_SCALE) / chance) as InstantMultiplier
}

/**
 * The chance (hundredths of a percent) a multiplier the player typed stands for, as a multiplier
 * field links to the chance field: `99 / x` floored to 0.01 % (the largest chance that still pays
 * at least `x`) and clamped to 0.01–98 %. The multiplier then shown is `multiplierFor` of that
 * chance, and `chanceForMultiplier(multiplierFor(c)) === c` for every chance.
 */
export function chanceForMultiplier(multiplier: number): number {
  if (!(multiplier > 0)) return MIN_CHANCE
  const chance = Math.floor((RTP_PERCENT * 100 * MULTIPLIER_SCALE) / multiplier)
  return Math.min(MAX_CHANCE, Math.max(MIN_CHANCE, chance))
}

/** True when `roll` wins the bet. */
export function isWin(params: DiceParams, roll: number): boolean {
  return params.direction === 'under' ? roll < params.target : roll > params.target
}

/** What the server drew for a dice bet: the roll, in hundredths. */
export interface DiceOutcome {
  readonly roll: number
}

/** A settled dice bet: the roll and what it paid. */
export interface DiceResult {
  readonly roll: number
  readonly win: boolean
  /** The bet's multiplier on a win, 0 on a loss. */
  readonly multiplier: InstantMultiplier
  readonly payout: Minor
}

/** The whole bet from its first float (the server and the verifier both call this). */
export function settleDice(params: DiceParams, amount: Minor, float: number): DiceResult {
  const roll = rollOf(float)
  const win = isWin(params, roll)
  const multiplier = win ? multiplierFor(chanceOf(params)) : (0 as InstantMultiplier)
  return { roll, win, multiplier, payout: payoutAt(amount, multiplier) }
}

/** The largest payout a bet could make (for the maximum-payout check before it is drawn). */
export function maxPayoutOf(params: DiceParams, amount: Minor): Minor {
  return payoutAt(amount, multiplierFor(chanceOf(params)))
}

/** The dice rules as the instant kit runs them. */
export const diceRules: InstantRules<DiceParams, DiceOutcome> = {
  game: 'dice',
  refusal: (params) => (isValidParams(params) ? null : 'bad_request'),
  maxPayout: maxPayoutOf,
  settle(params, amount, floats) {
    const { roll, multiplier, payout } = settleDice(params, amount, floats.next())
    return { outcome: { roll }, multiplier, payout }
  },
}
