import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useTranslation } from 'react-i18next'

import type { AuthCodeMachine } from '../../flows/authCode.machine'
import type { LoginCredentials, LoginField, LoginMachine } from '../../flows/login.machine'
import { DEFAULT_LOCALE, isLocale } from '../../i18n/locales'
import type { ModalBodyProps } from '../modals/slots'
import { withoutModalFlags } from '../modals/urlSync'
import { ForgotPasswordLink } from '../password/ForgotPasswordLink'
import { PhoneInput } from '../phone/PhoneInput'
import {
  ChannelTabs,
  CodeInput,
  FieldErrors,
  SendCodeButton,
  useMessageText,
  type Channel,
} from './formParts'
import { SocialButtons } from './SocialButtons'
import { useSocialProviders } from './socialProviders'
import './form.css'

type Search = Record<string, unknown>
type Mode = 'password' | 'code'

/** The machines a log-in form runs. */
export interface LoginFormMachines {
  readonly login: LoginMachine
  readonly code: AuthCodeMachine
}

/** A fixed variant: LoginByEmail is the e-mail + code form without tabs or choices. */
export interface LoginFormOptions {
  readonly only?: 'email-code'
}

/**
 * The body of the Login modal (and, with `only: 'email-code'`, of LoginByEmail): e-mail or
 * phone tabs, a password or a one-time code (sent on request, with the server's resend cooldown
 * counted down), and social providers. Native form semantics: labelled inputs, Enter submits,
 * errors tied to their input with aria-describedby and aria-invalid, focus moved to the first
 * wrong field after a failed attempt, a form-level error in an alert region, and a submit button
 * disabled while the attempt runs.
 */
export function createLoginForm(
  machines: LoginFormMachines,
  options: LoginFormOptions = {},
): ComponentType<ModalBodyProps> {
  return function LoginForm() {
    const { t, i18n } = useTranslation()
    const text = useMessageText()
    const [snapshot, send] = useMachine(machines.login, {
      input: {
        locale: isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
        development: import.meta.env.DEV,
      },
    })
    const [code, sendCode] = useMachine(machines.code, { input: {} })
    const socialProviders = useSocialProviders()
    const fixed = options.only === 'email-code'
    const [channel, setChannel] = useState<Channel>('email')
    const [mode, setMode] = useState<Mode>(fixed ? 'code' : 'password')
    const [phone, setPhone] = useState('')
    const [email, setEmail] = useState('')
    const id = useId()
    const refs = {
      email: useRef<HTMLInputElement>(null),
      phone: useRef<HTMLInputElement>(null),
      password: useRef<HTMLInputElement>(null),
      code: useRef<HTMLInputElement>(null),
    }
    const busy = snapshot.matches('submitting')
    const social = snapshot.matches('social')
    const { fieldErrors, formError, failures } = snapshot.context
    const address = channel === 'email' ? email : phone
    const codeSent = code.context.sent > 0 && code.context.sentTo === address.trim()

    // After each failed attempt the first field with a message takes focus, so a screen reader
    // reads its label and, through aria-describedby, the message. Keyed on the attempt count,
    // not the messages: a message going away while the player types must not move the focus.
    useEffect(() => {
      if (failures === 0) return
      const errors = snapshot.context.fieldErrors
      const first = (['email', 'phone', 'password', 'code'] as const).find((f) => errors[f])
      if (first) refs[first].current?.focus()
    }, [failures]) // eslint-disable-line react-hooks/exhaustive-deps

    // The code field takes focus when a code has been sent, ready for the digits.
    useEffect(() => {
      if (code.context.sent > 0) refs.code.current?.focus()
    }, [code.context.sent]) // eslint-disable-line react-hooks/exhaustive-deps

    const onSubmit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const data = new FormData(event.currentTarget)
      const value = (name: string) => String(data.get(name) ?? '')
      let credentials: LoginCredentials
      if (channel === 'email') {
        credentials =
          mode === 'password'
            ? { method: 'email-password', email, password: value('password') }
            : { method: 'email-code', email, code: value('code') }
      } else {
        credentials =
          mode === 'password'
            ? { method: 'phone-password', phone, password: value('password') }
            : { method: 'phone-code', phone, code: value('code') }
      }
      send({ type: 'SUBMIT', credentials })
    }

    const clear = (...fields: LoginField[]) => {
      for (const field of fields) if (fieldErrors[field]) send({ type: 'EDIT', field })
    }
    const switchChannel = (next: Channel) => {
      setChannel(next)
      sendCode({ type: 'RESET' })
      clear('email', 'phone', 'code')
    }
    const switchMode = (next: Mode) => {
      setMode(next)
      clear('password', 'code')
    }
    const onAddress = () => {
      clear(channel)
      // A code went to another address: the next one is a first send, not a resend.
      if (code.context.sent > 0) sendCode({ type: 'RESET' })
    }

    const field = (name: LoginField) => {
      const errors = fieldErrors[name] ?? []
      const errorId = `${id}-${name}-error`
      return {
        errors: errors.map(text),
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
      code: field('code'),
    }
    const codeError = code.context.error ? text(code.context.error) : null
    const panelId = `${id}-panel`
    const testPrefix = fixed ? 'login-email' : 'login'

    return (
      <div className="auth-form">
        {!fixed && (
          <ChannelTabs value={channel} onChange={switchChannel} panelId={panelId} testId="login" />
        )}
        <form
          id={panelId}
          role={fixed ? undefined : 'tabpanel'}
          aria-labelledby={fixed ? undefined : `${panelId}-tab-${channel}`}
          className="auth-form"
          noValidate
          aria-busy={busy}
          onSubmit={onSubmit}
          data-testid={`${testPrefix}.form`}
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
                autoComplete="username"
                inputMode="email"
                spellCheck={false}
                className="field__input"
                value={email}
                aria-invalid={f.email.invalid}
                aria-describedby={f.email.describedBy}
                data-testid={`${testPrefix}.email`}
                onChange={(event) => {
                  setEmail(event.target.value)
                  onAddress()
                }}
              />
              <FieldErrors
                id={f.email.errorId}
                messages={f.email.errors}
                testId={`${testPrefix}.email`}
              />
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
                testId="login.phone"
                onChange={(next) => {
                  setPhone(next)
                  onAddress()
                }}
              />
              <FieldErrors id={f.phone.errorId} messages={f.phone.errors} testId="login.phone" />
            </div>
          )}

          {!fixed && (
            <fieldset className="auth-mode">
              <legend className="visually-hidden">{t('auth:login.modeLabel')}</legend>
              {(['password', 'code'] as const).map((m) => (
                <label key={m}>
                  <input
                    type="radio"
                    name="mode"
                    value={m}
                    checked={mode === m}
                    onChange={() => switchMode(m)}
                    data-testid={`login.mode-${m}`}
                  />
                  {m === 'password'
                    ? t('auth:login.modePassword')
                    : channel === 'email'
                      ? t('auth:login.modeEmailCode')
                      : t('auth:login.modeSmsCode')}
                </label>
              ))}
            </fieldset>
          )}

          {mode === 'password' ? (
            <div className="field">
              <label className="field__label" htmlFor={f.password.id}>
                {t('auth:login.password')}
              </label>
              <input
                ref={refs.password}
                id={f.password.id}
                name="password"
                type="password"
                autoComplete="current-password"
                className="field__input"
                aria-invalid={f.password.invalid}
                aria-describedby={f.password.describedBy}
                data-testid="login.password"
                onChange={() => clear('password')}
              />
              <FieldErrors
                id={f.password.errorId}
                messages={f.password.errors}
                testId="login.password"
              />
              {/* Under the field it concerns, after it in tab order: the way out of a lost password. */}
              <ForgotPasswordLink />
            </div>
          ) : (
            <div className="field">
              <label className="field__label" htmlFor={f.code.id}>
                {t('auth:code.label')}
              </label>
              <div className="auth-form__code-row">
                <CodeInput
                  ref={refs.code}
                  id={f.code.id}
                  invalid={f.code.invalid}
                  describedBy={[f.code.describedBy, `${id}-code-hint`].filter(Boolean).join(' ')}
                  testId={`${testPrefix}.code`}
                  onEdit={() => clear('code')}
                />
                <SendCodeButton
                  sent={codeSent}
                  resendIn={codeSent ? code.context.resendIn : 0}
                  busy={code.matches('sending')}
                  testId={`${testPrefix}.send-code`}
                  onSend={() => sendCode({ type: 'SEND', channel, address })}
                />
              </div>
              <p
                id={`${id}-code-hint`}
                className="auth-form__hint"
                aria-live="polite"
                data-testid={`${testPrefix}.code-hint`}
              >
                {codeError ??
                  (codeSent
                    ? t(channel === 'email' ? 'auth:code.sentEmail' : 'auth:code.sentPhone', {
                        address: address.trim(),
                      })
                    : t(channel === 'email' ? 'auth:code.hintEmail' : 'auth:code.hintPhone'))}
              </p>
              <FieldErrors
                id={f.code.errorId}
                messages={f.code.errors}
                testId={`${testPrefix}.code`}
              />
            </div>
          )}

          {/* Always in the DOM, so assistive technology is listening before a message arrives. */}
          <div role="alert" className="auth-form__error" data-testid={`${testPrefix}.form-error`}>
            {formError ? text(formError) : null}
          </div>
          <button
            type="submit"
            className="button button--primary auth-form__submit"
            disabled={busy || social}
            data-testid={`${testPrefix}.submit`}
          >
            {busy ? t('auth:login.submitting') : t('auth:login.submit')}
          </button>
        </form>
        {!fixed && (
          <SocialButtons
            providers={socialProviders}
            waiting={social}
            onStart={(provider) => send({ type: 'SOCIAL', provider })}
            onCancel={() => send({ type: 'CANCEL' })}
          />
        )}
        <p className="auth-form__switch">
          {t('auth:login.noAccount')}{' '}
          <Link
            to="."
            search={(prev: Search) => ({ ...withoutModalFlags(prev), signup: '' })}
            data-testid={`${testPrefix}.register-link`}
          >
            {t('auth:login.register')}
          </Link>
        </p>
      </div>
    )
  }
}
