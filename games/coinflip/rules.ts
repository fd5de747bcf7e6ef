/**
 * Coinflip: the player calls a side for each flip, and flip n lands `float_n < 0.5 ? heads : tails`
 * (`coinOf`, games/engine/fairness/draws.ts: `floor(float × 2)`, the same split). After n correct
 * calls the round pays `0.99 × 2^n` (1.98, 3.96, 7.92 …): one 1 % edge a round, as miner, not one
 * a flip. A wrong call loses; the 20th correct call, or the payout cap, cashes out at once; a
 * cash-out needs one correct call. The one-trip auto-bet flips a chosen sequence of calls.
 * Pure and isomorphic: the server, the browser's verifier and the CLI run this same code.
 */
import { coinOf } from '../engine/fairness/draws'
import type { FloatCursor } from '../engine/fairness/floats'
import type { Minor } from '../engine/money'
import type { InstantMultiplier } from '../kit/instant/protocol'
import type { InstantRules } from '../kit/instant/rules'
import { exactPayout, reachesCap, type StakeCap } from '../kit/stateful/rules'

/** What a cash-out pays: stake × multiplier floored, never above the cap. */
export { cappedPayout as cashOutPayout, type StakeCap } from '../kit/stateful/rules'

/** The sides of the coin. */
export const SIDES = ['heads', 'tails'] as const
/** A side, and a call of one. */
export type Side = (typeof SIDES)[number]
/** The most flips a round may take. */
export const MAX_FLIPS = 20

/** The side of one float: heads below 0.5, tails from 0.5 (`coinOf`). */
export function sideOf(float: number): Side {
  return coinOf(float)
}

/** True when `call` is a side. */
export function isSide(call: unknown): call is Side {
  return SIDES.includes(call as Side)
}

/**
 * The multiplier after `streak` correct calls, ten-thousandths: `9900 × 2^n`, exactly
 * 0.99 × 2^n with no rounding (20 calls: 10,380,902,400, well under 2^53). 0 calls give 0.99x by
 * the formula; a round cannot cash out there ({@link canCashOut}).
 */
export function coinflipMultiplier(streak: number): InstantMultiplier {
  if (!Number.isInteger(streak) || streak < 0 || streak > MAX_FLIPS) {
    throw new Error(`[coinflip] no multiplier for a streak of ${streak}`)
  }
  return (9900 * 2 ** streak) as InstantMultiplier
}

/** How a flip left the round: open, lost on a wrong call, or cashed out (20 flips or the cap). */
export type CoinflipStepEnd = 'open' | 'wrong' | 'flips' | 'cap'

/** A flip's result. */
export interface CoinflipStep {
  readonly side: Side
  /** The correct calls so far (unchanged by a wrong call). */
  readonly streak: number
  /** The round's multiplier after the flip (0 on a wrong call). */
  readonly multiplier: InstantMultiplier
  readonly end: CoinflipStepEnd
}

/** Null when a round with `streak` correct calls may flip again on `call`, else why not. */
export function flipRefusal(streak: number, call: unknown): 'bad_request' | null {
  return isSide(call) && Number.isInteger(streak) && streak >= 0 && streak < MAX_FLIPS
    ? null
    : 'bad_request'
}

/**
 * Flips the round's next float (float `streak`: every flip so far was a correct call) on `call`.
 * Throws on a flip {@link flipRefusal} refuses.
 */
export function flip(streak: number, call: Side, float: number, stake: StakeCap): CoinflipStep {
  if (flipRefusal(streak, call) !== null) {
    throw new Error(`[coinflip] cannot flip on ${String(call)} after a streak of ${streak}`)
  }
  const side = sideOf(float)
  if (side !== call) return { side, streak, multiplier: 0 as InstantMultiplier, end: 'wrong' }
  const multiplier = coinflipMultiplier(streak + 1)
  const end = streak + 1 === MAX_FLIPS ? 'flips' : reachesCap(stake, multiplier) ? 'cap' : 'open'
  return { side, streak: streak + 1, multiplier, end }
}

/** True when a round with `streak` correct calls may cash out: after one. */
export function canCashOut(streak: number): boolean {
  return streak > 0
}

/** The one-trip auto-bet: the calls, flipped in order until one is wrong. */
export interface CoinflipAutoParams {
  readonly calls: readonly Side[]
}

/** An auto-bet's flips: up to and including the first wrong call (the rest are never flipped). */
export interface CoinflipAutoOutcome {
  readonly sides: Side[]
}

/** True when `calls` are 1 to 20 sides. */
export function isValidCalls(calls: readonly unknown[]): calls is Side[] {
  return calls.length >= 1 && calls.length <= MAX_FLIPS && calls.every(isSide)
}

/**
 * The auto-bet as the instant kit runs it: the sides of floats 0, 1, … as the round would flip
 * them, paying `0.99 × 2^n` when all n calls are right. As an instant bet it is refused before the
 * draw when that would pass the maximum payout (the kit checks `maxPayout`).
 */
export const coinflipAutoRules: InstantRules<CoinflipAutoParams, CoinflipAutoOutcome> = {
  game: 'coinflip',
  refusal: (params) => (isValidCalls(params.calls) ? null : 'bad_request'),
  maxPayout: (params, amount) =>
    Number(exactPayout(amount, coinflipMultiplier(params.calls.length))) as Minor,
  settle(params, amount, floats: FloatCursor) {
    const sides: Side[] = []
    for (const call of params.calls) {
      sides.push(sideOf(floats.next()))
      if (sides.at(-1) !== call) {
        return { outcome: { sides }, multiplier: 0 as InstantMultiplier, payout: 0 as Minor }
      }
    }
    const multiplier = coinflipMultiplier(sides.length)
    return {
      outcome: { sides },
      multiplier,
      payout: Number(exactPayout(amount, multiplier)) as Minor,
    }
  },
}
