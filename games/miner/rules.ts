/**
 * Miner (Stake's Mines): a 5×5 board of tiles 0–24, row-major from the top left, with 1–24 mines
 * the player chooses, placed by `minesBoard` (games/engine/fairness/draws.ts: 24 tiles drawn
 * distinct from the round's floats, the first m are the mines). The player reveals tiles, one or
 * several a step, and may cash out after any safe step; a mine loses the stake, and the last safe
 * tile (25 − m revealed) or the payout cap cashes out at once.
 *
 * The multiplier after n safe tiles with m mines is `0.99 × C(25, n) / C(25 − m, n)`: the
 * inverse of the chance that n tiles are all safe, less a 1 % edge, so every cash-out point
 * returns 99 % (GAMES-REFERENCE.md: 3 mines 1.125, 1.29, 1.48, 1.71, 2.00…; 24 mines 24.75).
 * Pure and isomorphic: the server, the browser's verifier and the CLI run this same code.
 */
import { drawDistinct, MINES_TILES } from '../engine/fairness/draws'
import type { FloatCursor } from '../engine/fairness/floats'
import type { Minor } from '../engine/money'
import type { InstantMultiplier } from '../kit/instant/protocol'
import type { InstantRules } from '../kit/instant/rules'
import { exactPayout, reachesCap, type StakeCap } from '../kit/stateful/rules'

export { MINES_TILES }

/**
 * The board's size read once into this module: an imported binding can be a getter (the test
 * runner's modules are), and the RTP tests check it millions of times.
 */
const BOARD_TILES = MINES_TILES
/** What a cash-out pays: stake × multiplier floored, never above the cap. */
export { cappedPayout as cashOutPayout, type StakeCap } from '../kit/stateful/rules'

/** The fewest and most mines a board may hold. */
export const MIN_MINES = 1
export const MAX_MINES = MINES_TILES - 1

/** What the player chooses when opening a round. */
export interface MinerParams {
  readonly mines: number
}

/** True when `mines` is a whole number of mines from 1 to 24. */
export function isValidMines(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MIN_MINES && mines <= MAX_MINES
}

/** The safe tiles of a board with `mines` mines: revealing them all ends the round. */
export function safeTiles(mines: number): number {
  return BOARD_TILES - mines
}

/** C(n, k) exactly (C(25, 12) is 5,200,300; BigInt so no product ever rounds). */
function choose(n: number, k: number): bigint {
  let r = 1n
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i)
  return r
}

/**
 * The multiplier after `safe` safe tiles with `mines` mines, in ten-thousandths:
 * `floor(9900 × C(25, n) / C(25 − m, n))`, i.e. 0.99 × C(25, n) / C(25 − m, n) floored once.
 * Floored, not rounded, so the house never pays more than the 99 % the formula prices (the floor
 * costs at most 0.0001x); computed in BigInt because C(25, n) × 9900 passes 2^53 and a double
 * quotient can land a hair under a whole ten-thousandth and floor one too low. n = 0 gives 0.99x
 * by the formula; a round cannot cash out there ({@link canCashOut}).
 */
export function minerMultiplier(mines: number, safe: number): InstantMultiplier {
  if (!isValidMines(mines) || !Number.isInteger(safe) || safe < 0 || safe > safeTiles(mines)) {
    throw new Error(`[miner] no multiplier for ${safe} safe tiles with ${mines} mines`)
  }
  return MULTIPLIERS[mines - 1]![safe]!
}

/** Every multiplier, by mines − 1 then safe tiles: 324 figures, computed once. */
const MULTIPLIERS: readonly (readonly InstantMultiplier[])[] = Array.from(
  { length: MAX_MINES },
  (_, i) =>
    Array.from(
      { length: safeTiles(i + 1) + 1 },
      (_, n) =>
        Number(
          (9900n * choose(MINES_TILES, n)) / choose(MINES_TILES - i - 1, n),
        ) as InstantMultiplier,
    ),
)

/**
 * The round's board: the mine tiles, exactly `minesBoard`'s (games/engine/fairness/draws.ts).
 * That draws 24 tiles and keeps the first m; each draw reads only the floats before it, so the
 * first m of 24 draws are the m draws made alone, and this draws only those (a 1-mine board costs
 * one float, not 24: the RTP simulations draw millions). rules.test.ts checks the two agree.
 */
export function minerBoard(floats: FloatCursor, mines: number): number[] {
  if (!isValidMines(mines)) throw new Error(`[miner] mines must be 1 to ${MAX_MINES}, got ${mines}`)
  return drawDistinct(floats, TILES, mines)
}

/** Tiles 0–24 once: `drawDistinct` copies it, so a board allocates one array, not two. */
const TILES: readonly number[] = Array.from({ length: MINES_TILES }, (_, i) => i)

/** True when `tile` is a tile index, 0–24. */
export function isTile(tile: number): boolean {
  return Number.isInteger(tile) && tile >= 0 && tile < BOARD_TILES
}

/**
 * Null when `tiles` may be revealed in one step of a round with `mines` mines that has revealed
 * `revealed`, else why not: at least one tile, each 0–24, distinct, none revealed before, and no
 * more than the safe tiles left (more would be a certain loss, surely a slip of the player's).
 */
export function revealRefusal(
  mines: number,
  revealed: readonly number[],
  tiles: readonly number[],
): 'bad_request' | null {
  if (!isValidMines(mines) || tiles.length === 0) return 'bad_request'
  if (revealed.length + tiles.length > safeTiles(mines)) return 'bad_request'
  // A loop, not a Set: a step has a few tiles, and the RTP tests check millions of steps.
  for (let i = 0; i < tiles.length; i++) {
    const tile = tiles[i]!
    if (!isTile(tile) || tiles.indexOf(tile) !== i || revealed.includes(tile)) return 'bad_request'
  }
  return null
}

/** How a step left the round: still open, lost on a mine, or cashed out (full board or cap). */
export type MinerStepEnd = 'open' | 'mine' | 'full' | 'cap'

/** A step's result. */
export interface MinerStep {
  /** The safe tiles revealed so far, in order (this step's included when all were safe). */
  readonly revealed: number[]
  /** The tiles of this step that hold a mine (empty when the step was safe). */
  readonly hit: number[]
  /** The round's multiplier after the step (0 on a mine). */
  readonly multiplier: InstantMultiplier
  /** Whether the round goes on; `full` and `cap` cash out at once at {@link cashOutPayout}. */
  readonly end: MinerStepEnd
}

/**
 * Reveals `tiles` on `board` (the mine tiles) in a round with `mines` mines that has revealed
 * `revealed`. Throws on a step {@link revealRefusal} refuses: the caller checks it first. With a
 * null `stake` the step never ends at `cap`: the caller caps (the stateful kit does, from the
 * round's row, for every game alike).
 */
export function revealStep(
  board: readonly number[],
  mines: number,
  revealed: readonly number[],
  tiles: readonly number[],
  stake: StakeCap | null,
): MinerStep {
  if (board.length !== mines || revealRefusal(mines, revealed, tiles) !== null) {
    throw new Error(`[miner] cannot reveal ${tiles.join(',')} after ${revealed.join(',')}`)
  }
  const hit = tiles.filter((t) => board.includes(t))
  if (hit.length > 0) {
    return { revealed: revealed.slice(), hit, multiplier: 0 as InstantMultiplier, end: 'mine' }
  }
  // slice and push, not concat or a spread: both take slow paths, and millions of steps run here.
  const now = revealed.slice()
  for (const tile of tiles) now.push(tile)
  const multiplier = minerMultiplier(mines, now.length)
  const end =
    now.length === safeTiles(mines)
      ? 'full'
      : stake !== null && reachesCap(stake, multiplier)
        ? 'cap'
        : 'open'
  return { revealed: now, hit, multiplier, end }
}

/** True when an open round with `revealed` safe tiles may cash out: after one safe tile. */
export function canCashOut(revealed: readonly number[]): boolean {
  return revealed.length > 0
}

/** The one-trip auto-bet: the board's mine count and the tiles chosen beforehand. */
export interface MinerAutoParams {
  readonly mines: number
  readonly tiles: readonly number[]
}

/** An auto-bet's outcome: the whole board's mines, shown once the bet is settled. */
export interface MinerAutoOutcome {
  readonly mines: number[]
}

/** True when an auto-bet's params are legal: a valid mine count and 1 to 25 − m distinct tiles. */
export function isValidAutoParams(params: MinerAutoParams): boolean {
  return revealRefusal(params.mines, [], params.tiles) === null
}

/**
 * The auto-bet as the instant kit runs it: the same board and multiplier as a round revealing
 * every tile in one step and cashing out, so auto play never leaves a round open. As an instant
 * bet it is refused before the draw when its win would pass the maximum payout (the kit checks
 * `maxPayout`), where an open round would cap instead.
 */
export const minerAutoRules: InstantRules<MinerAutoParams, MinerAutoOutcome> = {
  game: 'miner',
  refusal: (params) => (isValidAutoParams(params) ? null : 'bad_request'),
  maxPayout(params, amount) {
    const payout = exactPayout(amount, minerMultiplier(params.mines, params.tiles.length))
    // Past 2^53 the exact figure no longer matters: any such payout is over every cap.
    return Number(payout) as Minor
  },
  settle(params, amount, floats) {
    const board = minerBoard(floats, params.mines)
    const safe = params.tiles.every((t) => !board.includes(t))
    const multiplier = safe
      ? minerMultiplier(params.mines, params.tiles.length)
      : (0 as InstantMultiplier)
    const payout = Number(exactPayout(amount, multiplier)) as Minor
    return { outcome: { mines: board }, multiplier, payout }
  },
}
