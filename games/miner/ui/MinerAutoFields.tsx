import { useTranslation } from 'react-i18next'
import { safeTiles } from '../rules'
import { MinerFields } from './MinerFields'

/** Props of `MinerAutoFields`. */
export interface MinerAutoFieldsProps {
  mines: number
  onMines: (mines: number) => void
  /** The tiles picked on the board. */
  picked: readonly number[]
  onClear: () => void
  /** True while a run is on: its board and picks are set. */
  disabled: boolean
}

/**
 * Miner's fields on the Auto tab: the mine count, and how many tiles are picked on the board (at
 * most the board's gems), with Clear.
 */
export function MinerAutoFields(props: MinerAutoFieldsProps) {
  const { t } = useTranslation()
  const { mines, picked, disabled } = props
  const over = picked.length > safeTiles(mines)
  return (
    <>
      <MinerFields mines={mines} onMines={props.onMines} disabled={disabled} />
      <div className="miner-picks">
        <p className="game-panel__note" data-testid="miner.picked" aria-live="polite">
          {over
            ? t('miner:auto.tooMany', { gems: safeTiles(mines) })
            : t('miner:auto.picked', { picked: picked.length })}
        </p>
        <button
          type="button"
          className="game-chip"
          data-testid="miner.clear-picks"
          disabled={disabled || picked.length === 0}
          onClick={props.onClear}
        >
          {t('miner:auto.clear')}
        </button>
      </div>
    </>
  )
}
