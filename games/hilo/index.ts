/**
 * Hilo, as the shell, the tools and the tests see it: the definition, the logic and rules. Exports
 * are listed by name (lint bans `export *`).
 */
export { hiloGame } from './game'
export { hiloClient } from './client'

/** The live hilo game for the shell's /games/hilo page, and hilo as a kit game module. */
export { HiloGame, hiloModule, type HiloGameProps } from './ui/HiloGame'
export {
  hiloActionSchema,
  hiloLogic,
  hiloNextMultiplier,
  hiloOutcomeSchema,
  hiloParamsSchema,
  hiloViewSchema,
  type HiloAction,
  type HiloOutcome,
  type HiloParams,
  type HiloView,
} from './protocol'
export {
  HILO_MOVES,
  MAX_SKIPS,
  guessMultiplier,
  guessesOn,
  rankOf,
  winningRanks,
  type HiloGuess,
  type HiloMove,
} from './rules'
