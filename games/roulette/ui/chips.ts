/**
 * The chips on the table, pure: stacks per position, each change undoable, and the spin's bets
 * (one per stack; their sum is the command's amount). The total never passes the game's maximum
 * bet, so a chip, a repeat or a double that would pass it is not placed.
 */
import { betLimits, type Currency, type Minor } from '../../engine/money'
import type { RouletteBet } from '../rules'
import { POSITIONS, positionIdOf, positionOf, type PositionId } from './table'

/** Stakes per position. */
export type Stacks = Readonly<Record<PositionId, Minor>>

/** The chips on the table and what undo goes back to, newest last. */
export interface ChipTable {
  readonly stacks: Stacks
  readonly history: readonly Stacks[]
}

/** An empty table. */
export const EMPTY_TABLE: ChipTable = { stacks: {}, history: [] }

/** Chip values, in multiples of the game's minimum bet (within its maximum). */
const CHIP_STEPS = [1, 5, 10, 50, 100, 500] as const

/** The chips a player can pick in `currency`: the minimum bet and its multiples up to the max. */
export function chipValues(currency: Currency): Minor[] {
  const { min, max } = betLimits('roulette', currency)
  return CHIP_STEPS.map((step) => (min * step) as Minor).filter((value) => value <= max)
}

/** The sum of the stacks. */
export function totalOf(stacks: Stacks): Minor {
  return Object.values(stacks).reduce((sum, amount) => sum + amount, 0) as Minor
}

/** `table` with `stacks` in place, the old ones kept for undo; unchanged past `max`. */
function change(table: ChipTable, stacks: Stacks, max: Minor): ChipTable {
  if (totalOf(stacks) > max || sameStacks(stacks, table.stacks)) return table
  return { stacks, history: [...table.history, table.stacks] }
}

/** Whether two tables hold the same chips (a change that changes nothing is no undo step). */
function sameStacks(a: Stacks, b: Stacks): boolean {
  const ids = Object.keys(a)
  return ids.length === Object.keys(b).length && ids.every((id) => a[id] === b[id])
}

/** Puts a chip of `value` on position `id`. */
export function placeChip(table: ChipTable, id: PositionId, value: Minor, max: Minor): ChipTable {
  if (!positionOf(id) || value <= 0) return table
  const stacks = { ...table.stacks, [id]: ((table.stacks[id] ?? 0) + value) as Minor }
  return change(table, stacks, max)
}

/** Takes back the last change. */
export function undoChip(table: ChipTable): ChipTable {
  const previous = table.history.at(-1)
  if (previous === undefined) return table
  return { stacks: previous, history: table.history.slice(0, -1) }
}

/** Takes every chip off (undoable). */
export function clearChips(table: ChipTable, max: Minor): ChipTable {
  return change(table, {}, max)
}

/** Doubles every stack on the table (undoable). */
export function doubleChips(table: ChipTable, max: Minor): ChipTable {
  const stacks = Object.fromEntries(
    Object.entries(table.stacks).map(([id, amount]) => [id, (amount * 2) as Minor]),
  )
  return change(table, stacks, max)
}

/** Puts the last spin's bets back on the table in place of what is there (undoable). */
export function repeatBets(table: ChipTable, bets: readonly RouletteBet[], max: Minor): ChipTable {
  return change(table, stacksOf(bets), max)
}

/** The stacks a spin's bets make. */
export function stacksOf(bets: readonly RouletteBet[]): Stacks {
  const stacks: Record<PositionId, Minor> = {}
  for (const bet of bets) {
    const id = positionIdOf(bet)
    stacks[id] = ((stacks[id] ?? 0) + bet.amount) as Minor
  }
  return stacks
}

/** The spin's bets: one per stack, in the table's order. */
export function betsOf(stacks: Stacks): RouletteBet[] {
  return POSITIONS.flatMap((position) => {
    const amount = stacks[position.id]
    return amount ? [{ ...position.spot, amount } as RouletteBet] : []
  })
}
