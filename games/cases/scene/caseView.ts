/**
 * What the case scene draws, pure: one strip per case opened, each a row of items that spins and
 * stops on the item the server drew. The filler items are random draws from the same table (the
 * caller's source of floats, in the browser), so the strip shows the case's true odds: no
 * valuable item is ever planted beside the winner to suggest a near miss.
 */
import { CASE_TICKETS, itemIndexOfTicket, type CaseTable, type Rarity } from '../rules'

/** How many cells a strip has, and where the drawn item sits (cells after it keep the row full). */
export const STRIP_CELLS = 48
export const STOP_CELL = 42
/** How long a strip spins before it rests on its item (ms); strips start a little apart. */
export const SPIN_MS = 4_200
export const STRIP_STAGGER_MS = 250

/** One cell: the item's name (in the player's language) and its rarity colour. */
export interface StripCell {
  readonly label: string
  readonly rarity: Rarity
}

/** One strip: its cells, with the drawn item at {@link STOP_CELL}. */
export interface CaseStrip {
  readonly cells: readonly StripCell[]
}

/** The scene's view model. */
export interface CaseView {
  /** One per case opened; before any opening, one strip of the case's items at rest. */
  readonly strips: readonly CaseStrip[]
  /** The opening the strips belong to: a new id spins them again; null: at rest. */
  readonly spinId: string | null
  /** Rest at once (quick open). The scene also rests at once under reduced motion. */
  readonly instant: boolean
}

/** How long an opening of `count` cases spins, the last strip included (ms). */
export function spinDuration(count: number): number {
  return SPIN_MS + Math.max(0, count - 1) * STRIP_STAGGER_MS
}

/** An item's cell, named in the player's language by `labelOf`. */
type LabelOf = (index: number) => string

/** A strip that stops on item `drawn` of `table`, its other cells drawn with `random`. */
export function stripFor(
  table: CaseTable,
  drawn: number,
  labelOf: LabelOf,
  random: () => number,
): CaseStrip {
  const cells: StripCell[] = []
  for (let i = 0; i < STRIP_CELLS; i++) {
    const index =
      i === STOP_CELL ? drawn : itemIndexOfTicket(table, Math.floor(random() * CASE_TICKETS) + 1)
    cells.push({ label: labelOf(index), rarity: table.items[index]!.rarity })
  }
  return { cells }
}

/** The strips of an opening: one per drawn item (indexes into the table). */
export function openingView(
  table: CaseTable,
  drawn: readonly number[],
  labelOf: LabelOf,
  random: () => number,
  spinId: string,
  instant: boolean,
): CaseView {
  return {
    strips: drawn.map((index) => stripFor(table, index, labelOf, random)),
    spinId,
    instant,
  }
}

/** The case at rest before any opening: its items in table order, repeated to fill a strip. */
export function restingView(table: CaseTable, labelOf: LabelOf): CaseView {
  const cells = Array.from({ length: STRIP_CELLS }, (_, i) => {
    const index = i % table.items.length
    return { label: labelOf(index), rarity: table.items[index]!.rarity }
  })
  return { strips: [{ cells }], spinId: null, instant: true }
}
