/**
 * Keno's payout tables and its settlement: 10 numbers of 1–40 are drawn (`kenoDraw`, the
 * published conversion in games/engine/fairness), the player picks 1–10, and the bet pays the
 * multiplier of its risk's table for the number of hits. The tables are the ones players know
 * (/work/shared GAMES-REFERENCE.md, corrected rows), each row returning 98.65–99.07 % by the
 * hypergeometric odds of 10 drawn of 40 (rules.test.ts recomputes every row).
 */
// The draws module, not the fairness index: the page reads these tables, and the index would
// bring the HMAC code into its first load (the proof's maths load on demand).
import { KENO_DRAWS, KENO_NUMBERS, kenoDraw } from '../engine/fairness/draws'
import type { FloatCursor } from '../engine/fairness/floats'
import type { Minor } from '../engine/money'
import { payoutAt, type InstantMultiplier } from '../kit/instant/protocol'
import type { InstantRules } from '../kit/instant/rules'

export { KENO_DRAWS, KENO_NUMBERS }

/** The risk levels of the tables. */
export const KENO_RISKS = ['classic', 'low', 'medium', 'high'] as const
/** A risk level. */
export type KenoRisk = (typeof KENO_RISKS)[number]

/** How many numbers a player may pick. */
export const MIN_PICKS = 1
export const MAX_PICKS = 10

/**
 * Multipliers in ten-thousandths (the instant kit's scale), by risk, then picks (row 0 is one
 * pick), then hits (0..picks).
 */
export const KENO_TABLES: Readonly<Record<KenoRisk, readonly (readonly number[])[]>> = {
  classic: [
    [0, 39_600], // 1
    [0, 19_000, 45_000], // 2
    [0, 10_000, 31_000, 104_000], // 3
    [0, 8000, 18_000, 50_000, 225_000], // 4
    [0, 2500, 14_000, 41_000, 165_000, 360_000], // 5
    [0, 0, 10_000, 36_800, 70_000, 165_000, 400_000], // 6
    [0, 0, 4700, 30_000, 45_000, 140_000, 310_000, 600_000], // 7
    [0, 0, 0, 22_000, 40_000, 130_000, 220_000, 550_000, 700_000], // 8
    [0, 0, 0, 15_500, 30_000, 80_000, 150_000, 440_000, 600_000, 850_000], // 9
    [0, 0, 0, 14_000, 22_500, 45_000, 80_000, 170_000, 500_000, 800_000, 1_000_000], // 10
  ],
  low: [
    [7000, 18_500], // 1
    [0, 20_000, 38_000], // 2
    [0, 11_000, 13_800, 260_000], // 3
    [0, 0, 22_000, 79_000, 900_000], // 4
    [0, 0, 15_000, 42_000, 130_000, 3_000_000], // 5
    [0, 0, 11_000, 20_000, 62_000, 1_000_000, 7_000_000], // 6
    [0, 0, 11_000, 16_000, 35_000, 150_000, 2_250_000, 7_000_000], // 7
    [0, 0, 11_000, 15_000, 20_000, 55_000, 390_000, 1_000_000, 8_000_000], // 8
    [0, 0, 11_000, 13_000, 17_000, 25_000, 75_000, 500_000, 2_500_000, 10_000_000], // 9
    [0, 0, 11_000, 12_000, 13_000, 18_000, 35_000, 130_000, 500_000, 2_500_000, 10_000_000], // 10
  ],
  medium: [
    [4000, 27_500], // 1
    [0, 18_000, 51_000], // 2
    [0, 0, 28_000, 500_000], // 3
    [0, 0, 17_000, 100_000, 1_000_000], // 4
    [0, 0, 14_000, 40_000, 140_000, 3_900_000], // 5
    [0, 0, 0, 30_000, 90_000, 1_800_000, 7_100_000], // 6
    [0, 0, 0, 20_000, 70_000, 300_000, 4_000_000, 8_000_000], // 7
    [0, 0, 0, 20_000, 40_000, 110_000, 670_000, 4_000_000, 9_000_000], // 8
    [0, 0, 0, 20_000, 25_000, 50_000, 150_000, 1_000_000, 5_000_000, 10_000_000], // 9
    [0, 0, 0, 16_000, 20_000, 40_000, 70_000, 260_000, 1_000_000, 5_000_000, 10_000_000], // 10
  ],
  high: [
    [0, 39_600], // 1
    [0, 0, 171_000], // 2
    [0, 0, 0, 815_000], // 3
    [0, 0, 0, 100_000, 2_590_000], // 4
    [0, 0, 0, 45_000, 480_000, 4_500_000], // 5
    [0, 0, 0, 0, 110_000, 3_500_000, 7_100_000], // 6
    [0, 0, 0, 0, 70_000, 900_000, 4_000_000, 8_000_000], // 7
    [0, 0, 0, 0, 50_000, 200_000, 2_700_000, 6_000_000, 9_000_000], // 8
    [0, 0, 0, 0, 40_000, 110_000, 560_000, 5_000_000, 8_000_000, 10_000_000], // 9
    [0, 0, 0, 0, 35_000, 80_000, 130_000, 630_000, 5_000_000, 8_000_000, 10_000_000], // 10
  ],
}

/** The multiplier (ten-thousandths) of `hits` with `picks` numbers picked at `risk`. */
export function kenoMultiplier(risk: KenoRisk, picks: number, hits: number): number {
  return KENO_TABLES[risk][picks - 1]?.[hits] ?? 0
}

/** C(n, k), exact for the sizes keno needs (n ≤ 40). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let r = 1
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i
  return r
}

/** The chance of `hits` hits with `picks` numbers picked, when 10 of 40 are drawn. */
export function hitChance(picks: number, hits: number): number {
  return (
    (choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWS - hits)) /
    choose(KENO_NUMBERS, KENO_DRAWS)
  )
}

/** The return to player of a row (a fraction: 0.99 is 99 %), by the hypergeometric odds. */
export function kenoRtp(risk: KenoRisk, picks: number): number {
  const row = KENO_TABLES[risk][picks - 1] ?? []
  return row.reduce((sum, m, hits) => sum + (m / 10_000) * hitChance(picks, hits), 0)
}

/** True when `picks` are 1–10 distinct numbers of 1–40. */
export function isValidPicks(picks: readonly number[]): boolean {
  return (
    picks.length >= MIN_PICKS &&
    picks.length <= MAX_PICKS &&
    new Set(picks).size === picks.length &&
    picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS)
  )
}

/** What the player chooses: 1–10 distinct numbers of 1–40 and the table's risk. */
export interface KenoParams {
  readonly picks: number[]
  readonly risk: KenoRisk
}

/** What the server drew: 10 distinct numbers of 1–40, in the order drawn. */
export interface KenoOutcome {
  readonly drawn: number[]
}

/** True when the params make a legal bet. */
export function isValidParams(params: KenoParams): boolean {
  return KENO_RISKS.includes(params.risk) && isValidPicks(params.picks)
}

/** The best multiplier of a row: the most a bet with these params can pay per unit staked. */
export function bestMultiplier(risk: KenoRisk, picks: number): InstantMultiplier {
  return Math.max(0, ...(KENO_TABLES[risk][picks - 1] ?? [])) as InstantMultiplier
}

/** The picks among `drawn`, in the order they were picked. */
export function hitsOf(picks: readonly number[], drawn: readonly number[]): number[] {
  return picks.filter((n) => drawn.includes(n))
}

/** A keno round from its float stream: the draw, the hits and the multiplier. */
export function settleKeno(
  picks: readonly number[],
  risk: KenoRisk,
  floats: FloatCursor,
): { drawn: number[]; hits: number[]; multiplier: number } {
  const drawn = kenoDraw(floats)
  const hits = hitsOf(picks, drawn)
  return { drawn, hits, multiplier: kenoMultiplier(risk, picks.length, hits.length) }
}

/** The keno rules as the instant kit runs them (the server settles with them, the proof checks). */
export const kenoRules: InstantRules<KenoParams, KenoOutcome> = {
  game: 'keno',
  refusal: (params) => (isValidParams(params) ? null : 'bad_request'),
  maxPayout: (params, amount: Minor) =>
    payoutAt(amount, bestMultiplier(params.risk, params.picks.length)),
  settle(params, amount, floats) {
    const round = settleKeno(params.picks, params.risk, floats)
    const multiplier = round.multiplier as InstantMultiplier
    return { outcome: { drawn: round.drawn }, multiplier, payout: payoutAt(amount, multiplier) }
  },
}
