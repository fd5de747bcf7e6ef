import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { RISK_NAMES } from './riskNames'
import { KENO_RISKS, MAX_PICKS, type KenoRisk } from '../rules'

/** Props of `KenoFields`. */
export interface KenoFieldsProps {
  risk: KenoRisk
  onRisk: (risk: KenoRisk) => void
  /** How many numbers are picked. */
  picked: number
  /** How many numbers auto-pick takes. */
  autoCount: number
  onAutoCount: (count: number) => void
  onAutoPick: () => void
  onClear: () => void
  disabled: boolean
}

const COUNTS = Array.from({ length: MAX_PICKS }, (_, i) => i + 1)

/**
 * Keno's inputs in the bet panel: the risk (four tables), how many numbers are picked, auto-pick
 * of a chosen count of random numbers, and clear.
 */
export function KenoFields(props: KenoFieldsProps) {
  const { t } = useTranslation()
  const id = useId()
  const { disabled } = props
  return (
    <div className="keno-fields">
      <fieldset className="keno-fields__risk" disabled={disabled}>
        <legend>{t('keno:fields.risk')}</legend>
        <div className="keno-fields__risks">
          {KENO_RISKS.map((risk) => (
            <label key={risk} className="keno-fields__option">
              <input
                type="radio"
                name={`${id}-risk`}
                value={risk}
                checked={props.risk === risk}
                data-testid={`keno.risk-${risk}`}
                onChange={() => props.onRisk(risk)}
              />
              <span>{t(RISK_NAMES[risk])}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="keno-fields__picked" data-testid="keno.picked" aria-live="polite">
        {t('keno:fields.picked', { picked: props.picked, max: MAX_PICKS })}
      </p>
      <div className="keno-fields__auto">
        <div className="game-panel__field">
          <label htmlFor={`${id}-count`}>{t('keno:fields.autoCount')}</label>
          <select
            className="game-select"
            id={`${id}-count`}
            data-testid="keno.auto-count"
            value={props.autoCount}
            disabled={disabled}
            onChange={(event) => props.onAutoCount(Number(event.target.value))}
          >
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--ghost"
          data-testid="keno.auto-pick"
          disabled={disabled}
          onClick={props.onAutoPick}
        >
          {t('keno:fields.autoPick')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-testid="keno.clear"
          disabled={disabled || props.picked === 0}
          onClick={props.onClear}
        >
          {t('keno:fields.clear')}
        </button>
      </div>
    </div>
  )
}
