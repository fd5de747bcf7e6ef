/**
 * Keyboard play for instant games: Space bets, S halves, D doubles, A sets the minimum, F the
 * maximum, and ? opens the list of shortcuts. Keys typed into a field are the field's, and Space
 * on a focused button presses that button (the browser's own), so neither triggers a shortcut.
 */
import { useEffect, useEffectEvent } from 'react'
import type { AmountAction } from '../../ui/betAmount'

/** What a shortcut does. */
export type InstantShortcut =
  { kind: 'bet' } | { kind: 'amount'; action: AmountAction } | { kind: 'help' }

/**
 * Every shortcut: the key as shown, its `KeyboardEvent.code` (or `key`), what it does, and the
 * translation key that says so.
 */
export const INSTANT_SHORTCUTS: readonly {
  key: string
  match: string
  does: InstantShortcut
  label: string
}[] = [
  { key: 'Space', match: 'Space', does: { kind: 'bet' }, label: 'kit:instant.keys.bet' },
  {
    key: 'S',
    match: 'KeyS',
    does: { kind: 'amount', action: 'half' },
    label: 'kit:instant.keys.half',
  },
  {
    key: 'D',
    match: 'KeyD',
    does: { kind: 'amount', action: 'double' },
    label: 'kit:instant.keys.double',
  },
  {
    key: 'A',
    match: 'KeyA',
    does: { kind: 'amount', action: 'min' },
    label: 'kit:instant.keys.min',
  },
  {
    key: 'F',
    match: 'KeyF',
    does: { kind: 'amount', action: 'max' },
    label: 'kit:instant.keys.max',
  },
  { key: '?', match: '?', does: { kind: 'help' }, label: 'kit:instant.keys.help' },
]

/** The shortcut a key press means, or null (a field's typing, a button's Space, a modifier). */
export function shortcutOf(event: {
  code: string
  key: string
  repeat: boolean
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: EventTarget | null
}): InstantShortcut | null {
  if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return null
  const tag = (event.target as HTMLElement | null)?.tagName ?? ''
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag)) return null
  if (event.code === 'Space' && tag === 'BUTTON') return null
  // Shortcuts stay out of open dialogs, which take the keyboard for themselves.
  if ((event.target as HTMLElement | null)?.closest?.('[role="dialog"]')) return null
  const found = INSTANT_SHORTCUTS.find((s) => s.match === event.code || s.match === event.key)
  return found?.does ?? null
}

/** Listens for the shortcuts while `enabled`, and calls `onShortcut` with each. */
export function useInstantHotkeys(enabled: boolean, onShortcut: (s: InstantShortcut) => void) {
  const handle = useEffectEvent((event: KeyboardEvent) => {
    const shortcut = shortcutOf(event)
    if (!shortcut) return
    event.preventDefault()
    onShortcut(shortcut)
  })
  useEffect(() => {
    if (!enabled) return
    const listener = (event: KeyboardEvent) => handle(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [enabled])
}
