/**
 * Where keno's 40 tiles sit in the game's canvas box, pure, so the scene (which draws the tiles)
 * and the page's buttons over them (which take the clicks and the keys) share one layout and
 * line up at every size. 8 columns by 5 rows, square tiles, centred between the frame's top bar
 * and the pay table's strip at the bottom.
 */
import { KENO_NUMBERS } from '../rules'

/** Tiles per row and rows of the board. */
export const BOARD_COLUMNS = 8
export const BOARD_ROWS = KENO_NUMBERS / BOARD_COLUMNS

/** Room kept at the top for the frame's round label and connection badge (CSS px). */
export const BOARD_TOP = 40
/** Room kept at the bottom for the pay table's strip (CSS px; keno.css sizes the strip to it). */
export const BOARD_BOTTOM = 64
const SIDE = 12
const MAX_TILE = 72

/** One tile's square, in CSS px from the box's top left. */
export interface TileRect {
  readonly x: number
  readonly y: number
  readonly size: number
}

/** The board in a box: each number's tile (index 0 is number 1) and the gap between tiles. */
export interface BoardLayout {
  readonly tiles: readonly TileRect[]
  readonly gap: number
  /** The board's own box (all tiles with their gaps), for the result card drawn over it. */
  readonly box: { x: number; y: number; width: number; height: number }
}

/** The board's layout in a box of `width` × `height` CSS px. */
export function boardLayout(width: number, height: number): BoardLayout {
  const room = {
    width: Math.max(0, width - 2 * SIDE),
    height: Math.max(0, height - BOARD_TOP - BOARD_BOTTOM),
  }
  // The gap is a tenth of a tile: size * 8 + gap * 7 = width with gap = size / 10.
  const byWidth = room.width / (BOARD_COLUMNS + (BOARD_COLUMNS - 1) / 10)
  const byHeight = room.height / (BOARD_ROWS + (BOARD_ROWS - 1) / 10)
  const size = Math.max(1, Math.floor(Math.min(byWidth, byHeight, MAX_TILE)))
  const gap = Math.max(2, Math.round(size / 10))
  const boardWidth = BOARD_COLUMNS * size + (BOARD_COLUMNS - 1) * gap
  const boardHeight = BOARD_ROWS * size + (BOARD_ROWS - 1) * gap
  const left = Math.round((width - boardWidth) / 2)
  const top = Math.round(BOARD_TOP + Math.max(0, (room.height - boardHeight) / 2))
  const tiles = Array.from({ length: KENO_NUMBERS }, (_, i) => ({
    x: left + (i % BOARD_COLUMNS) * (size + gap),
    y: top + Math.floor(i / BOARD_COLUMNS) * (size + gap),
    size,
  }))
  return { tiles, gap, box: { x: left, y: top, width: boardWidth, height: boardHeight } }
}
