import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MoneyLocale } from '../../engine/money'
import type { DiceParams } from '../rules'
import { fieldTexts, flip, paramsFrom, type DiceField } from './diceFields'

/** Props of `DiceFields`. */
export interface DiceFieldsProps {
  params: DiceParams
  onParams: (params: DiceParams) => void
  disabled: boolean
  /** The player's number format: the inputs show `49,50` in ru and kz (and read `,` or `.`). */
  locale: MoneyLocale
}

const FIELDS: { field: DiceField; label: string }[] = [
  { field: 'target', label: 'dice:fields.target' },
  { field: 'chance', label: 'dice:fields.chance' },
  { field: 'multiplier', label: 'dice:fields.multiplier' },
]

/**
 * Dice's inputs: roll over or under, and the target, win chance and multiplier, linked both ways.
 * The field being typed in keeps the player's text (`49.` stays `49.` while it is typed); the
 * others follow every legal value at once, and a value out of range is marked, not applied.
 */
export function DiceFields({ params, onParams, disabled, locale }: DiceFieldsProps) {
  const { t } = useTranslation()
  const id = useId()
  const [draft, setDraft] = useState<{ field: DiceField; text: string } | null>(null)
  const texts = fieldTexts(params, locale)
  return (
    <div className="dice-fields">
      <button
        type="button"
        className="button button--ghost dice-fields__side"
        data-testid="dice.direction"
        data-direction={params.direction}
        disabled={disabled}
        onClick={() => {
          setDraft(null)
          onParams(flip(params))
        }}
      >
        {params.direction === 'over' ? t('dice:fields.over') : t('dice:fields.under')}
      </button>
      {FIELDS.map(({ field, label }) => {
        const text = draft?.field === field ? draft.text : texts[field]
        const invalid =
          draft?.field === field && paramsFrom(field, draft.text, params.direction) === null
        return (
          <div className="game-panel__field" key={field}>
            <label htmlFor={`${id}-${field}`}>{t(label)}</label>
            <input
              id={`${id}-${field}`}
              data-testid={`dice.${field}`}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              disabled={disabled}
              aria-invalid={invalid}
              onChange={(event) => {
                const value = event.target.value
                setDraft({ field, text: value })
                const next = paramsFrom(field, value, params.direction)
                if (next) onParams(next)
              }}
              onBlur={() => setDraft(null)}
            />
          </div>
        )
      })}
      {draft && paramsFrom(draft.field, draft.text, params.direction) === null ? (
        <p className="game-panel__invalid" role="alert" data-testid="dice.fields-error">
          {t('dice:fields.invalid')}
        </p>
      ) : null}
    </div>
  )
}
