/**
 * Keno, as the shell, the tools and the tests see it: the definition, the logic and rules, the
 * browser side the kit derives (wire, machines, stream), and the game's page (keno's module on
 * the kit's `GamePage`). Exports are listed by name (lint bans `export *`).
 */
export { kenoGame } from './game'
export { kenoLogic, kenoOutcomeSchema, kenoParamsSchema } from './protocol'
export { kenoClient } from './client'
export {
  KENO_RISKS,
  KENO_TABLES,
  MAX_PICKS,
  MIN_PICKS,
  hitsOf,
  kenoMultiplier,
  kenoRules,
  settleKeno,
  type KenoOutcome,
  type KenoParams,
  type KenoRisk,
} from './rules'

/** The live keno game for the shell's /games/keno page, and keno as a kit game module. */
export { KenoGame, kenoModule, type KenoGameProps } from './ui/KenoGame'
