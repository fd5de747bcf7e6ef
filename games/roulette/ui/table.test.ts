import { describe, expect, it } from 'vitest'
import type { Minor } from '../../engine/money'
import { INSIDE_KINDS, isLegalBet, isLegalInside, numbersOf, type InsideKind } from '../rules'
import {
  EMPTY_TABLE,
  betsOf,
  chipValues,
  clearChips,
  doubleChips,
  placeChip,
  repeatBets,
  stacksOf,
  totalOf,
  undoChip,
} from './chips'
import { GRID, POSITIONS, moveOnGrid, positionIdOf, spotAt } from './table'

const m = (n: number) => n as Minor

/** Every legal inside position by brute force over the rules: what the grid must offer. */
function legalInside(): Set<string> {
  const legal = new Set<string>()
  const sizes: Record<InsideKind, number> = { straight: 1, split: 2, street: 3, corner: 4, line: 6 }
  const choose = (from: number, k: number, acc: number[]) => {
    if (acc.length === k) {
      for (const kind of INSIDE_KINDS) {
        if (sizes[kind] === k && isLegalInside(kind, acc)) legal.add(`${kind}:${acc.join('-')}`)
      }
      return
    }
    // Legal positions span at most 6 consecutive numbers (0-3 for the zero's), so stay near.
    for (let n = from; n <= 36 && (acc.length === 0 || n - acc[0]! <= 5); n++) {
      choose(n + 1, k, [...acc, n])
    }
  }
  for (const k of [1, 2, 3, 4, 6]) choose(0, k, [])
  return legal
}

describe('roulette table layout', () => {
  it('offers every legal inside bet of the rules exactly once, and nothing illegal', () => {
    const insideIds = POSITIONS.filter((p) => p.cell !== null).map((p) => p.id)
    expect(new Set(insideIds).size).toBe(insideIds.length)
    expect(new Set(insideIds)).toEqual(legalInside())
    expect(POSITIONS).toHaveLength(157)
    for (const p of POSITIONS) expect(isLegalBet({ ...p.spot, amount: m(100) } as never)).toBe(true)
  })

  it('puts each bet between the numbers it covers', () => {
    expect(spotAt(2, 2)).toEqual({ kind: 'straight', numbers: [2] })
    expect(spotAt(1, 2)).toEqual({ kind: 'split', numbers: [1, 2] })
    expect(spotAt(0, 3)).toEqual({ kind: 'split', numbers: [1, 4] })
    expect(spotAt(3, 3)).toEqual({ kind: 'corner', numbers: [2, 3, 5, 6] })
    expect(spotAt(-1, 24)).toEqual({ kind: 'street', numbers: [34, 35, 36] })
    expect(spotAt(-1, 23)).toEqual({ kind: 'line', numbers: [31, 32, 33, 34, 35, 36] })
    expect(spotAt(-1, 1)).toEqual({ kind: 'corner', numbers: [0, 1, 2, 3] })
    expect(spotAt(3, 1)).toEqual({ kind: 'street', numbers: [0, 2, 3] })
    expect(spotAt(4, 0)).toEqual({ kind: 'straight', numbers: [0] })
    expect(spotAt(-1, 0)).toBeNull()
    expect(spotAt(0, 25)).toBeNull()
    // The cell is where the chip sits: every number it covers is a neighbour on the grid.
    for (const p of POSITIONS.filter((q) => q.cell !== null && q.cell.y > 1)) {
      for (const n of numbersOf({ ...p.spot, amount: m(1) } as never)) {
        const y = 2 * Math.ceil(n / 3)
        expect(Math.abs(y - p.cell!.y), p.id).toBeLessThanOrEqual(p.spot.kind === 'line' ? 3 : 1)
      }
    }
  })

  it('moves by arrow keys one cell at a time, staying on the table', () => {
    let at = { x: 0, y: 2 } // 1
    at = moveOnGrid(at, 'ArrowRight') // split 1-2
    expect(positionIdOf(spotAt(at.x, at.y)!)).toBe('split:1-2')
    at = moveOnGrid(at, 'ArrowDown') // corner 1-2-4-5
    expect(positionIdOf(spotAt(at.x, at.y)!)).toBe('corner:1-2-4-5')
    expect(moveOnGrid({ x: GRID.maxX, y: 2 }, 'ArrowRight')).toEqual({ x: GRID.maxX, y: 2 })
    expect(moveOnGrid({ x: 0, y: GRID.maxY }, 'ArrowDown')).toEqual({ x: 0, y: GRID.maxY })
    expect(moveOnGrid({ x: 0, y: 0 }, 'ArrowLeft')).toEqual({ x: 0, y: 0 })
    expect(moveOnGrid({ x: -1, y: 2 }, 'ArrowUp')).toEqual({ x: -1, y: 1 })
  })
})

describe('roulette chips', () => {
  const MAX = m(10_000)
  it('stacks chips per position and bets their sum, in the table order', () => {
    let table = placeChip(EMPTY_TABLE, 'red', m(100), MAX)
    table = placeChip(table, 'straight:17', m(500), MAX)
    table = placeChip(table, 'straight:17', m(100), MAX)
    expect(totalOf(table.stacks)).toBe(700)
    expect(betsOf(table.stacks)).toEqual([
      { kind: 'straight', numbers: [17], amount: 600 },
      { kind: 'red', amount: 100 },
    ])
    // A position that is not on the table, and a chip past the maximum, are not placed.
    expect(placeChip(table, 'split:1-5', m(100), MAX)).toBe(table)
    expect(placeChip(table, 'red', m(9_400), MAX)).toBe(table)
  })

  it('undoes each change in turn: a chip, a double, a clear', () => {
    let table = placeChip(EMPTY_TABLE, 'split:17-18', m(100), MAX)
    table = placeChip(table, 'odd', m(200), MAX)
    table = doubleChips(table, MAX)
    expect(table.stacks).toEqual({ 'split:17-18': 200, odd: 400 })
    table = clearChips(table, MAX)
    expect(table.stacks).toEqual({})
    table = undoChip(table)
    expect(table.stacks).toEqual({ 'split:17-18': 200, odd: 400 })
    table = undoChip(undoChip(table))
    expect(table.stacks).toEqual({ 'split:17-18': 100 })
    table = undoChip(table)
    expect(table).toEqual(EMPTY_TABLE)
    expect(undoChip(table)).toBe(table)
  })

  it('repeats the last spin in place of the table, and refuses a double past the maximum', () => {
    const last = [
      { kind: 'straight', numbers: [0], amount: m(100) },
      { kind: 'dozen', index: 3, amount: m(300) },
    ] as const
    let table = placeChip(EMPTY_TABLE, 'black', m(100), MAX)
    table = repeatBets(table, last, MAX)
    expect(table.stacks).toEqual(stacksOf(last))
    expect(betsOf(table.stacks)).toEqual(last)
    expect(undoChip(table).stacks).toEqual({ black: 100 })
    const big = placeChip(EMPTY_TABLE, 'red', m(6_000), MAX)
    expect(doubleChips(big, MAX)).toBe(big)
  })

  it('offers chips from the minimum bet up to the maximum', () => {
    expect(chipValues('RUB')).toEqual([100, 500, 1_000, 5_000, 10_000, 50_000])
    expect(chipValues('USD')).toEqual([1, 5, 10, 50, 100, 500])
  })
})
