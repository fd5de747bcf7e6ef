/**
 * Keyboard play for stateful games (miner, hilo, coinflip): Space is the main button (Bet, or
 * Cash out while a round is open), C cashes out, S/D/A/F set the amount between rounds, R makes
 * the game's random pick, ? lists the shortcuts; the game adds its own (hilo's arrows, coinflip's
 * sides), each named by an id the game's layout handles. What a key press means is read by the
 * kit's `hotkeys.ts` (never in a field, never Space on a button, never in a dialog).
 */
import {
  AMOUNT_SHORTCUTS,
  HELP_SHORTCUT,
  useHotkeys,
  type AmountShortcut,
  type Shortcut,
} from '../../ui/hotkeys'

/** What a stateful shortcut does; `game` runs the game's own shortcut `id`. */
export type StatefulShortcut =
  | { kind: 'main' }
  | { kind: 'cashout' }
  | AmountShortcut
  | { kind: 'random' }
  | { kind: 'help' }
  | { kind: 'game'; id: string }

/** A game's own shortcut: the key as shown, its `code` (or `key`), its id and its text's key. */
export interface GameShortcut {
  key: string
  match: string
  id: string
  label: string
}

const MAIN: Shortcut<StatefulShortcut> = {
  key: 'Space',
  match: 'Space',
  does: { kind: 'main' },
  label: 'kit:stateful.keys.main',
}
const CASHOUT: Shortcut<StatefulShortcut> = {
  key: 'C',
  match: 'KeyC',
  does: { kind: 'cashout' },
  label: 'kit:stateful.keys.cashout',
}
const RANDOM: Shortcut<StatefulShortcut> = {
  key: 'R',
  match: 'KeyR',
  does: { kind: 'random' },
  label: 'kit:stateful.keys.random',
}

/**
 * The shortcuts of a stateful game's page: the kit's (R only when the game has a random pick)
 * and the game's own after them. A game's key that is one of the kit's is a bug, thrown here, so
 * that no key silently does two things.
 */
export function statefulShortcuts(
  game: readonly GameShortcut[],
  options: { random: boolean },
): Shortcut<StatefulShortcut>[] {
  const kit = [
    MAIN,
    CASHOUT,
    ...AMOUNT_SHORTCUTS,
    ...(options.random ? [RANDOM] : []),
    HELP_SHORTCUT,
  ]
  const taken = new Set(kit.flatMap((s) => [s.match, s.key]))
  for (const own of game) {
    if (taken.has(own.match) || taken.has(own.key)) {
      throw new Error(`[kit/stateful/hotkeys] the game's key "${own.key}" is one of the kit's`)
    }
    taken.add(own.match).add(own.key)
  }
  return [
    ...kit,
    ...game.map((own) => ({
      key: own.key,
      match: own.match,
      does: { kind: 'game', id: own.id } as const,
      label: own.label,
    })),
  ]
}

/** Listens for the shortcuts of `table` while `enabled`, and calls `onShortcut` with each. */
export function useStatefulHotkeys(
  enabled: boolean,
  table: readonly Shortcut<StatefulShortcut>[],
  onShortcut: (shortcut: StatefulShortcut) => void,
): void {
  useHotkeys(enabled, table, onShortcut)
}
