import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { boardLayout } from '../scene/board'
import type { TileState } from '../scene/kenoView'
import { moveFocus } from './picks'

/** Props of `KenoBoard`. */
export interface KenoBoardProps {
  /** Each number's state (index 0 is number 1), as the scene draws it under the buttons. */
  states: readonly TileState[]
  /** Toggles a number; null while the board is locked (a bet out, an auto-bet run, a guest). */
  onToggle: ((n: number) => void) | null
  /** True when 10 numbers are picked: the others take no more. */
  full: boolean
  /** The pay table, placed under the board's result band. */
  table: ReactNode
}

/**
 * The board's 40 numbers as buttons over the scene's tiles (the same layout, `boardLayout`, from
 * the box they share), in an ARIA grid: one tab stop, arrow keys, Home and End move the focus,
 * Enter and Space pick or unpick; each button's name is its visible number and its pressed state
 * says whether it is picked. The tiles' colours are the scene's; the buttons add the numbers, the
 * focus ring, and a picked border that stays readable if the canvas cannot start.
 */
export function KenoBoard({ states, onToggle, full, table }: KenoBoardProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const [size, setSize] = useState({ width: 0, height: 0 })
  const [focus, setFocus] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight })
    measure()
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const layout = boardLayout(size.width, size.height)
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = moveFocus(index, event.key, event.ctrlKey)
    if (next === null) return
    event.preventDefault()
    setFocus(next)
    buttons.current[next]?.focus()
  }
  const rows = Array.from({ length: 5 }, (_, r) => states.slice(r * 8, r * 8 + 8))
  return (
    <div className="keno-board" ref={ref}>
      <div
        role="grid"
        aria-label={t('keno:board.label')}
        aria-disabled={onToggle === null}
        data-testid="keno.board"
      >
        {rows.map((row, r) => (
          <div role="row" key={r} className="keno-board__row">
            {row.map((state, c) => {
              const index = r * 8 + c
              const n = index + 1
              const rect = layout.tiles[index]
              const picked = state === 'picked' || state === 'hit'
              return (
                <div role="gridcell" key={n} className="keno-board__cell">
                  <button
                    type="button"
                    ref={(element) => {
                      buttons.current[index] = element
                    }}
                    className={`keno-tile keno-tile--${state}`}
                    style={
                      rect
                        ? { left: rect.x, top: rect.y, width: rect.size, height: rect.size }
                        : undefined
                    }
                    data-testid={`keno.tile-${n}`}
                    data-state={state}
                    aria-pressed={picked}
                    aria-disabled={onToggle === null || (full && !picked) ? true : undefined}
                    tabIndex={index === focus ? 0 : -1}
                    onFocus={() => setFocus(index)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                    onClick={() => onToggle?.(n)}
                  >
                    {n}
                  </button>
                </div>
              )
            })}
          </div>
        ))}
      </div>
      <div
        className="keno-board__table"
        style={{ top: layout.table.y, height: layout.table.height }}
      >
        {table}
      </div>
    </div>
  )
}
