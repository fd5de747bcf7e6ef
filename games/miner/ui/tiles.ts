/**
 * The player's side of the board, pure: a tile's row and column as the texts name them, the
 * random pick (a random unrevealed tile, from the browser's `crypto.getRandomValues` through the
 * kit's `randomPick`: never from the seed pair), and where the arrow keys move the focus.
 */
import { moveGridFocus } from '../../kit/ui/gridFocus'
import { cryptoRandomIndex, randomPick, type RandomIndex } from '../../kit/ui/randomPick'
import { MINES_TILES } from '../rules'
import { BOARD_SIDE } from '../scene/board'

/** Every tile, 0–24. */
const ALL_TILES: readonly number[] = Array.from({ length: MINES_TILES }, (_, i) => i)

/** A tile's row and column, counted from 1 as the player reads them (tile 0: row 1, column 1). */
export function tilePlace(tile: number): { row: number; column: number } {
  return { row: Math.floor(tile / BOARD_SIDE) + 1, column: (tile % BOARD_SIDE) + 1 }
}

/** The tiles not yet revealed, in order. */
export function unrevealedTiles(revealed: readonly number[]): number[] {
  return ALL_TILES.filter((tile) => !revealed.includes(tile))
}

/** A random unrevealed tile (uniform; `random` for tests), or null when none is left. */
export function randomTile(
  revealed: readonly number[],
  random: RandomIndex = cryptoRandomIndex,
): number | null {
  return randomPick(unrevealedTiles(revealed), random)
}

/** The tile a key moves the focus to on the 5 × 5 board, or null for another key. */
export function moveTileFocus(index: number, key: string, ctrl = false): number | null {
  return moveGridFocus({ columns: BOARD_SIDE, count: MINES_TILES }, index, key, ctrl)
}
