/**
 * Dice, as the shell, the tools and the tests see it: the definition, the logic and rules, the
 * browser side the kit derives (wire, machines, stream), and the game's page (dice's module on the kit's `GamePage`).
 * Exports are listed by name (lint bans `export *`).
 */
export { diceGame } from './game'
export { diceLogic, diceOutcomeSchema, diceParamsSchema } from './protocol'
export { diceClient } from './client'
export {
  MAX_CHANCE,
  MAX_ROLL,
  MIN_CHANCE,
  chanceOf,
  formatHundredths,
  isWin,
  multiplierFor,
  settleDice,
  targetFor,
  type DiceOutcome,
  type DiceParams,
  type Direction,
} from './rules'

/** The live dice game for the shell's /games/dice page, and dice as a kit game module. */
export { DiceGame, diceModule, type DiceGameProps } from './ui/DiceGame'
