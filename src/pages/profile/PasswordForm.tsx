import { useMachine } from '@xstate/react'
import { useEffect, useId, useMemo, useRef, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

import { errorNotification, translateMessage } from '../../api'
import {
  PASSWORD_TEXTS,
  type PasswordField,
  type PasswordMessage,
  type PasswordMode,
} from '../../flows/password.machine'
import type { ProfileApi } from '../../features/profile/api'
import { profilePasswordMachine } from '../../features/profile/password'
import { translateError } from '../../features/session/api'
import '../../features/session/form.css'

/** Props of {@link PasswordForm}. */
export interface PasswordFormProps {
  mode: PasswordMode
  api: Pick<ProfileApi, 'updatePassword' | 'setPassword' | 'user'>
  /** Called after each save (the server has ended the other sessions). */
  onSaved?: () => void
}

function useMessageText(): (message: PasswordMessage) => string {
  const { t } = useTranslation()
  return (message) => {
    switch (message.type) {
      case 'text':
        return t(message.key)
      case 'server':
        return translateMessage(message.message, translateError)
      case 'failure':
        return (
          errorNotification(message.failure, translateError)?.lines.join(' ') ??
          t(PASSWORD_TEXTS.unexpected)
        )
      default: {
        const unknown: never = message
        throw new Error(`[PasswordForm] unknown message ${JSON.stringify(unknown)}`)
      }
    }
  }
}

const LABELS: Record<PasswordField, string> = {
  old_password: 'profile:access.password.old',
  password: 'profile:access.password.new',
  password_confirm: 'profile:access.password.confirm',
}

/**
 * Set a first password (`set`) or change it (`update`) through the password machine. Errors
 * sit under their input (aria-describedby, aria-invalid), the first wrong field takes focus after
 * each failed attempt, and the inputs clear after a save (its notice is a toast).
 */
export function PasswordForm({ mode, api, onSaved }: PasswordFormProps) {
  const { t } = useTranslation()
  const text = useMessageText()
  const machine = useMemo(() => profilePasswordMachine(api, t), [api, t])
  const [snapshot, send] = useMachine(machine, { input: { mode } })
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const { fieldErrors, formError, failures, saves } = snapshot.context
  const submitting = snapshot.matches('submitting')
  const fields: PasswordField[] =
    mode === 'update'
      ? ['old_password', 'password', 'password_confirm']
      : ['password', 'password_confirm']

  useEffect(() => {
    if (failures === 0) return
    const first = fields.find((f) => fieldErrors[f])
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
  }, [failures]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (saves === 0) return
    formRef.current?.reset()
    onSaved?.()
  }, [saves]) // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const value = (name: PasswordField) => String(data.get(name) ?? '')
    send({
      type: 'SUBMIT',
      values: {
        old_password: value('old_password'),
        password: value('password'),
        password_confirm: value('password_confirm'),
      },
    })
  }

  return (
    <form
      ref={formRef}
      className="auth-form profile-password"
      noValidate
      aria-busy={submitting}
      onSubmit={onSubmit}
      data-testid="profile.password-form"
      data-mode={mode}
      data-state={typeof snapshot.value === 'string' ? snapshot.value : 'submitting'}
    >
      {mode === 'set' ? <p className="page__meta">{t('profile:access.password.setHint')}</p> : null}
      {fields.map((name) => {
        const errors = fieldErrors[name] ?? []
        const errorId = `${id}-${name}-error`
        return (
          <div className="field" key={name}>
            <label className="field__label" htmlFor={`${id}-${name}`}>
              {t(LABELS[name])}
            </label>
            <input
              id={`${id}-${name}`}
              name={name}
              type="password"
              className="field__input"
              autoComplete={name === 'old_password' ? 'current-password' : 'new-password'}
              aria-invalid={errors.length > 0}
              aria-describedby={errors.length > 0 ? errorId : undefined}
              onChange={() => {
                if (errors.length > 0) send({ type: 'EDIT', field: name })
              }}
              data-testid={`profile.password-${name}`}
            />
            {errors.length > 0 ? (
              <ul
                id={errorId}
                className="field__errors"
                data-testid={`profile.password-${name}-error`}
              >
                {errors.map((message, index) => (
                  <li key={index}>{text(message)}</li>
                ))}
              </ul>
            ) : null}
          </div>
        )
      })}
      <div role="alert" className="auth-form__error" data-testid="profile.password-form-error">
        {formError ? text(formError) : null}
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={submitting}
        data-testid="profile.password-submit"
      >
        {submitting
          ? t('profile:access.password.saving')
          : mode === 'set'
            ? t('profile:access.password.submitSet')
            : t('profile:access.password.submitUpdate')}
      </button>
    </form>
  )
}
