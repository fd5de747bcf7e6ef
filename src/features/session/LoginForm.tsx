import { useEffect, useId, useRef, type ComponentType, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useTranslation } from 'react-i18next'

import { errorNotification, translateMessage } from '../../api'
import {
  LOGIN_TEXTS,
  type LoginField,
  type LoginMachine,
  type LoginMessage,
} from '../../flows/login.machine'
import { isLocale, DEFAULT_LOCALE } from '../../i18n/locales'
import type { ModalBodyProps } from '../modals/slots'
import { withoutModalFlags } from '../modals/urlSync'
import { translateError } from './api'
import './form.css'

type Search = Record<string, unknown>

/** Turns a machine message into text in the current language. */
function useMessageText(): (message: LoginMessage) => string {
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
          t(LOGIN_TEXTS.unexpected)
        )
      default: {
        const unknown: never = message
        throw new Error(`[LoginForm] unknown message ${JSON.stringify(unknown)}`)
      }
    }
  }
}

/**
 * The body of the Login modal for a log-in machine (provided at the app edge, or with fakes in
 * tests). Native form semantics: labelled inputs, Enter submits, errors tied to their input
 * with aria-describedby and aria-invalid, focus moved to the first wrong field, a form-level
 * error in an alert region, and a submit button disabled while the attempt runs.
 */
export function createLoginForm(machine: LoginMachine): ComponentType<ModalBodyProps> {
  return function LoginForm() {
    const { t, i18n } = useTranslation()
    const text = useMessageText()
    const [snapshot, send] = useMachine(machine, {
      input: {
        locale: isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
        development: import.meta.env.DEV,
      },
    })
    const id = useId()
    const emailRef = useRef<HTMLInputElement>(null)
    const passwordRef = useRef<HTMLInputElement>(null)
    const submitting = snapshot.matches('submitting')
    const { fieldErrors, formError } = snapshot.context

    // After each failed attempt the first field with a message takes focus, so a screen reader
    // reads its label and, through aria-describedby, the message. Keyed on the attempt count,
    // not the messages: a message going away while the player types must not move the focus.
    const { failures } = snapshot.context
    useEffect(() => {
      if (failures === 0) return
      const { fieldErrors: errors } = snapshot.context
      if (errors.email) emailRef.current?.focus()
      else if (errors.password) passwordRef.current?.focus()
    }, [failures]) // eslint-disable-line react-hooks/exhaustive-deps

    const onSubmit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const data = new FormData(event.currentTarget)
      send({
        type: 'SUBMIT',
        credentials: {
          email: String(data.get('email') ?? ''),
          password: String(data.get('password') ?? ''),
        },
      })
    }

    const field = (name: LoginField) => {
      const errors = fieldErrors[name] ?? []
      const errorId = `${id}-${name}-error`
      return {
        errors,
        errorId,
        inputProps: {
          id: `${id}-${name}`,
          name,
          'aria-invalid': errors.length > 0,
          'aria-describedby': errors.length > 0 ? errorId : undefined,
          onChange: () => {
            if (errors.length > 0) send({ type: 'EDIT', field: name })
          },
          'data-testid': `login.${name}`,
          className: 'field__input',
        },
      }
    }
    const email = field('email')
    const password = field('password')

    return (
      <form
        className="auth-form"
        noValidate
        aria-busy={submitting}
        onSubmit={onSubmit}
        data-testid="login.form"
        data-state={typeof snapshot.value === 'string' ? snapshot.value : 'submitting'}
      >
        <div className="field">
          <label className="field__label" htmlFor={email.inputProps.id}>
            {t('auth:login.email')}
          </label>
          <input
            ref={emailRef}
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            {...email.inputProps}
          />
          <FieldErrors id={email.errorId} messages={email.errors.map(text)} testId="login.email" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={password.inputProps.id}>
            {t('auth:login.password')}
          </label>
          <input
            ref={passwordRef}
            type="password"
            autoComplete="current-password"
            {...password.inputProps}
          />
          <FieldErrors
            id={password.errorId}
            messages={password.errors.map(text)}
            testId="login.password"
          />
        </div>
        {/* Always in the DOM, so assistive technology is listening before a message arrives. */}
        <div role="alert" className="auth-form__error" data-testid="login.form-error">
          {formError ? text(formError) : null}
        </div>
        <button
          type="submit"
          className="button button--primary auth-form__submit"
          disabled={submitting}
          data-testid="login.submit"
        >
          {submitting ? t('auth:login.submitting') : t('auth:login.submit')}
        </button>
        <p className="auth-form__switch">
          {t('auth:login.noAccount')}{' '}
          <Link
            to="."
            search={(prev: Search) => ({ ...withoutModalFlags(prev), signup: '' })}
            data-testid="login.register-link"
          >
            {t('auth:login.register')}
          </Link>
        </p>
      </form>
    )
  }
}

function FieldErrors({ id, messages, testId }: { id: string; messages: string[]; testId: string }) {
  if (messages.length === 0) return null
  return (
    <ul id={id} className="field__errors" data-testid={`${testId}-error`}>
      {messages.map((message, index) => (
        <li key={index}>{message}</li>
      ))}
    </ul>
  )
}
