/**
 * The player's picks on the board, pure: toggling a number, auto-pick (a chosen count of
 * distinct random numbers from a random source the page gives: `crypto.getRandomValues` in the
 * browser, a fixed one in tests), and where the arrow keys move the focus on the 8 × 5 grid.
 */
import { BOARD_COLUMNS } from '../scene/board'
import { KENO_NUMBERS, MAX_PICKS } from '../rules'
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
 * The tile index (0–39) a key moves the focus to from `index`, or null for another key: arrows
 * by one tile or one row (stopping at the edges), Home and End to the row's ends, Ctrl+Home and
 * Ctrl+End to the first and last tile (the ARIA grid pattern).
 */
export function moveFocus(index: number, key: string, ctrl = false): number | null {
  const row = Math.floor(index / BOARD_COLUMNS)
  const column = index % BOARD_COLUMNS
  const last = KENO_NUMBERS - 1
  switch (key) {
    case 'ArrowRight':
      return column < BOARD_COLUMNS - 1 ? index + 1 : index
    case 'ArrowLeft':
      return column > 0 ? index - 1 : index
    case 'ArrowDown':
      return index + BOARD_COLUMNS <= last ? index + BOARD_COLUMNS : index
    case 'ArrowUp':
      return index - BOARD_COLUMNS >= 0 ? index - BOARD_COLUMNS : index
    case 'Home':
      return ctrl ? 0 : row * BOARD_COLUMNS
    case 'End':
      return ctrl ? last : row * BOARD_COLUMNS + BOARD_COLUMNS - 1
    default:
      return null
  }
}
