import type { KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react'
import { useKitText } from './kitText'

/** Manual bets one at a time, or auto-bet. */
export type BetMode = 'manual' | 'auto'

const MODES: { mode: BetMode; text: string }[] = [
  { mode: 'manual', text: 'kit:autobet.manual' },
  { mode: 'auto', text: 'kit:autobet.auto' },
]

/** Props of `ModeTabs`. */
export interface ModeTabsProps {
  /** Test ids read `<game>.mode.manual` and `<game>.mode.auto`. */
  game: string
  /** Prefix of the tabs' and panels' element ids (`useId()`). */
  tabsId: string
  shown: BetMode
  /**
   * The tab shown stays: a running auto-bet keeps its tab (a manual bet beside it would take its
   * round), and an open stateful round keeps Manual (its Cash out is there).
   */
  locked: boolean
  onMode: (mode: BetMode) => void
  /** The pointer is on the Auto tab, or it has focus: a lazily loaded auto panel may start now. */
  onAutoIntent?: () => void
}

/** The Manual / Auto tabs; arrow keys move between them, as a tablist's should. */
export function ModeTabs({ game, tabsId, shown, locked, onMode, onAutoIntent }: ModeTabsProps) {
  const t = useKitText(game)
  const onKey = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    if (locked) return
    const next: BetMode = shown === 'manual' ? 'auto' : 'manual'
    onMode(next)
    document.getElementById(`${tabsId}-${next}`)?.focus()
  }
  return (
    <div className="game-panel__modes" role="tablist" aria-label={t('kit:autobet.modes')}>
      {MODES.map(({ mode, text }) => (
        <button
          key={mode}
          type="button"
          role="tab"
          id={`${tabsId}-${mode}`}
          className="game-panel__mode"
          data-testid={`${game}.mode.${mode}`}
          aria-selected={shown === mode}
          aria-controls={`${tabsId}-${mode}-panel`}
          tabIndex={shown === mode ? 0 : -1}
          disabled={locked && mode !== shown}
          onClick={() => onMode(mode)}
          onKeyDown={onKey}
          onPointerEnter={mode === 'auto' ? onAutoIntent : undefined}
          onFocus={mode === 'auto' ? onAutoIntent : undefined}
        >
          {t(text)}
        </button>
      ))}
    </div>
  )
}

/** The panel of one tab of `ModeTabs`. */
export function ModePanel(props: {
  tabsId: string
  mode: BetMode
  shown: BetMode
  children: ReactNode
}) {
  const { tabsId, mode, shown } = props
  return (
    <div
      role="tabpanel"
      id={`${tabsId}-${mode}-panel`}
      aria-labelledby={`${tabsId}-${mode}`}
      className="game-panel__tab"
      hidden={shown !== mode}
    >
      {props.children}
    </div>
  )
}
