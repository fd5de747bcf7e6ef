import { useId, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

import type { PasswordResetContext, PasswordResetEvent } from '../../flows/passwordReset.machine'
import { FieldErrors, FormAlert, fieldProps, useFocusFirstInvalid } from './FormParts'
import { useResetMessageText } from './messages'

/** Props of {@link CodeStep}. */
export interface CodeStepProps {
  readonly context: PasswordResetContext
  /** The code is being checked. */
  readonly confirming: boolean
  /** Another code is being asked for. */
  readonly resending: boolean
  readonly send: (event: PasswordResetEvent) => void
}

/**
 * The second step: the code from the e-mail or SMS, a resend button that counts down the
 * server's `resend_in`, and a way back to change the address.
 */
export function CodeStep({ context, confirming, resending, send }: CodeStepProps) {
  const { t } = useTranslation()
  const text = useResetMessageText()
  const id = useId()
  const form = useFocusFirstInvalid(context.failures)
  const messages = (context.fieldErrors.code ?? []).map(text)
  const code = fieldProps(
    id,
    'code',
    messages,
    () => send({ type: 'EDIT', field: 'code' }),
    'password-reset.code',
  )
  const busy = confirming || resending

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'CONFIRM', code: String(new FormData(event.currentTarget).get('code') ?? '') })
  }

  return (
    <form
      ref={form}
      className="auth-form reset-form"
      noValidate
      aria-busy={busy}
      onSubmit={onSubmit}
      data-testid="password-reset.code-form"
    >
      <p className="reset-form__hint" role="status" data-testid="password-reset.code-sent">
        {context.channel === 'email'
          ? t('password:code.sentEmail', { address: context.address })
          : t('password:code.sentPhone', { address: context.address })}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={code.input.id}>
          {t('password:code.label')}
        </label>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          // The field the step is about: the player arrives here to type the code, and the step that
          // led here has just unmounted with the focus, which would otherwise fall to <body>.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- focus placed on a step change, not on page load
          autoFocus
          {...code.input}
        />
        <FieldErrors id={code.errorId} messages={messages} testId="password-reset.code-error" />
      </div>
      <FormAlert
        text={context.formError ? text(context.formError) : null}
        testId="password-reset.form-error"
      />
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={busy}
        data-testid="password-reset.code-submit"
      >
        {confirming ? t('password:code.submitting') : t('password:code.submit')}
      </button>
      <div className="reset-form__row">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || context.resendIn > 0}
          onClick={() => send({ type: 'RESEND' })}
          data-testid="password-reset.resend"
        >
          {resending
            ? t('password:code.resending')
            : context.resendIn > 0
              ? t('password:code.resendIn', { seconds: context.resendIn })
              : t('password:code.resend')}
        </button>
        <button
          type="button"
          className="reset-form__link"
          disabled={busy}
          onClick={() => send({ type: 'RESTART' })}
          data-testid="password-reset.change-address"
        >
          {context.channel === 'email'
            ? t('password:code.changeEmail')
            : t('password:code.changePhone')}
        </button>
      </div>
    </form>
  )
}
