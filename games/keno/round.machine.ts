/**
 * Keno's round: the instant kit's machine (`games/kit/instant/round.machine.ts`) over keno's
 * params and outcome. Its command actor is provided by `stream.ts`.
 */
import { createInstantRoundMachine } from '../kit/instant/round.machine'
import type { KenoOutcome, KenoParams } from './rules'

/** The keno round machine (idle, betting, revealing, settled). */
export const kenoRoundMachine = createInstantRoundMachine<KenoParams, KenoOutcome>({
  id: 'keno.round',
})
