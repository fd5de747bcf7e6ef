import { useTranslation } from 'react-i18next'
import { formatMoney, type Currency, type Minor, type MoneyLocale } from '../../engine/money'
import { chipText } from './RouletteTable'

/** Props of `RouletteChips`. */
export interface RouletteChipsProps {
  currency: Currency
  locale: MoneyLocale
  values: readonly Minor[]
  chip: Minor
  onChip: (value: Minor) => void
  total: Minor
  /** Each action, or null when it would change nothing (or a spin is out). */
  onUndo: (() => void) | null
  onClear: (() => void) | null
  onRepeat: (() => void) | null
  onDouble: (() => void) | null
}

/** The chip values to pick from, the table's actions and the total stake of the spin. */
export function RouletteChips(props: RouletteChipsProps) {
  const { t } = useTranslation()
  const actions = [
    { id: 'undo', text: t('roulette:chips.undo'), run: props.onUndo },
    { id: 'clear', text: t('roulette:chips.clear'), run: props.onClear },
    { id: 'repeat', text: t('roulette:chips.repeat'), run: props.onRepeat },
    { id: 'double', text: t('roulette:chips.double'), run: props.onDouble },
  ]
  return (
    <div className="roulette-chips">
      <div role="group" aria-label={t('roulette:chips.label')} className="roulette-chips__values">
        {props.values.map((value) => (
          <button
            key={value}
            type="button"
            className="roulette-chip"
            data-testid={`roulette.chip-${value}`}
            aria-pressed={value === props.chip}
            aria-label={t('roulette:chips.value', {
              amount: formatMoney(value, props.currency, props.locale),
            })}
            onClick={() => props.onChip(value)}
          >
            {chipText(value, props.currency)}
          </button>
        ))}
      </div>
      <div className="roulette-chips__actions">
        {actions.map((action) => (
          <button
            key={action.id}
            type="button"
            className="game-chip"
            data-testid={`roulette.${action.id}`}
            disabled={action.run === null}
            onClick={() => action.run?.()}
          >
            {action.text}
          </button>
        ))}
      </div>
      <p className="roulette-chips__total" data-testid="roulette.total" data-total={props.total}>
        {t('roulette:chips.total', {
          amount: formatMoney(props.total, props.currency, props.locale),
        })}
      </p>
    </div>
  )
}
