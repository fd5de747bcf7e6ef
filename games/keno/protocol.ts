/**
 * Keno's logic for the instant kit: its params (1–10 distinct picks of 1–40 and a risk), its
 * outcome (the 10 numbers drawn, in order) and its rules. The kit derives the wire from them and
 * the definition (`game.ts`).
 */
import { z } from 'zod/mini'
import { instantLogic } from '../kit/instant/define'
import { MULTIPLIER_SCALE } from '../kit/instant/protocol'
import {
  KENO_DRAWS,
  KENO_NUMBERS,
  KENO_RISKS,
  MAX_PICKS,
  MIN_PICKS,
  hitsOf,
  isValidPicks,
  kenoRules,
  type KenoOutcome,
  type KenoParams,
  type KenoRisk,
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

/** Keno's logic: params, outcome, rules, and the draw and hits as the verifier prints them. */
export const kenoLogic = instantLogic({
  params: kenoParamsSchema,
  outcome: kenoOutcomeSchema,
  rules: kenoRules,
  describe: ({ drawn }) => `drawn ${drawn.join(' ')}`,
  // Ten picks: the most a bet draws and checks (the benchmarks bet with it).
  example: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'classic' },
  fair: {
    usage: `10 of 1-40, each floor(float * remaining) of the numbers left
                [--picks <n,n,...> [--risk classic|low|medium|high]]  hits and multiplier`,
    options: ['picks', 'risk'],
    params({ picks, risk = 'classic' }) {
      if (picks === undefined) return null
      const numbers = picks.split(',').map((n) => Number(n.trim()))
      if (!isValidPicks(numbers)) {
        return { error: `--picks must be 1 to 10 distinct numbers of 1-40, got "${picks}"` }
      }
      if (!(KENO_RISKS as readonly string[]).includes(risk)) {
        return { error: `--risk must be one of ${KENO_RISKS.join(', ')}, got "${risk}"` }
      }
      return { picks: numbers, risk: risk as KenoRisk }
    },
    verdict: (params, { outcome, multiplier }) => {
      const hits = hitsOf(params.picks, outcome.drawn)
      return (
        `hits ${hits.length} (${hits.join(' ') || 'none'}), ${params.risk}: ` +
        `${(multiplier / MULTIPLIER_SCALE).toFixed(4)}x`
      )
    },
  },
})

export type { KenoOutcome, KenoParams }
