import { useId, useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { ResetChannel, ResetField } from '../../flows/passwordReset.fields'
import type { PasswordResetContext, PasswordResetEvent } from '../../flows/passwordReset.machine'
import { LOGIN_BY_EMAIL_VALUE } from '../modals/urlSync'
import { PhoneInput } from '../phone/PhoneInput'
import { FieldErrors, FormAlert, fieldProps, useFocusFirstInvalid } from './FormParts'
import { useResetMessageText } from './messages'

const CHANNELS: readonly { channel: ResetChannel; label: string }[] = [
  { channel: 'email', label: 'password:channel.email' },
  { channel: 'phone', label: 'password:channel.phone' },
]

/** Props of {@link RequestStep}. */
export interface RequestStepProps {
  readonly context: PasswordResetContext
  readonly submitting: boolean
  readonly send: (event: PasswordResetEvent) => void
}

/**
 * The first step: the e-mail or phone of the account (a switch between the two), for which a
 * code is sent. The phone uses the masked input of SPEC.md section 5 and is sent as E.164.
 * With the e-mail it also offers the way around a reset: the LoginByEmail modal (one-time code).
 */
export function RequestStep({ context, submitting, send }: RequestStepProps) {
  const { t } = useTranslation()
  const text = useResetMessageText()
  const id = useId()
  const form = useFocusFirstInvalid(context.failures)
  const { channel } = context
  // Coming back from the code step, the address typed before is offered again.
  const [phone, setPhone] = useState(channel === 'phone' ? context.address : '')
  const messages = (field: ResetField) => (context.fieldErrors[field] ?? []).map(text)
  const edit = (field: ResetField) => () => send({ type: 'EDIT', field })
  const email = fieldProps(id, 'email', messages('email'), edit('email'), 'password-reset.email')
  const phoneField = fieldProps(
    id,
    'phone',
    messages('phone'),
    edit('phone'),
    'password-reset.phone',
  )

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    send({
      type: 'REQUEST',
      address: channel === 'email' ? String(data.get('email') ?? '') : phone,
    })
  }

  return (
    <form
      ref={form}
      className="auth-form reset-form"
      noValidate
      aria-busy={submitting}
      onSubmit={onSubmit}
      data-testid="password-reset.request-form"
    >
      <div className="reset-form__channels" role="group" aria-label={t('password:channel.label')}>
        {CHANNELS.map((c) => (
          <button
            key={c.channel}
            type="button"
            className="reset-form__channel"
            aria-pressed={channel === c.channel}
            disabled={submitting}
            onClick={() => send({ type: 'CHANNEL', channel: c.channel })}
            data-testid={`password-reset.channel-${c.channel}`}
          >
            {t(c.label)}
          </button>
        ))}
      </div>
      <p className="reset-form__hint">
        {channel === 'email' ? t('password:request.leadEmail') : t('password:request.leadPhone')}
      </p>
      {channel === 'email' ? (
        <div className="field">
          <label className="field__label" htmlFor={email.input.id}>
            {t('password:request.email')}
          </label>
          <input
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            defaultValue={context.address}
            {...email.input}
          />
          <FieldErrors
            id={email.errorId}
            messages={messages('email')}
            testId="password-reset.email-error"
          />
        </div>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={phoneField.input.id}>
            {t('password:request.phone')}
          </label>
          <PhoneInput
            id={phoneField.input.id}
            value={phone}
            onChange={(value) => {
              setPhone(value)
              phoneField.input.onChange()
            }}
            invalid={phoneField.input['aria-invalid']}
            aria-describedby={phoneField.input['aria-describedby']}
            testId="password-reset.phone"
          />
          <FieldErrors
            id={phoneField.errorId}
            messages={messages('phone')}
            testId="password-reset.phone-error"
          />
        </div>
      )}
      <FormAlert
        text={context.formError ? text(context.formError) : null}
        testId="password-reset.form-error"
      />
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={submitting}
        data-testid="password-reset.request-submit"
      >
        {submitting ? t('password:request.submitting') : t('password:request.submit')}
      </button>
      {channel === 'email' && (
        <p className="auth-form__switch">
          {t('password:request.codeInstead')}{' '}
          <Link
            to="/"
            search={{ login: LOGIN_BY_EMAIL_VALUE }}
            data-testid="password-reset.login-by-code"
          >
            {t('password:request.codeInsteadLink')}
          </Link>
        </p>
      )}
    </form>
  )
}
