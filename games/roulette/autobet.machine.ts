/**
 * Roulette's auto-bet: the instant kit's auto-bet machine (games/kit/instant/autobet.machine.ts)
 * with roulette's stake rule. A spin's amount is the sum of its chips, so the run bets the chip
 * layout: a percentage change after a win or a loss scales every chip (`scaleStakes`: the kit's
 * rounding, each chip at least the minimum bet, the total within the maximum), and `reset` goes
 * back to the layout the run started with.
 */
import { createInstantAutobetMachine, scaleStakes } from '../kit/instant/autobet.machine'
import type { InstantStakeRule } from '../kit/instant/autobet.machine'
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

/** Roulette's auto-bet machine. */
export const rouletteAutobetMachine = createInstantAutobetMachine<RouletteParams>({
  id: 'rouletteAutobet',
  paramsValid: isValidSpin,
  stake: rouletteStakeRule,
})
