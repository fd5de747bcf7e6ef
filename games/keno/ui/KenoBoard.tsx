import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { tileStyle, useBoardGrid } from '../../kit/ui/useBoardGrid'
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
  const { box, size, cellProps } = useBoardGrid(moveFocus, 0)
  const layout = boardLayout(size.width, size.height)
  const rows = Array.from({ length: 5 }, (_, r) => states.slice(r * 8, r * 8 + 8))
  return (
    <div className="keno-board" ref={box}>
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
              const picked = state === 'picked' || state === 'hit'
              return (
                <div role="gridcell" key={n} className="keno-board__cell">
                  <button
                    type="button"
                    {...cellProps(index)}
                    className={`keno-tile keno-tile--${state}`}
                    style={tileStyle(layout.tiles[index])}
                    data-testid={`keno.tile-${n}`}
                    data-state={state}
                    aria-pressed={picked}
                    aria-disabled={onToggle === null || (full && !picked) ? true : undefined}
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
