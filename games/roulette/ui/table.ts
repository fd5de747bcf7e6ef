/**
 * The roulette table as a grid the player moves over, pure: every one of the 157 positions of the
 * European layout (the rules' `isLegalInside` decides what is legal) with its place on a fine
 * grid, so that a mouse, a finger and the arrow keys reach the same positions. The table stands
 * upright, as `rules.ts` numbers it: 0 on top, then 12 rows of 3 (row r holds 3r-2, 3r-1, 3r).
 *
 * The fine grid: x -1..4 and y 0..24. Numbers sit at even x (0, 2, 4: columns 1–3) and even
 * y ≥ 2 (y = 2r); the odd x between two numbers is their split and the odd y below a row the
 * split with the next row; where both are odd is the corner of four. The column x = -1 is the
 * row's outer edge: a street beside a row, a six line between two rows. y = 0 is the zero (the
 * whole width) and y = 1 the edge between 0 and the first row: splits 0-1, 0-2, 0-3, the trios
 * 0-1-2 and 0-2-3, and at x = -1 the first four 0-1-2-3.
 */
import type { RouletteBet } from '../rules'

/** A bet without its stake: one position of the table. */
export type BetSpot = RouletteBet extends infer B
  ? B extends RouletteBet
    ? Omit<B, 'amount'>
    : never
  : never

/** A position's id: `straight:17`, `split:17-18`, `dozen:2`, `red`. */
export type PositionId = string

/** One position of the table and, for inside bets, where it is on the fine grid. */
export interface TablePosition {
  readonly id: PositionId
  readonly spot: BetSpot
  /** Fine-grid cell (inside bets only; the zero's is its middle, x = 2). */
  readonly cell: { readonly x: number; readonly y: number } | null
}

/** The fine grid's bounds. */
export const GRID = { minX: -1, maxX: 4, minY: 0, maxY: 24 } as const

/** The id of a bet's position (the same for every stake on it). */
export function positionIdOf(spot: BetSpot): PositionId {
  if ('numbers' in spot) return `${spot.kind}:${spot.numbers.join('-')}`
  if ('index' in spot) return `${spot.kind}:${spot.index}`
  return spot.kind
}

const inside = (kind: 'straight' | 'split' | 'street' | 'corner' | 'line', numbers: number[]) =>
  ({ kind, numbers }) as BetSpot

/** The first number of row r (1..12). */
const rowStart = (r: number) => 3 * r - 2

/** The inside position at a fine-grid cell, or null where there is none. */
export function spotAt(x: number, y: number): BetSpot | null {
  if (x < GRID.minX || x > GRID.maxX || y < GRID.minY || y > GRID.maxY) return null
  if (!Number.isInteger(x) || !Number.isInteger(y)) return null
  if (y === 0) return x >= 0 ? inside('straight', [0]) : null
  if (y === 1) {
    if (x === -1) return inside('corner', [0, 1, 2, 3])
    if (x % 2 === 0) return inside('split', [0, x / 2 + 1])
    return inside('street', x === 1 ? [0, 1, 2] : [0, 2, 3])
  }
  const r = Math.floor(y / 2)
  const a = rowStart(r)
  if (y % 2 === 0) {
    if (x === -1) return inside('street', [a, a + 1, a + 2])
    const n = a + Math.floor(x / 2)
    return x % 2 === 0 ? inside('straight', [n]) : inside('split', [n, n + 1])
  }
  if (r >= 12) return null
  if (x === -1) return inside('line', [a, a + 1, a + 2, a + 3, a + 4, a + 5])
  const n = a + Math.floor(x / 2)
  return x % 2 === 0 ? inside('split', [n, n + 3]) : inside('corner', [n, n + 1, n + 3, n + 4])
}

/** The outside positions, in the order the table shows them. */
const OUTSIDE: readonly BetSpot[] = [
  { kind: 'dozen', index: 1 },
  { kind: 'dozen', index: 2 },
  { kind: 'dozen', index: 3 },
  { kind: 'column', index: 1 },
  { kind: 'column', index: 2 },
  { kind: 'column', index: 3 },
  { kind: 'low' },
  { kind: 'even' },
  { kind: 'red' },
  { kind: 'black' },
  { kind: 'odd' },
  { kind: 'high' },
]

function buildPositions(): TablePosition[] {
  const found: TablePosition[] = []
  const seen = new Set<PositionId>()
  for (let y = GRID.minY; y <= GRID.maxY; y++) {
    for (let x = GRID.minX; x <= GRID.maxX; x++) {
      const spot = spotAt(x, y)
      if (!spot) continue
      const id = positionIdOf(spot)
      if (seen.has(id)) continue
      seen.add(id)
      found.push({ id, spot, cell: y === 0 ? { x: 2, y: 0 } : { x, y } })
    }
  }
  return [...found, ...OUTSIDE.map((spot) => ({ id: positionIdOf(spot), spot, cell: null }))]
}

/** Every position of the table: 145 inside, 12 outside. */
export const POSITIONS: readonly TablePosition[] = buildPositions()

const BY_ID: ReadonlyMap<PositionId, TablePosition> = new Map(POSITIONS.map((p) => [p.id, p]))

/** The position with this id, or undefined. */
export function positionOf(id: PositionId): TablePosition | undefined {
  return BY_ID.get(id)
}

/** An arrow key's step on the fine grid. */
export type Arrow = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight'

const STEP: Readonly<Record<Arrow, readonly [number, number]>> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
}

/**
 * Where an arrow key moves the focus: one fine-grid cell over, so that every split, street,
 * corner and line is one key away from its numbers; the focus stays where no position is.
 * On the zero row the column is kept, so Up then Down returns to the same column.
 */
export function moveOnGrid(at: { x: number; y: number }, key: Arrow): { x: number; y: number } {
  const [dx, dy] = STEP[key]
  const next = { x: at.x + dx, y: at.y + dy }
  return spotAt(next.x, next.y) ? next : at
}
