/**
 * Keyboard play for instant games: Space bets, S halves, D doubles, A sets the minimum, F the
 * maximum (the panel's ceiling: the largest stake whose best outcome fits the maximum payout), and
 * ? opens the list of shortcuts. What a key press means is read by the kit's `hotkeys.ts`.
 */
import {
  AMOUNT_SHORTCUTS,
  HELP_SHORTCUT,
  shortcutIn,
  useHotkeys,
  type AmountShortcut,
  type KeyPress,
  type Shortcut,
} from '../../ui/hotkeys'

/** What a shortcut does. */
export type InstantShortcut = { kind: 'bet' } | AmountShortcut | { kind: 'help' }

/**
 * Every shortcut: the key as shown, its `KeyboardEvent.code` (or `key`), what it does, and the
 * translation key that says so.
 */
export const INSTANT_SHORTCUTS: readonly Shortcut<InstantShortcut>[] = [
  { key: 'Space', match: 'Space', does: { kind: 'bet' }, label: 'kit:instant.keys.bet' },
  ...AMOUNT_SHORTCUTS,
  HELP_SHORTCUT,
]

/** The shortcut a key press means, or null (a field's typing, a button's Space, a modifier). */
export function shortcutOf(event: KeyPress): InstantShortcut | null {
  return shortcutIn(INSTANT_SHORTCUTS, event)
}

/** Listens for the shortcuts while `enabled`, and calls `onShortcut` with each. */
export function useInstantHotkeys(enabled: boolean, onShortcut: (s: InstantShortcut) => void) {
  useHotkeys(enabled, INSTANT_SHORTCUTS, onShortcut)
}
