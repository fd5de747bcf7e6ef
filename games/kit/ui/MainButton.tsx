import { useEffect, useEffectEvent, type ReactNode } from 'react'
import { useGameSound } from './sound/useGameSound'

/** Props of `MainButton`. */
export interface MainButtonProps {
  /** What it does, for its colour: bet (or start), cash out, stop. */
  kind: 'bet' | 'cash' | 'stop'
  /** The full test id, e.g. `crash.bet-button`. */
  testId: string
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}

/**
 * The main action as its button and its keyboard shortcut (Space) both run it, so it sounds the
 * same either way: a bet sounds as it goes (the cash-out's sound comes with its settlement, which
 * an automatic cash-out has too). Nothing happens, and nothing sounds, while it is not `enabled`.
 */
export function useMainAction(
  kind: MainButtonProps['kind'],
  action: () => void,
  enabled = true,
): () => void {
  const play = useGameSound()
  return () => {
    if (!enabled) return
    if (kind === 'bet') play('bet')
    action()
  }
}

/** The panel's big button: bet, cash out, start or stop auto-bet, run by {@link useMainAction}. */
export function MainButton({ kind, testId, disabled, onClick, children }: MainButtonProps) {
  const run = useMainAction(kind, onClick, !disabled)
  return (
    <button
      type="button"
      className={`game-main game-main--${kind}`}
      data-testid={testId}
      disabled={disabled}
      onClick={run}
    >
      {children}
    </button>
  )
}

/**
 * Calls `onSpace` when Space is pressed and focus is not in a field or on a button (where Space
 * already means something): the main button's keyboard shortcut.
 */
export function useSpaceKey(onSpace: () => void): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.code !== 'Space' || event.repeat) return
    const target = event.target as HTMLElement | null
    if (target && /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName)) return
    event.preventDefault()
    onSpace()
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])
}
