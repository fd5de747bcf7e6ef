/**
 * Dice's round: the instant kit's machine (`games/kit/instant/round.machine.ts`) over dice's
 * params and outcome. Its command actor is provided by `stream.ts`.
 */
import { createInstantRoundMachine } from '../kit/instant/round.machine'
import type { DiceOutcome, DiceParams } from './rules'

/** The dice round machine (idle, betting, revealing, settled). */
export const diceRoundMachine = createInstantRoundMachine<DiceParams, DiceOutcome>({
  id: 'dice.round',
})
