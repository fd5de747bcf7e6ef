/**
 * Roulette in the browser, derived by the instant kit from its definition and logic
 * (games/kit/instant/client.ts), with roulette's stake rule for the auto-bet. A spin's amount is
 * the sum of its chips, so the run bets the chip layout: a percentage change after a win or a
 * loss scales every chip (`scaleStakes`: the kit's rounding, each chip at least the minimum bet,
 * the total within the maximum), and `reset` goes back to the layout the run started with.
 * No React here, so recordings and replays use it in Node.
 */
import { scaleStakes, type InstantStakeRule } from '../kit/instant/autobet.machine'
import { instantClient } from '../kit/instant/client'
import { rouletteGame } from './game'
import { rouletteLogic } from './protocol'
import { isValidSpin, totalStake, type RouletteParams } from './rules'

/** A spin's amount is its chips' sum; a change scales each chip, or fails on the limits. */
export const rouletteStakeRule: InstantStakeRule<RouletteParams> = {
  amountOf: totalStake,
  scale(params, change, limits) {
    const amounts = scaleStakes(
      params.bets.map((bet) => bet.amount),
      change,
      limits,
    )
    return amounts && { bets: params.bets.map((bet, i) => ({ ...bet, amount: amounts[i]! })) }
  },
}

/** Roulette's browser side. */
export const rouletteClient = instantClient(rouletteGame, rouletteLogic, {
  paramsValid: isValidSpin,
  stake: rouletteStakeRule,
})
