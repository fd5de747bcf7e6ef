/**
 * Roulette, as the shell, the tools and the tests see it: the wire, the rules, the round machine
 * and its adapter to a transport, and the game's page (roulette's module on the kit's `GamePage`).
 * Exports are listed by name (lint bans `export *`).
 */
export { rouletteWire, rouletteOutcomeSchema, rouletteParamsSchema } from './protocol'
export type { RouletteBetAck, RouletteBetCommand } from './protocol'
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
export { rouletteRoundMachine } from './round.machine'
export {
  ROULETTE_NAMESPACE,
  rouletteCommandActors,
  rouletteEventFromStream,
  rouletteStreamWire,
} from './stream'

/** The live roulette game for the shell's /games/roulette page, and roulette as a kit module. */
export {
  RouletteGame,
  rouletteGame,
  roulettePageHooks,
  type RouletteGameProps,
} from './ui/RouletteGame'
