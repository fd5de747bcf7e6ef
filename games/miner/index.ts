/**
 * Miner, as the shell, the tools and the tests see it: the definition, the logic and rules, the
 * browser side the kit derives (wire, round machine, stream), and the game's page (miner's module
 * on the kit's `GamePage`). Exports are listed by name (lint bans `export *`).
 */
export { minerGame } from './game'
export {
  minerAutoLogic,
  minerLogic,
  minerStatefulRules,
  nextMinerMultiplier,
  type MinerAction,
  type MinerOutcome,
  type MinerReveal,
  type MinerView,
} from './protocol'
export { minerClient } from './client'
export {
  MAX_MINES,
  MIN_MINES,
  minerBoard,
  minerMultiplier,
  safeTiles,
  type MinerParams,
} from './rules'

/** The live miner game for the shell's /games/miner page, and miner as a kit game module. */
export { MinerGame, minerModule, type MinerGameProps } from './ui/MinerGame'
