/**
 * Roulette's round: the instant kit's machine (`games/kit/instant/round.machine.ts`) over
 * roulette's params (the chips of one spin) and outcome (the pocket). Its command actor is
 * provided by `stream.ts`.
 */
import { createInstantRoundMachine } from '../kit/instant/round.machine'
import type { RouletteOutcome, RouletteParams } from './rules'

/** The roulette round machine (idle, betting, revealing, settled). */
export const rouletteRoundMachine = createInstantRoundMachine<RouletteParams, RouletteOutcome>({
  id: 'roulette.round',
})
