/**
 * Where the arrow keys move the focus on a board of buttons laid out in a grid (keno's 8 × 5
 * numbers, miner's 5 × 5 tiles): the ARIA grid pattern, pure.
 */

/** A grid of `count` cells, `columns` to a row, filled row by row from the top left. */
export interface GridShape {
  readonly columns: number
  readonly count: number
}

/**
 * The cell index a key moves the focus to from `index`, or null for another key: arrows by one
 * cell or one row (stopping at the edges), Home and End to the row's ends, Ctrl+Home and
 * Ctrl+End to the first and last cell.
 */
export function moveGridFocus(
  grid: GridShape,
  index: number,
  key: string,
  ctrl = false,
): number | null {
  const { columns, count } = grid
  const row = Math.floor(index / columns)
  const column = index % columns
  const last = count - 1
  switch (key) {
    case 'ArrowRight':
      return column < columns - 1 && index < last ? index + 1 : index
    case 'ArrowLeft':
      return column > 0 ? index - 1 : index
    case 'ArrowDown':
      return index + columns <= last ? index + columns : index
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index
    case 'Home':
      return ctrl ? 0 : row * columns
    case 'End':
      return ctrl ? last : Math.min(row * columns + columns - 1, last)
    default:
      return null
  }
}
