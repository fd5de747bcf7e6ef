/**
 * Miner's logic for the stateful kit: the wire's schemas (the opening's mine count, a step's
 * tiles, what a step showed, the open round's public view and the ended round's board), the
 * rules of rules.ts adapted to the kit's `StatefulRules`, and the one-trip auto-bet as an instant
 * logic. The kit derives the wire from them and the definition (`game.ts`).
 *
 * The board is drawn at the opening and kept in the round's state on the server: only `reveal`
 * carries it, and the kit sends `reveal` once the round has ended. The view's schema is strict,
 * so a view that carried anything more than the revealed gems and the mine count would fail the
 * client's parse (and the tests').
 */
import { z } from 'zod/mini'
import { instantLogic } from '../kit/instant/define'
import { MULTIPLIER_SCALE, type InstantMultiplier } from '../kit/instant/protocol'
import { statefulLogic } from '../kit/stateful/define'
import type { StatefulPhase, StatefulRules } from '../kit/stateful/rules'
import {
  MAX_MINES,
  MIN_MINES,
  MINES_TILES,
  isValidMines,
  minerAutoRules,
  minerBoard,
  minerMultiplier,
  revealRefusal,
  revealStep,
  safeTiles,
  type MinerAutoOutcome,
  type MinerAutoParams,
  type MinerParams,
} from './rules'

const tile = z.int().check(z.gte(0), z.lte(MINES_TILES - 1))
const mineCount = z.int().check(z.gte(MIN_MINES), z.lte(MAX_MINES))
const distinct = (tiles: readonly number[]) => new Set(tiles).size === tiles.length
/** Distinct tiles, at most `max` of them (at least `min`). */
const tiles = (min: number, max: number) =>
  z
    .array(tile)
    .check(z.minLength(min), z.maxLength(max), z.refine(distinct, 'the tiles repeat a tile'))

/** The opening's params: how many mines the board holds, 1–24. */
export const minerParamsSchema = z.object({ mines: mineCount })

/**
 * A step's action: the tiles revealed in it, one or several, distinct (at most 24: a board has
 * 24 safe tiles at most; the rules refuse more than the round has left).
 */
export const minerActionSchema = z.object({ tiles: tiles(1, MINES_TILES - MIN_MINES) })
/** A step's action. */
export type MinerAction = z.output<typeof minerActionSchema>

/**
 * What a step showed: the tiles it revealed, and those of them that hold a mine (empty when the
 * step was safe; a mine hit ends the round, so this names no mine of an open round).
 */
export const minerOutcomeSchema = z.strictObject({
  tiles: tiles(1, MINES_TILES - MIN_MINES),
  hit: tiles(0, MINES_TILES - MIN_MINES),
})
/** What a step showed. */
export type MinerOutcome = z.output<typeof minerOutcomeSchema>

/**
 * What the player sees of a round: the board's mine count and the safe tiles revealed so far, in
 * order. Strict: the board itself is never part of it.
 */
export const minerViewSchema = z.strictObject({
  mines: mineCount,
  revealed: tiles(0, MINES_TILES - MIN_MINES),
})
/** The public view of a round. */
export type MinerView = z.output<typeof minerViewSchema>

/**
 * The whole board once the round has ended: its mine tiles in the order drawn (the first m of
 * `minesBoard`'s draw). The auto-bet's outcome is the same board.
 */
export const minerBoardSchema = z.strictObject({ mines: tiles(MIN_MINES, MAX_MINES) })
/** The ended round's board (and an auto-bet's outcome). */
export type MinerReveal = z.output<typeof minerBoardSchema>

/** The auto-bet's params: the mine count and the tiles chosen beforehand. */
export const minerAutoParamsSchema = z
  .object({ mines: mineCount, tiles: tiles(1, MINES_TILES - MIN_MINES) })
  .check(
    z.refine(
      (p) => p.tiles.length <= safeTiles(p.mines),
      'more tiles than the board has safe tiles',
    ),
  )

/**
 * A round's whole truth, kept on the server (the rows' JSON): the mines drawn at the opening,
 * the safe tiles revealed in order, and the mines a losing step hit.
 */
export interface MinerState {
  readonly mines: number
  readonly board: readonly number[]
  readonly revealed: readonly number[]
  readonly hit: readonly number[]
}

function phaseOf(state: MinerState): StatefulPhase {
  if (state.hit.length > 0) return 'lost'
  return state.revealed.length === safeTiles(state.mines) ? 'complete' : 'open'
}

/**
 * rules.ts as the stateful kit plays it. The board is drawn from the round's stream at the
 * opening; a step reads no float. Steps pass no stake: the kit caps every game's payout itself
 * (server/games/kit/stateful/steps.ts), so rules.ts's own `cap` end is for the CLI's replay.
 */
export const minerStatefulRules: StatefulRules<
  MinerParams,
  MinerState,
  MinerAction,
  MinerOutcome,
  MinerView,
  MinerReveal
> = {
  refusal: (params) => (isValidMines(params.mines) ? null : 'bad_request'),
  open: (params, cursor) => ({
    mines: params.mines,
    board: minerBoard(cursor, params.mines),
    revealed: [],
    hit: [],
  }),
  stepRefusal: (state, action) =>
    phaseOf(state) !== 'open'
      ? 'round_over'
      : revealRefusal(state.mines, state.revealed, action.tiles),
  step(state, action) {
    const step = revealStep(state.board, state.mines, state.revealed, action.tiles, null)
    return {
      state: { ...state, revealed: step.revealed, hit: step.hit },
      outcome: { tiles: [...action.tiles], hit: step.hit },
    }
  },
  phase: phaseOf,
  multiplier: (state) =>
    phaseOf(state) === 'lost' || state.revealed.length === 0
      ? (0 as InstantMultiplier)
      : minerMultiplier(state.mines, state.revealed.length),
  view: (state) => ({ mines: state.mines, revealed: [...state.revealed] }),
  reveal: (state) => ({ mines: [...state.board] }),
}

/**
 * The multiplier a round would have after revealing `count` more safe tiles (one by default):
 * what the panel shows as the next step's profit. Null when the board has no such step.
 */
export function nextMinerMultiplier(view: MinerView, count = 1): InstantMultiplier | null {
  const safe = view.revealed.length + count
  return count >= 1 && safe <= safeTiles(view.mines) ? minerMultiplier(view.mines, safe) : null
}

const sorted = (tiles: readonly number[]) => [...tiles].sort((a, b) => a - b).join(' ')
const times = (multiplier: number) => `${(multiplier / MULTIPLIER_SCALE).toFixed(4)}x`

/**
 * The auto-bet (tiles chosen beforehand) as an instant logic: served as the instant `bet` on
 * miner's namespace, settled in one trip on the same board and multiplier as a round.
 */
export const minerAutoLogic = instantLogic({
  params: minerAutoParamsSchema,
  outcome: minerBoardSchema,
  rules: minerAutoRules,
  describe: (outcome: MinerAutoOutcome) => `mines ${sorted(outcome.mines)}`,
  example: { mines: 3, tiles: [0, 1, 2, 3, 4] } satisfies MinerAutoParams,
  fair: {
    usage: `[--mines <1-24>] (default 3): mine tiles 0-24, drawn like keno
                [--tiles <t,t,...>]  the tiles chosen beforehand, all revealed at once`,
    options: ['mines', 'tiles'],
    params({ mines = '3', tiles }) {
      if (tiles === undefined) return null
      const params = { mines: Number(mines), tiles: tiles.split(',').map((t) => Number(t.trim())) }
      return minerAutoParamsSchema.safeParse(params).success
        ? params
        : { error: `--mines must be 1-24 and --tiles distinct tiles 0-24, at most 25 - mines` }
    },
    verdict: (params, { outcome, multiplier }) =>
      multiplier > 0
        ? `tiles ${sorted(params.tiles)} safe: ${times(multiplier)}`
        : `mine on ${sorted(params.tiles.filter((t) => outcome.mines.includes(t)))}: 0x`,
  },
})

/** Miner's logic: the wire's schemas, the rules, and the auto-bet. */
export const minerLogic = statefulLogic({
  params: minerParamsSchema,
  action: minerActionSchema,
  outcome: minerOutcomeSchema,
  view: minerViewSchema,
  reveal: minerBoardSchema,
  rules: minerStatefulRules,
  // The next step's profit: one more tile, or the tiles of the step the player is making.
  nextMultiplier: (view, action) => nextMinerMultiplier(view, action?.tiles.length ?? 1),
  example: { mines: 3 },
  auto: minerAutoLogic,
})

export type { MinerAutoOutcome, MinerAutoParams, MinerParams }
