import { describe, expect, it } from 'vitest'
import { moveTileFocus, randomTile, tilePlace, unrevealedTiles } from './tiles'

describe('miner tiles', () => {
  it('names a tile by its row and column from the top left', () => {
    expect(tilePlace(0)).toEqual({ row: 1, column: 1 })
    expect(tilePlace(7)).toEqual({ row: 2, column: 3 })
    expect(tilePlace(24)).toEqual({ row: 5, column: 5 })
  })

  it('picks a random tile among those not revealed, by the random source it is given', () => {
    const revealed = [0, 1, 2, 3]
    expect(unrevealedTiles(revealed)).toHaveLength(21)
    expect(randomTile(revealed, () => 0)).toBe(4)
    expect(randomTile(revealed, (below) => below - 1)).toBe(24)
    const all = Array.from({ length: 25 }, (_, i) => i)
    expect(randomTile(all, () => 0)).toBeNull()
    // The browser's own source: always a tile left, never one revealed.
    for (let i = 0; i < 50; i++) {
      const tile = randomTile(revealed)
      expect(tile).not.toBeNull()
      expect(revealed).not.toContain(tile)
    }
  })

  it('moves the focus across the 5 × 5 grid, stopping at the edges', () => {
    expect(moveTileFocus(0, 'ArrowRight')).toBe(1)
    expect(moveTileFocus(4, 'ArrowRight')).toBe(4)
    expect(moveTileFocus(5, 'ArrowLeft')).toBe(5)
    expect(moveTileFocus(2, 'ArrowDown')).toBe(7)
    expect(moveTileFocus(22, 'ArrowDown')).toBe(22)
    expect(moveTileFocus(2, 'ArrowUp')).toBe(2)
    expect(moveTileFocus(12, 'Home')).toBe(10)
    expect(moveTileFocus(12, 'End')).toBe(14)
    expect(moveTileFocus(12, 'End', true)).toBe(24)
    expect(moveTileFocus(12, 'Home', true)).toBe(0)
    expect(moveTileFocus(12, 'Enter')).toBeNull()
  })
})
