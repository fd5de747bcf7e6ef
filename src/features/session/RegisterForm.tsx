import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useTranslation } from 'react-i18next'

import type { Currency } from '../../../contract'
import type { RegisterField, RegisterMachine } from '../../flows/register.machine'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales'
import { useSession } from '../../stores/session'
import type { ModalBodyProps } from '../modals/slots'
import { withoutModalFlags } from '../modals/urlSync'
import { PhoneInput } from '../phone/PhoneInput'
import { PromoField, usePromoField } from '../attribution/PromoField'
import { ConfirmCodeStep, type ConfirmMachines } from './ConfirmCodeForm'
import { ChannelTabs, FieldErrors, useMessageText, type Channel } from './formParts'
import './form.css'

type Search = Record<string, unknown>

/** Currencies of SPEC.md section 9, the default first. */
const CURRENCIES: readonly Currency[] = ['RUB', 'USD', 'KZT', 'INR', 'EUR']

/** The currency offered first: tenge for the Kazakh interface, else the default rouble. */
export function defaultCurrency(locale: Locale): Currency {
  return locale === 'kz' ? 'KZT' : 'RUB'
}

/** The machines the Register modal runs. */
export interface RegisterFormMachines {
  readonly register: RegisterMachine
  /** The e-mail code step after registering. */
  readonly confirmEmail: ConfirmMachines
}

/**
 * The body of the Register modal: e-mail or phone tabs, a new password (8 to 128 characters,
 * said before the player types) and the account currency. On success the player is signed in;
 * an e-mail registration then shows the code step in place (a phone one moves to the
 * ConfirmByPhone modal). Opened while signed in (a reload with `?signup`), it closes itself.
 */
export function createRegisterForm(machines: RegisterFormMachines): ComponentType<ModalBodyProps> {
  return function RegisterForm({ close }) {
    const { t, i18n } = useTranslation()
    const text = useMessageText()
    const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE
    const [snapshot, send] = useMachine(machines.register, { input: { locale } })
    const [channel, setChannel] = useState<Channel>('email')
    const [phone, setPhone] = useState('')
    const promo = usePromoField()
    const id = useId()
    const refs = {
      email: useRef<HTMLInputElement>(null),
      phone: useRef<HTMLInputElement>(null),
      password: useRef<HTMLInputElement>(null),
      currency: useRef<HTMLSelectElement>(null),
    }
    const signedInAtOpen = useRef(useSession.getState().user !== null)
    const busy = snapshot.matches('submitting')
    const { fieldErrors, formError, failures } = snapshot.context

    useEffect(() => {
      if (signedInAtOpen.current) close()
    }, [close])

    useEffect(() => {
      if (failures === 0) return
      const errors = snapshot.context.fieldErrors
      const first = (['email', 'phone', 'password', 'currency'] as const).find((f) => errors[f])
      if (first) refs[first].current?.focus()
    }, [failures]) // eslint-disable-line react-hooks/exhaustive-deps

    if (snapshot.matches('registered') && snapshot.context.channel === 'email') {
      return (
        <ConfirmCodeStep
          channel="email"
          address={snapshot.context.address ?? ''}
          machines={machines.confirmEmail}
          close={close}
        />
      )
    }

    const onSubmit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const data = new FormData(event.currentTarget)
      const password = String(data.get('password') ?? '')
      const currency = (CURRENCIES.find((c) => c === data.get('currency')) ?? 'RUB') as Currency
      send({
        type: 'SUBMIT',
        details:
          channel === 'email'
            ? {
                channel,
                email: String(data.get('email') ?? ''),
                password,
                currency,
                promo: promo.value,
              }
            : { channel, phone, password, currency, promo: promo.value },
      })
    }
    const clear = (field: RegisterField) => {
      if (fieldErrors[field]) send({ type: 'EDIT', field })
    }
    const field = (name: RegisterField) => {
      const errors = (fieldErrors[name] ?? []).map(text)
      const errorId = `${id}-${name}-error`
      return {
        errors,
        errorId,
        id: `${id}-${name}`,
        invalid: errors.length > 0,
        describedBy: errors.length > 0 ? errorId : undefined,
      }
    }
    const f = {
      email: field('email'),
      phone: field('phone'),
      password: field('password'),
      currency: field('currency'),
    }
    const panelId = `${id}-panel`

    return (
      <div className="auth-form">
        <ChannelTabs
          value={channel}
          onChange={(next) => {
            setChannel(next)
            clear('email')
            clear('phone')
          }}
          panelId={panelId}
          testId="register"
        />
        <form
          id={panelId}
          role="tabpanel"
          aria-labelledby={`${panelId}-tab-${channel}`}
          className="auth-form"
          noValidate
          aria-busy={busy}
          onSubmit={onSubmit}
          data-testid="register.form"
          data-state={typeof snapshot.value === 'string' ? snapshot.value : 'submitting'}
        >
          {channel === 'email' ? (
            <div className="field">
              <label className="field__label" htmlFor={f.email.id}>
                {t('auth:login.email')}
              </label>
              <input
                ref={refs.email}
                id={f.email.id}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                spellCheck={false}
                className="field__input"
                aria-invalid={f.email.invalid}
                aria-describedby={f.email.describedBy}
                data-testid="register.email"
                onChange={() => clear('email')}
              />
              <FieldErrors id={f.email.errorId} messages={f.email.errors} testId="register.email" />
            </div>
          ) : (
            <div className="field">
              <label className="field__label" htmlFor={f.phone.id}>
                {t('auth:login.phone')}
              </label>
              <PhoneInput
                ref={refs.phone}
                id={f.phone.id}
                value={phone}
                invalid={f.phone.invalid}
                aria-describedby={f.phone.describedBy}
                testId="register.phone"
                onChange={(next) => {
                  setPhone(next)
                  clear('phone')
                }}
              />
              <FieldErrors id={f.phone.errorId} messages={f.phone.errors} testId="register.phone" />
            </div>
          )}
          <div className="field">
            <label className="field__label" htmlFor={f.password.id}>
              {t('auth:login.password')}
            </label>
            <input
              ref={refs.password}
              id={f.password.id}
              name="password"
              type="password"
              autoComplete="new-password"
              className="field__input"
              aria-invalid={f.password.invalid}
              aria-describedby={[f.password.describedBy, `${id}-password-hint`]
                .filter(Boolean)
                .join(' ')}
              data-testid="register.password"
              onChange={() => clear('password')}
            />
            <p id={`${id}-password-hint`} className="auth-form__hint">
              {t('auth:register.passwordHint')}
            </p>
            <FieldErrors
              id={f.password.errorId}
              messages={f.password.errors}
              testId="register.password"
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={f.currency.id}>
              {t('auth:register.currency')}
            </label>
            <select
              ref={refs.currency}
              id={f.currency.id}
              name="currency"
              className="field__input"
              defaultValue={defaultCurrency(locale)}
              aria-invalid={f.currency.invalid}
              aria-describedby={f.currency.describedBy}
              data-testid="register.currency"
              onChange={() => clear('currency')}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
            <FieldErrors
              id={f.currency.errorId}
              messages={f.currency.errors}
              testId="register.currency"
            />
          </div>
          <PromoField {...promo} />
          <div role="alert" className="auth-form__error" data-testid="register.form-error">
            {formError ? text(formError) : null}
          </div>
          <button
            type="submit"
            className="button button--primary auth-form__submit"
            disabled={busy}
            data-testid="register.submit"
          >
            {busy ? t('auth:register.submitting') : t('auth:register.submit')}
          </button>
        </form>
        <p className="auth-form__switch">
          {t('auth:register.haveAccount')}{' '}
          <Link
            to="."
            search={(prev: Search) => ({ ...withoutModalFlags(prev), login: '' })}
            data-testid="register.login-link"
          >
            {t('auth:register.login')}
          </Link>
        </p>
      </div>
    )
  }
}
