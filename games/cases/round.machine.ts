/**
 * A case opening's round: the instant kit's machine (`games/kit/instant/round.machine.ts`) over
 * an opening's params and outcome. Its command actor is provided by `stream.ts`.
 */
import { createInstantRoundMachine } from '../kit/instant/round.machine'
import type { CaseOutcome, CaseParams } from './rules'

/** The cases round machine (idle, betting, revealing, settled). */
export const casesRoundMachine = createInstantRoundMachine<CaseParams, CaseOutcome>({
  id: 'cases.round',
})
