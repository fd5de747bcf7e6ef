/**
 * The dice wire: the instant kit's wire ({@link instantWire}) with dice's params (target in
 * hundredths and side) and outcome (the roll in hundredths, 0..10000).
 */
import { z } from 'zod/mini'
import { instantWire } from '../kit/instant/protocol'
import { MAX_ROLL, isValidParams, type DiceOutcome, type DiceParams } from './rules'

/** A dice bet's params: a legal target for its side (its chance in 0.01–98 %). */
export const diceParamsSchema = z
  .object({
    target: z.int().check(z.gte(0), z.lte(MAX_ROLL)),
    direction: z.enum(['over', 'under']),
  })
  .check(z.refine((p) => isValidParams(p), 'the target gives a win chance outside 0.01-98 %'))

/** A dice bet's outcome: the roll, in hundredths. */
export const diceOutcomeSchema = z.object({ roll: z.int().check(z.gte(0), z.lte(MAX_ROLL)) })

/** The dice wire: `bet` (one trip), `sync` and the `snapshot` event. */
export const diceWire = instantWire('dice', diceParamsSchema, diceOutcomeSchema)

/** The dice params and outcome schemas agree with the rules' types. */
export type { DiceOutcome, DiceParams }
/** A dice bet command (parsed). */
export type DiceBetCommand = z.output<typeof diceWire.schemas.bet>
/** The answer to a dice bet. */
export type DiceBetAck = z.output<typeof diceWire.schemas.betAck>
