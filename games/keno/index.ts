/**
 * Keno, as the shell, the tools and the tests see it: the wire, the rules, the round machine and
 * its adapter to a transport, and the game's page (keno's module on the kit's `GamePage`).
 * Exports are listed by name (lint bans `export *`).
 */
export { kenoWire, kenoOutcomeSchema, kenoParamsSchema } from './protocol'
export type { KenoBetAck, KenoBetCommand } from './protocol'
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
export { kenoRoundMachine } from './round.machine'
export { KENO_NAMESPACE, kenoCommandActors, kenoEventFromStream, kenoStreamWire } from './stream'

/** The live keno game for the shell's /games/keno page, and keno as a kit game module. */
export { KenoGame, kenoGame, kenoPageHooks, type KenoGameProps } from './ui/KenoGame'
