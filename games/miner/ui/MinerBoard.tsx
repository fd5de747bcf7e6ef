import { useTranslation } from 'react-i18next'
import { tileStyle, useBoardGrid } from '../../kit/ui/useBoardGrid'
import { BOARD_SIDE, boardLayout } from '../scene/board'
import type { TileFace } from '../scene/minerView'
import { moveTileFocus, tilePlace } from './tiles'

/** Each face's text key: the button's name, with the tile's row and column. */
const TILE_NAMES: Record<TileFace, string> = {
  hidden: 'miner:board.tile.hidden',
  pending: 'miner:board.tile.pending',
  picked: 'miner:board.tile.picked',
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
  /**
   * The Auto tab's board: a press picks a covered tile or unpicks a picked one (`onReveal` is
   * then the toggle), and the buttons are toggles (`aria-pressed`).
   */
  picking?: boolean
}

/**
 * The board's 25 tiles as buttons over the scene's (the same layout, `boardLayout`, from the box
 * they share), in an ARIA grid: one tab stop, arrow keys, Home and End move the focus, Enter and
 * Space reveal the focused tile (one step, as a click does). Each button's name is its row and
 * column and what it shows; a tile already revealed, or any tile while no step may go, is
 * disabled. The tiles' faces are the scene's; the buttons add the focus ring.
 */
export function MinerBoard({ faces, onReveal, picking = false }: MinerBoardProps) {
  const { t } = useTranslation()
  const { box, size, cellProps } = useBoardGrid(moveTileFocus, 12)
  const layout = boardLayout(size.width, size.height)
  const rows = Array.from({ length: BOARD_SIDE }, (_, r) =>
    faces.slice(r * BOARD_SIDE, (r + 1) * BOARD_SIDE),
  )
  return (
    <div className="miner-board" ref={box}>
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
              const playable =
                onReveal !== null && (face === 'hidden' || (picking && face === 'picked'))
              return (
                <div role="gridcell" key={tile} className="miner-board__cell">
                  <button
                    type="button"
                    {...cellProps(tile)}
                    className={`miner-tile miner-tile--${face}`}
                    style={tileStyle(layout.tiles[tile])}
                    data-testid={`miner.tile-${tile}`}
                    data-face={face}
                    aria-label={t(TILE_NAMES[face], tilePlace(tile))}
                    aria-disabled={playable ? undefined : true}
                    aria-pressed={picking ? face === 'picked' : undefined}
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
