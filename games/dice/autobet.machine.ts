/**
 * Dice's auto-bet: the instant kit's auto-bet machine (games/kit/instant/autobet.machine.ts) over
 * dice's params, the side and target every bet of the run carries.
 */
import { createInstantAutobetMachine } from '../kit/instant/autobet.machine'
import { isValidParams, type DiceParams } from './rules'

/** Dice's auto-bet machine. */
export const diceAutobetMachine = createInstantAutobetMachine<DiceParams>({
  id: 'diceAutobet',
  paramsValid: isValidParams,
})
