import { useEffect, useId, useRef, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

import { formatMoney, parseMoney } from '../../../games/engine/money'
import type { Minor, ReceivedPaymentMethod } from '../../../contract'
import { depositLimits, presetsFor } from '../../flows/payIn.amount'
import { selectedMethod, type PayInContext, type PayInEvent } from '../../flows/payIn.machine'
import { useMoneyLocale, usePayInText } from './messages'

interface Props {
  readonly context: PayInContext
  readonly send: (event: PayInEvent) => void
  /** An invoice is being created: inputs stay as they are, the button shows the wait. */
  readonly busy: boolean
}

/** A method's name in the interface language, English when it has none. */
function methodName(method: ReceivedPaymentMethod, locale: 'en' | 'ru' | 'kz'): string {
  return method.name[locale] ?? method.name.en
}

/**
 * The deposit form: the method, the amount with its limits and one-tap presets, and the bonus a
 * deposit activates. Labelled inputs; the amount's message is tied to it with aria-describedby
 * and takes focus after a rejected submit; a message about the whole form is in an alert region.
 */
export function PayInForm({ context, send, busy }: Props) {
  const { t } = useTranslation()
  const locale = useMoneyLocale()
  const id = useId()
  const amountRef = useRef<HTMLInputElement>(null)
  const method = selectedMethod(context)
  const currency = method?.value.currency ?? 'RUB'
  const text = usePayInText(currency)
  const money = (amount: Minor) => formatMoney(amount, currency, locale, { trimWhole: true })

  // Keyed on the count of rejections, so a message going away while the player types does not
  // move the focus.
  const { rejections } = context
  useEffect(() => {
    if (rejections > 0 && context.amountError) amountRef.current?.focus()
  }, [rejections]) // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'SUBMIT' })
  }

  const limits = method ? depositLimits(method) : null
  const presets = method ? presetsFor(method) : []
  const typed = parseMoney(context.amountText, currency)
  const amountId = `${id}-amount`
  const hintId = `${id}-amount-hint`
  const errorId = `${id}-amount-error`

  return (
    <form
      className="payin-form"
      noValidate
      aria-busy={busy}
      onSubmit={onSubmit}
      data-testid="payin.form"
      data-state={busy ? 'creating' : 'form'}
    >
      {context.methods.length > 1 && (
        <fieldset className="payin-methods" disabled={busy}>
          <legend className="field__label">{t('payin:form.method')}</legend>
          {context.methods.map((m) => (
            <label key={m.hash} className="payin-method">
              <input
                type="radio"
                name="method"
                value={m.hash}
                checked={m.hash === context.methodHash}
                onChange={() => send({ type: 'SELECT_METHOD', hash: m.hash })}
                data-testid={`payin.method-${m.hash}`}
              />
              <span>{methodName(m, locale)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {context.methods.length === 1 && method && (
        <p className="payin-form__method">
          {t('payin:form.method')}
          {': '}
          <strong>{methodName(method, locale)}</strong>
        </p>
      )}

      <div className="field">
        <label className="field__label" htmlFor={amountId}>
          {t('payin:form.amount', { currency })}
        </label>
        <input
          ref={amountRef}
          id={amountId}
          name="amount"
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          value={context.amountText}
          readOnly={busy}
          aria-invalid={context.amountError !== null}
          aria-describedby={context.amountError ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => send({ type: 'EDIT_AMOUNT', text: event.target.value })}
          data-testid="payin.amount"
        />
        {context.amountError && (
          <p id={errorId} className="field__errors" data-testid="payin.amount-error">
            {text(context.amountError)}
          </p>
        )}
        {limits && (
          <p id={hintId} className="payin-form__hint" data-testid="payin.amount-hint">
            {t('payin:form.limits', { min: money(limits.min), max: money(limits.max) })}
          </p>
        )}
      </div>

      {presets.length > 0 && (
        <div className="payin-presets" role="group" aria-label={t('payin:form.presets')}>
          {presets.map((amount, index) => (
            <button
              key={amount}
              type="button"
              className="payin-preset"
              aria-pressed={typed.ok && typed.value === amount}
              disabled={busy}
              onClick={() => send({ type: 'PICK_PRESET', amount })}
              data-testid={`payin.preset-${index}`}
            >
              {money(amount)}
            </button>
          ))}
        </div>
      )}

      {context.bonusName && (
        <p className="payin-form__bonus" data-testid="payin.bonus">
          {t('payin:form.bonus', { name: context.bonusName })}
        </p>
      )}

      <div role="alert" className="auth-form__error" data-testid="payin.form-error">
        {context.formError ? text(context.formError) : null}
      </div>
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={busy}
        data-testid="payin.submit"
      >
        {busy ? t('payin:form.submitting') : t('payin:form.submit')}
      </button>
    </form>
  )
}
