/**
 * Dice's logic for the instant kit: its params (target in hundredths and side), its outcome (the
 * roll in hundredths, 0..10000) and its rules. The kit derives the wire from them and the
 * definition (`game.ts`).
 */
import { z } from 'zod/mini'
import { instantLogic } from '../kit/instant/define'
import { MULTIPLIER_SCALE } from '../kit/instant/protocol'
import {
  MAX_ROLL,
  chanceOf,
  diceRules,
  formatHundredths,
  isValidParams,
  type DiceOutcome,
  type DiceParams,
} from './rules'

/** A dice bet's params: a legal target for its side (its chance in 0.01–98 %). */
export const diceParamsSchema = z
  .object({
    target: z.int().check(z.gte(0), z.lte(MAX_ROLL)),
    direction: z.enum(['over', 'under']),
  })
  .check(z.refine((p) => isValidParams(p), 'the target gives a win chance outside 0.01-98 %'))

/** A dice bet's outcome: the roll, in hundredths. */
export const diceOutcomeSchema = z.object({ roll: z.int().check(z.gte(0), z.lte(MAX_ROLL)) })

/** Dice's logic: params, outcome, rules, and the roll as the verifier prints it. */
export const diceLogic = instantLogic({
  params: diceParamsSchema,
  outcome: diceOutcomeSchema,
  rules: diceRules,
  describe: ({ roll }) => `roll ${formatHundredths(roll)}`,
  example: { target: 5050, direction: 'under' },
  fair: {
    usage: `roll = floor(float * 10001) / 100
                [--target <0.01-99.99> [--direction under|over]]  win or loss and multiplier`,
    options: ['target', 'direction'],
    params({ target, direction = 'under' }) {
      if (target === undefined) return null
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(target)) {
        return { error: `--target must be a number with at most 2 decimals, got "${target}"` }
      }
      if (direction !== 'under' && direction !== 'over') {
        return { error: `--direction must be under or over, got "${direction}"` }
      }
      const params = { target: Math.round(Number(target) * 100), direction } as const
      return isValidParams(params) ? params : { error: '--target gives a chance outside 0.01-98 %' }
    },
    verdict: (params, { multiplier }) =>
      `roll ${params.direction} ${formatHundredths(params.target)}: ` +
      `${multiplier > 0 ? 'win' : 'loss'}, chance ${formatHundredths(chanceOf(params))} %, ` +
      `multiplier ${(multiplier / MULTIPLIER_SCALE).toFixed(4)}x`,
  },
})

/** The dice params and outcome schemas agree with the rules' types. */
export type { DiceOutcome, DiceParams }
