/**
 * The keno wire: the instant kit's wire ({@link instantWire}) with keno's params (1–10 distinct
 * picks of 1–40 and a risk) and outcome (the 10 numbers drawn, in order).
 */
import { z } from 'zod/mini'
import { instantWire } from '../kit/instant/protocol'
import {
  KENO_DRAWS,
  KENO_NUMBERS,
  KENO_RISKS,
  MAX_PICKS,
  MIN_PICKS,
  isValidPicks,
  type KenoOutcome,
  type KenoParams,
} from './rules'

const number = z.int().check(z.gte(1), z.lte(KENO_NUMBERS))

/** A keno bet's params: 1–10 distinct numbers of 1–40 and one of the four risks. */
export const kenoParamsSchema = z.object({
  picks: z.array(number).check(
    z.minLength(MIN_PICKS),
    z.maxLength(MAX_PICKS),
    z.refine((picks) => isValidPicks(picks), 'the picks repeat a number'),
  ),
  risk: z.enum(KENO_RISKS),
})

/** A keno bet's outcome: the 10 distinct numbers drawn, in the order drawn. */
export const kenoOutcomeSchema = z.object({
  drawn: z.array(number).check(
    z.length(KENO_DRAWS),
    z.refine((drawn) => new Set(drawn).size === drawn.length, 'the draw repeats a number'),
  ),
})

/** The keno wire: `bet` (one trip), `sync` and the `snapshot` event. */
export const kenoWire = instantWire('keno', kenoParamsSchema, kenoOutcomeSchema)

/** The keno params and outcome as the rules type them. */
export type { KenoOutcome, KenoParams }
/** A keno bet command (parsed). */
export type KenoBetCommand = z.output<typeof kenoWire.schemas.bet>
/** The answer to a keno bet. */
export type KenoBetAck = z.output<typeof kenoWire.schemas.betAck>
