import { describe, expect, it } from 'vitest'
import { autoPick, moveFocus, togglePick } from './picks'

describe('keno picks', () => {
  it('toggles a number, and takes no eleventh', () => {
    expect(togglePick([3, 7], 7)).toEqual([3])
    expect(togglePick([3], 7)).toEqual([3, 7])
    const ten = Array.from({ length: 10 }, (_, i) => i + 1)
    expect(togglePick(ten, 11)).toEqual(ten)
    expect(togglePick(ten, 10)).toEqual(ten.slice(0, 9))
  })

  it('auto-picks the chosen count of distinct numbers from the random source', () => {
    // Always the first number left: 1, 2, 3...
    expect(autoPick(4, () => 0)).toEqual([1, 2, 3, 4])
    // Always the last number left: 40, 39...
    expect(autoPick(3, (below) => below - 1)).toEqual([38, 39, 40])
    let seed = 12345
    const lcg = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % below
    }
    for (let count = 1; count <= 10; count++) {
      const picks = autoPick(count, lcg)
      expect(new Set(picks).size).toBe(count)
      expect(picks.every((n) => n >= 1 && n <= 40)).toBe(true)
    }
    expect(autoPick(15, () => 0)).toHaveLength(10)
  })

  it('moves the focus on the 8 × 5 grid and stops at its edges', () => {
    expect(moveFocus(0, 'ArrowRight')).toBe(1)
    expect(moveFocus(7, 'ArrowRight')).toBe(7)
    expect(moveFocus(8, 'ArrowLeft')).toBe(8)
    expect(moveFocus(3, 'ArrowDown')).toBe(11)
    expect(moveFocus(35, 'ArrowDown')).toBe(35)
    expect(moveFocus(3, 'ArrowUp')).toBe(3)
    expect(moveFocus(12, 'Home')).toBe(8)
    expect(moveFocus(12, 'End')).toBe(15)
    expect(moveFocus(12, 'End', true)).toBe(39)
    expect(moveFocus(12, 'Home', true)).toBe(0)
    expect(moveFocus(12, 'Enter')).toBeNull()
  })
})
