/**
 * Where miner's 25 tiles sit in the game's canvas box, pure, so the scene (which draws the tiles)
 * and the page's buttons over them (which take the clicks and the keys) share one layout and line
 * up at every size: 5 × 5 square tiles, centred under the frame's top bar, with the result's pill
 * over the board's middle.
 */
import { MINES_TILES } from '../rules'
import { frameTop, type BoardBox, type TileRect } from '../../engine/canvas/frameBox'

/** Tiles per row, and rows. */
export const BOARD_SIDE = 5

/** Room kept at the top for the frame's round label and connection badge (the kit's). */
export const boardTop = frameTop
const SIDE = 12
const BOTTOM = 16
const MAX_TILE = 96

/** The board in a box: each tile's square (row-major from the top left) and the result's pill. */
export interface BoardLayout {
  readonly tiles: readonly TileRect[]
  readonly gap: number
  /** The board's own box (all tiles with their gaps). */
  readonly box: BoardBox
  /** Where the result shows: a pill across the board's middle row. */
  readonly result: BoardBox
}

/** The board's layout in a box of `width` × `height` CSS px. */
export function boardLayout(width: number, height: number): BoardLayout {
  const room = Math.max(0, Math.min(width - 2 * SIDE, height - boardTop(width) - BOTTOM))
  // The gap is an eighth of a tile: size * 5 + gap * 4 = room with gap = size / 8.
  const size = Math.max(
    1,
    Math.floor(Math.min(room / (BOARD_SIDE + (BOARD_SIDE - 1) / 8), MAX_TILE)),
  )
  const gap = Math.max(2, Math.round(size / 8))
  const side = BOARD_SIDE * size + (BOARD_SIDE - 1) * gap
  const left = Math.round((width - side) / 2)
  const free = height - boardTop(width) - BOTTOM - side
  const top = Math.round(boardTop(width) + Math.max(0, free / 2))
  const tiles = Array.from({ length: MINES_TILES }, (_, i) => ({
    x: left + (i % BOARD_SIDE) * (size + gap),
    y: top + Math.floor(i / BOARD_SIDE) * (size + gap),
    size,
  }))
  const box = { x: left, y: top, width: side, height: side }
  const pill = Math.max(28, Math.min(56, Math.round(size * 0.7)))
  const result = { x: left, y: Math.round(top + side / 2 - pill / 2), width: side, height: pill }
  return { tiles, gap, box, result }
}
