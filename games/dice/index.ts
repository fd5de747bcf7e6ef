/**
 * Dice, as the shell, the tools and the tests see it: the wire, the rules, the round machine and
 * its adapter to a transport, and the game's page (dice's module on the kit's `GamePage`).
 * Exports are listed by name (lint bans `export *`).
 */
export { diceWire, diceOutcomeSchema, diceParamsSchema } from './protocol'
export type { DiceBetAck, DiceBetCommand } from './protocol'
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
export { diceRoundMachine } from './round.machine'
export { DICE_NAMESPACE, diceCommandActors, diceEventFromStream, diceStreamWire } from './stream'

/** The live dice game for the shell's /games/dice page, and dice as a kit game module. */
export { DiceGame, diceGame, dicePageHooks, type DiceGameProps } from './ui/DiceGame'
