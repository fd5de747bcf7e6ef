/**
 * Roulette's logic for the instant kit: its params (the chips of one spin, whose sum is the bet's
 * amount), its outcome (the pocket, 0..36) and its rules. The kit derives the wire from them and
 * the definition (`game.ts`).
 */
import { z } from 'zod/mini'
import type { Minor } from '../engine/money'
import { stakeSchema } from '../kit/protocol'
import { instantLogic } from '../kit/instant/define'
import {
  colorOf,
  rouletteRules,
  EVEN_KINDS,
  INSIDE_KINDS,
  MAX_BETS_PER_SPIN,
  POCKETS,
  THIRD_KINDS,
  isLegalInside,
  type RouletteOutcome,
  type RouletteParams,
} from './rules'

const pocketSchema = z.int().check(z.gte(0), z.lte(POCKETS - 1))

/** An inside bet: its numbers, sorted, a legal position of its kind on the layout. */
export const insideBetSchema = z
  .object({
    kind: z.enum(INSIDE_KINDS),
    numbers: z.array(pocketSchema).check(z.minLength(1), z.maxLength(6)),
    amount: stakeSchema,
  })
  .check(
    z.refine((bet) => isLegalInside(bet.kind, bet.numbers), 'not a legal position of its kind'),
  )

/** A dozen or column bet: which one, 1 to 3. */
export const thirdBetSchema = z.object({
  kind: z.enum(THIRD_KINDS),
  index: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  amount: stakeSchema,
})

/** An even-money bet: red, black, odd, even, low (1–18) or high (19–36). */
export const evenBetSchema = z.object({ kind: z.enum(EVEN_KINDS), amount: stakeSchema })

/** One bet of a spin. */
export const rouletteBetSchema = z.discriminatedUnion('kind', [
  insideBetSchema,
  thirdBetSchema,
  evenBetSchema,
])

/** A spin's params: 1 to {@link MAX_BETS_PER_SPIN} bets (the command's amount is their sum). */
export const rouletteParamsSchema = z.object({
  bets: z.array(rouletteBetSchema).check(z.minLength(1), z.maxLength(MAX_BETS_PER_SPIN)),
})

/** A spin's outcome: the pocket. */
export const rouletteOutcomeSchema = z.object({ pocket: pocketSchema })

/** Roulette's logic: params, outcome, rules, and the pocket as the verifier prints it. */
export const rouletteLogic = instantLogic({
  params: rouletteParamsSchema,
  outcome: rouletteOutcomeSchema,
  rules: rouletteRules,
  describe: ({ pocket }) => `pocket ${pocket} ${colorOf(pocket)}`,
  example: { bets: [{ kind: 'red', amount: 100 as Minor }] },
  fair: { usage: 'pocket = floor(float * 37)' },
})

export type { RouletteOutcome, RouletteParams }
