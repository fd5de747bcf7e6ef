import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { BOARD_SIDE, boardLayout } from '../scene/board'
import type { TileFace } from '../scene/minerView'
import { moveTileFocus, tilePlace } from './tiles'

/** Each face's text key: the button's name, with the tile's row and column. */
const TILE_NAMES: Record<TileFace, string> = {
  hidden: 'miner:board.tile.hidden',
  pending: 'miner:board.tile.pending',
  gem: 'miner:board.tile.gem',
  mine: 'miner:board.tile.mine',
  gemDim: 'miner:board.tile.gemDim',
  mineDim: 'miner:board.tile.mineDim',
}

/** Props of `MinerBoard`. */
export interface MinerBoardProps {
  /** Each tile's face (index = tile), as the scene draws it under the buttons. */
  faces: readonly TileFace[]
  /** Reveals a tile as the round's next step; null while no step may go (no round, one out). */
  onReveal: ((tile: number) => void) | null
}

/**
 * The board's 25 tiles as buttons over the scene's (the same layout, `boardLayout`, from the box
 * they share), in an ARIA grid: one tab stop, arrow keys, Home and End move the focus, Enter and
 * Space reveal the focused tile (one step, as a click does). Each button's name is its row and
 * column and what it shows; a tile already revealed, or any tile while no step may go, is
 * disabled. The tiles' faces are the scene's; the buttons add the focus ring.
 */
export function MinerBoard({ faces, onReveal }: MinerBoardProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const [size, setSize] = useState({ width: 0, height: 0 })
  const [focus, setFocus] = useState(12)
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
    const next = moveTileFocus(index, event.key, event.ctrlKey)
    if (next === null) return
    event.preventDefault()
    setFocus(next)
    buttons.current[next]?.focus()
  }
  const rows = Array.from({ length: BOARD_SIDE }, (_, r) =>
    faces.slice(r * BOARD_SIDE, (r + 1) * BOARD_SIDE),
  )
  return (
    <div className="miner-board" ref={ref}>
      <div
        role="grid"
        aria-label={t('miner:board.label')}
        aria-disabled={onReveal === null}
        data-testid="miner.board"
      >
        {rows.map((row, r) => (
          <div role="row" key={r} className="miner-board__row">
            {row.map((face, c) => {
              const tile = r * BOARD_SIDE + c
              const rect = layout.tiles[tile]
              const playable = onReveal !== null && face === 'hidden'
              return (
                <div role="gridcell" key={tile} className="miner-board__cell">
                  <button
                    type="button"
                    ref={(element) => {
                      buttons.current[tile] = element
                    }}
                    className={`miner-tile miner-tile--${face}`}
                    style={
                      rect
                        ? { left: rect.x, top: rect.y, width: rect.size, height: rect.size }
                        : undefined
                    }
                    data-testid={`miner.tile-${tile}`}
                    data-face={face}
                    aria-label={t(TILE_NAMES[face], tilePlace(tile))}
                    aria-disabled={playable ? undefined : true}
                    tabIndex={tile === focus ? 0 : -1}
                    onFocus={() => setFocus(tile)}
                    onKeyDown={(event) => onKeyDown(event, tile)}
                    onClick={() => {
                      if (playable) onReveal(tile)
                    }}
                  />
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </div>
  )
}
