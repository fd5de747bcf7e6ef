import { useEffect, useId, useRef, type ComponentType, type FormEvent } from 'react'
import { useMachine } from '@xstate/react'
import { useTranslation } from 'react-i18next'

import type { AuthCodeMachine } from '../../flows/authCode.machine'
import type { ConfirmContactMachine } from '../../flows/confirmContact.machine'
import { useSession } from '../../stores/session'
import { applyMask, splitPhone } from '../phone/mask'
import type { ModalBodyProps } from '../modals/slots'
import { CodeInput, FieldErrors, SendCodeButton, useMessageText } from './formParts'
import './form.css'

/** The machines a confirmation step runs. */
export interface ConfirmMachines {
  readonly confirm: ConfirmContactMachine
  readonly code: AuthCodeMachine
}

/** An E.164 phone as the player typed it: `+7 (999) 123 45 67`. */
export function displayPhone(e164: string): string {
  const { country, national } = splitPhone(e164)
  return `${country.dial} ${applyMask(country.mask, national)}`
}

/**
 * The code step after registration: "We sent a code to ...", the code field (focused, SMS
 * autofill), Confirm, "Send again" once the server's cooldown allows (POST /auth/{channel}/resend),
 * and Later, which closes it: the account works unconfirmed, and the step can be reopened. A
 * wrong code shows on the field; the accepted code closes the modal with a success notice.
 */
export function ConfirmCodeStep({
  channel,
  address,
  machines,
  close,
}: {
  channel: 'email' | 'phone'
  address: string
  machines: ConfirmMachines
  close: () => void
}) {
  const { t } = useTranslation()
  const text = useMessageText()
  const [snapshot, send] = useMachine(machines.confirm)
  const [code, sendCode] = useMachine(machines.code, { input: {} })
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const busy = snapshot.matches('verifying') || snapshot.matches('refreshing')
  const errors = (snapshot.context.fieldErrors.code ?? []).map(text)
  const errorId = `${id}-code-error`
  const prefix = channel === 'email' ? 'confirm-email' : 'confirm-phone'

  useEffect(() => {
    if (snapshot.context.failures > 0) input.current?.focus()
  }, [snapshot.context.failures])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'SUBMIT', code: String(new FormData(event.currentTarget).get('code') ?? '') })
  }
  const shown = channel === 'phone' ? displayPhone(address) : address
  const resendError = code.context.error ? text(code.context.error) : null

  return (
    <form
      className="auth-form"
      noValidate
      aria-busy={busy}
      onSubmit={onSubmit}
      data-testid={`${prefix}.form`}
      data-state={typeof snapshot.value === 'string' ? snapshot.value : ''}
    >
      <p className="auth-form__hint" id={`${id}-intro`}>
        {channel === 'email'
          ? t('auth:confirm.introEmail', { address: shown })
          : t('auth:confirm.introPhone', { address: shown })}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          {t('auth:code.label')}
        </label>
        <div className="auth-form__code-row">
          <CodeInput
            ref={input}
            id={`${id}-code`}
            autoFocus
            invalid={errors.length > 0}
            describedBy={errors.length > 0 ? errorId : `${id}-intro`}
            testId={`${prefix}.code`}
            onEdit={() => {
              if (errors.length > 0) send({ type: 'EDIT', field: 'code' })
            }}
          />
          <SendCodeButton
            sent
            resendIn={code.context.resendIn}
            busy={code.matches('sending')}
            testId={`${prefix}.resend`}
            onSend={() => sendCode({ type: 'SEND', channel, address: null })}
          />
        </div>
        <FieldErrors id={errorId} messages={errors} testId={`${prefix}.code`} />
        <p className="auth-form__hint" aria-live="polite" data-testid={`${prefix}.resend-status`}>
          {resendError ?? (code.context.sent > 0 ? t('auth:confirm.resent') : null)}
        </p>
      </div>
      <div role="alert" className="auth-form__error" data-testid={`${prefix}.form-error`}>
        {snapshot.context.formError ? text(snapshot.context.formError) : null}
      </div>
      <div className="auth-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid={`${prefix}.submit`}
        >
          {busy ? t('auth:confirm.submitting') : t('auth:confirm.submit')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={close}
          data-testid={`${prefix}.later`}
        >
          {t('auth:confirm.later')}
        </button>
      </div>
    </form>
  )
}

/** The ConfirmByPhone modal body: the code step for the signed-in player's phone. */
export function createConfirmByPhone(machines: ConfirmMachines): ComponentType<ModalBodyProps> {
  return function ConfirmByPhone({ close }) {
    const { t } = useTranslation()
    const phone = useSession((s) => s.user?.phone ?? null)
    if (!phone) return <p data-testid="confirm-phone.signed-out">{t('auth:confirm.signedOut')}</p>
    return <ConfirmCodeStep channel="phone" address={phone} machines={machines} close={close} />
  }
}
