import { describe, expect, it } from 'vitest'
import { moveGridFocus } from './gridFocus'

/** A short last row: 7 cells, 3 to a row (0 1 2 / 3 4 5 / 6). */
const grid = { columns: 3, count: 7 }
const move = (index: number, key: string, ctrl = false) => moveGridFocus(grid, index, key, ctrl)

describe('moveGridFocus', () => {
  it('moves by one cell or one row with the arrows, stopping at the edges', () => {
    expect(move(4, 'ArrowRight')).toBe(5)
    expect(move(5, 'ArrowRight')).toBe(5)
    expect(move(4, 'ArrowLeft')).toBe(3)
    expect(move(3, 'ArrowLeft')).toBe(3)
    expect(move(1, 'ArrowDown')).toBe(4)
    expect(move(1, 'ArrowUp')).toBe(1)
    expect(move(4, 'ArrowUp')).toBe(1)
  })

  it('never leaves the cells of a short last row', () => {
    // Below 4 there is no cell (7 would be past the last), nor right of 6.
    expect(move(4, 'ArrowDown')).toBe(4)
    expect(move(3, 'ArrowDown')).toBe(6)
    expect(move(6, 'ArrowRight')).toBe(6)
    expect(move(6, 'End')).toBe(6)
  })

  it("goes to the row's ends with Home and End, and to the grid's with Ctrl", () => {
    expect(move(4, 'Home')).toBe(3)
    expect(move(4, 'End')).toBe(5)
    expect(move(4, 'Home', true)).toBe(0)
    expect(move(4, 'End', true)).toBe(6)
  })

  it('leaves other keys to the page', () => {
    expect(move(4, 'Enter')).toBeNull()
    expect(move(4, 'a')).toBeNull()
  })
})
