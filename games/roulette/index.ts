/**
 * Roulette, as the shell, the tools and the tests see it: the definition, the logic and rules,
 * the browser side the kit derives (wire, machines, stream), and the game's page (roulette's module on the kit's `GamePage`).
 * Exports are listed by name (lint bans `export *`).
 */
export { rouletteGame } from './game'
export { rouletteLogic, rouletteOutcomeSchema, rouletteParamsSchema } from './protocol'
export { rouletteClient, rouletteStakeRule } from './client'
export {
  PAYOUT_ODDS,
  POCKETS,
  colorOf,
  rouletteRules,
  spinPayout,
  totalStake,
  type RouletteBet,
  type RouletteOutcome,
  type RouletteParams,
} from './rules'

/** The live roulette game for the shell's /games/roulette page, and roulette as a kit module. */
export { RouletteGame, rouletteModule, type RouletteGameProps } from './ui/RouletteGame'
