import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { usePromo } from './promo'

/** The promo field's value and its setter, for {@link PromoField}. */
export interface PromoFieldState {
  readonly value: string
  readonly onChange: (value: string) => void
}

/**
 * The sign-up form's promo value: the visit's code (`?promo=` or the `promo` cookie, see
 * `promo.ts`) until the player edits it; a code the check drops while untouched empties it.
 */
export function usePromoField(): PromoFieldState {
  const visitCode = usePromo((s) => s.code)
  const [value, setValue] = useState(visitCode ?? '')
  const edited = useRef(false)
  useEffect(() => {
    if (!edited.current) setValue(visitCode ?? '')
  }, [visitCode])
  return {
    value,
    onChange: (next) => {
      edited.current = true
      setValue(next)
    },
  }
}

/** The optional promo code field of the sign-up form. */
export function PromoField({ value, onChange }: PromoFieldState) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('attribution:promo.label')}
      </label>
      <input
        id={id}
        name="promo"
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        className="field__input"
        value={value}
        aria-describedby={`${id}-hint`}
        data-testid="register.promo"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="auth-form__hint">
        {t('attribution:promo.hint')}
      </p>
    </div>
  )
}
