/**
 * Keyboard shortcuts of a game's panel, for every family: a table of keys and what each does,
 * read from the page's key presses. Keys typed into a field are the field's, Space on a focused
 * button presses that button (the browser's own), and an open dialog keeps the keyboard, so none
 * of them triggers a shortcut. The instant kit (`instantHotkeys.ts`) and the stateful kit
 * (`statefulHotkeys.ts`) each build their table from the shared entries here.
 */
import { useEffect, useEffectEvent } from 'react'
import type { AmountAction } from './betAmount'

/** One shortcut: the key as shown, its `KeyboardEvent.code` (or `key`), what it does, its text. */
export interface Shortcut<S> {
  key: string
  match: string
  does: S
  /** The translation key that says what it does (the shortcuts dialog). */
  label: string
}

/** A key press as the shortcuts read it (a `KeyboardEvent`'s fields). */
export interface KeyPress {
  code: string
  key: string
  repeat: boolean
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: EventTarget | null
}

/** What an amount key does. */
export interface AmountShortcut {
  kind: 'amount'
  action: AmountAction
}

/** S halves, D doubles, A sets the minimum, F the maximum: the amount keys of every panel. */
export const AMOUNT_SHORTCUTS: readonly Shortcut<AmountShortcut>[] = [
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
]

/** `?` opens the list of shortcuts. */
export const HELP_SHORTCUT: Shortcut<{ kind: 'help' }> = {
  key: '?',
  match: '?',
  does: { kind: 'help' },
  label: 'kit:instant.keys.help',
}

/** The shortcut of `table` a key press means, or null (a field's typing, a button's Space...). */
export function shortcutIn<S>(table: readonly Shortcut<S>[], event: KeyPress): S | null {
  if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return null
  const target = event.target as HTMLElement | null
  const tag = target?.tagName ?? ''
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag)) return null
  if (event.code === 'Space' && tag === 'BUTTON') return null
  // Shortcuts stay out of open dialogs, which take the keyboard for themselves.
  if (target?.closest?.('[role="dialog"]')) return null
  const found = table.find((s) => s.match === event.code || s.match === event.key)
  return found?.does ?? null
}

/** Listens for the shortcuts of `table` while `enabled`, and calls `onShortcut` with each. */
export function useHotkeys<S>(
  enabled: boolean,
  table: readonly Shortcut<S>[],
  onShortcut: (shortcut: S) => void,
): void {
  const handle = useEffectEvent((event: KeyboardEvent) => {
    const shortcut = shortcutIn(table, event)
    if (shortcut === null) return
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
