/**
 * The player's picks on the board, pure: toggling a number, auto-pick (a chosen count of
 * distinct random numbers from a random source the page gives: `crypto.getRandomValues` in the
 * browser, a fixed one in tests), and where the arrow keys move the focus on the 8 × 5 grid.
 */
import { BOARD_COLUMNS } from '../scene/board'
import { KENO_NUMBERS, MAX_PICKS } from '../rules'
import { moveGridFocus } from '../../kit/ui/gridFocus'
import type { RandomIndex } from '../../kit/ui/randomPick'

/** Picks with `n` toggled: added (if fewer than 10 are picked) or removed. */
export function togglePick(picks: readonly number[], n: number): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n)
  return picks.length >= MAX_PICKS ? [...picks] : [...picks, n]
}

/**
 * `count` distinct numbers of 1–40 in ascending order, each drawn uniformly from those left (a
 * partial Fisher–Yates shuffle). Not a fairness draw: it only chooses the player's numbers.
 */
export function autoPick(count: number, random: RandomIndex): number[] {
  const left = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1)
  const picked: number[] = []
  for (let i = 0; i < Math.min(count, MAX_PICKS); i++) {
    picked.push(left.splice(random(left.length), 1)[0]!)
  }
  return picked.sort((a, b) => a - b)
}

/**
 * The tile index (0–39) a key moves the focus to from `index` on the 8 × 5 grid, or null for
 * another key (the kit's `moveGridFocus`: arrows, Home and End, Ctrl+Home and Ctrl+End).
 */
export function moveFocus(index: number, key: string, ctrl = false): number | null {
  return moveGridFocus({ columns: BOARD_COLUMNS, count: KENO_NUMBERS }, index, key, ctrl)
}
