import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_MINES, MIN_MINES, safeTiles } from '../rules'

/** Props of `MinerFields`. */
export interface MinerFieldsProps {
  /** The board's mine count for the next round, 1–24. */
  mines: number
  onMines: (mines: number) => void
  /** True while a round is open or opening: its board is set. */
  disabled: boolean
}

const COUNTS = Array.from({ length: MAX_MINES - MIN_MINES + 1 }, (_, i) => i + MIN_MINES)

/**
 * Miner's field in the bet panel: how many mines the next board holds (1–24), and how many gems
 * that leaves to find.
 */
export function MinerFields({ mines, onMines, disabled }: MinerFieldsProps) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="miner-fields">
      <div className="game-panel__field">
        <label htmlFor={`${id}-mines`}>{t('miner:fields.mines')}</label>
        <select
          className="game-select"
          id={`${id}-mines`}
          data-testid="miner.mines"
          value={mines}
          disabled={disabled}
          aria-describedby={`${id}-gems`}
          onChange={(event) => onMines(Number(event.target.value))}
        >
          {COUNTS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-gems`} className="miner-fields__gems" data-testid="miner.gems">
        {t('miner:fields.gems', { count: safeTiles(mines) })}
      </p>
    </div>
  )
}
