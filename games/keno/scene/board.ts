/**
 * Where keno's 40 tiles sit in the game's canvas box, pure, so the scene (which draws the tiles)
 * and the page's buttons over them (which take the clicks and the keys) share one layout and
 * line up at every size. 8 columns by 5 rows, square tiles, centred between the frame's top bar
 * and, at the bottom, the result's band and the pay table's strip.
 */
import { KENO_NUMBERS } from '../rules'
import { frameTop, type BoardBox, type TileRect } from '../../engine/canvas/frameBox'

/** Tiles per row and rows of the board. */
export const BOARD_COLUMNS = 8
export const BOARD_ROWS = KENO_NUMBERS / BOARD_COLUMNS

/** Room kept at the top for the frame's round label and connection badge (the kit's). */
export const boardTop = frameTop
/** Room kept at the bottom for the pay table's strip (CSS px; keno.css sizes the strip to it). */
export const BOARD_BOTTOM = 60
/** The band between the board and the pay table where the scene shows the result. */
const RESULT_BAND = 40
const SIDE = 12
const MAX_TILE = 72

/** The board in a box: each number's tile (index 0 is number 1) and the gap between tiles. */
export interface BoardLayout {
  readonly tiles: readonly TileRect[]
  readonly gap: number
  /** The board's own box (all tiles with their gaps). */
  readonly box: BoardBox
  /** Where the result shows, under the board and above the pay table. */
  readonly result: BoardBox
  /** Where the page puts the pay table, under the result, across the whole box. */
  readonly table: BoardBox
}

/** The board's layout in a box of `width` × `height` CSS px. */
export function boardLayout(width: number, height: number): BoardLayout {
  const room = {
    width: Math.max(0, width - 2 * SIDE),
    height: Math.max(0, height - boardTop(width) - RESULT_BAND - BOARD_BOTTOM),
  }
  // The gap is a tenth of a tile: size * 8 + gap * 7 = width with gap = size / 10.
  const byWidth = room.width / (BOARD_COLUMNS + (BOARD_COLUMNS - 1) / 10)
  const byHeight = room.height / (BOARD_ROWS + (BOARD_ROWS - 1) / 10)
  const size = Math.max(1, Math.floor(Math.min(byWidth, byHeight, MAX_TILE)))
  const gap = Math.max(2, Math.round(size / 10))
  const boardWidth = BOARD_COLUMNS * size + (BOARD_COLUMNS - 1) * gap
  const boardHeight = BOARD_ROWS * size + (BOARD_ROWS - 1) * gap
  const left = Math.round((width - boardWidth) / 2)
  // The board, the result's band and the pay table are centred together in the space left.
  const top = Math.round(boardTop(width) + Math.max(0, (room.height - boardHeight) / 2))
  const tiles = Array.from({ length: KENO_NUMBERS }, (_, i) => ({
    x: left + (i % BOARD_COLUMNS) * (size + gap),
    y: top + Math.floor(i / BOARD_COLUMNS) * (size + gap),
    size,
  }))
  const box = { x: left, y: top, width: boardWidth, height: boardHeight }
  const result = { x: left, y: top + boardHeight + 6, width: boardWidth, height: RESULT_BAND - 10 }
  const table = { x: 0, y: top + boardHeight + RESULT_BAND, width, height: BOARD_BOTTOM }
  return { tiles, gap, box, result, table }
}
