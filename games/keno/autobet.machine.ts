/**
 * Keno's auto-bet: the instant kit's auto-bet machine (games/kit/instant/autobet.machine.ts) over
 * keno's params, the picked numbers and the risk every bet of the run carries.
 */
import { createInstantAutobetMachine } from '../kit/instant/autobet.machine'
import { isValidParams, type KenoParams } from './rules'

/** Keno's auto-bet machine. */
export const kenoAutobetMachine = createInstantAutobetMachine<KenoParams>({
  id: 'kenoAutobet',
  paramsValid: isValidParams,
})
