/**
 * Pieces the account forms share: message translation, a field's error list, the e-mail/phone
 * tabs, the code field with its send/resend button and countdown.
 */
import { useTranslation } from 'react-i18next'
import type { KeyboardEvent, Ref } from 'react'

import { errorNotification, translateMessage } from '../../api'
import { AUTH_TEXTS, type AuthMessage } from '../../flows/authForm'
import { translateError } from './api'

/** Turns a flow message into text in the current language. */
export function useMessageText(): (message: AuthMessage) => string {
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
          t(AUTH_TEXTS.unexpected)
        )
      default: {
        const unknown: never = message
        throw new Error(`[session] unknown message ${JSON.stringify(unknown)}`)
      }
    }
  }
}

/** A field's messages, tied to its input by `id` (the input's aria-describedby). */
export function FieldErrors({
  id,
  messages,
  testId,
}: {
  id: string
  messages: string[]
  testId: string
}) {
  if (messages.length === 0) return null
  return (
    <ul id={id} className="field__errors" data-testid={`${testId}-error`}>
      {messages.map((message, index) => (
        <li key={index}>{message}</li>
      ))}
    </ul>
  )
}

/** Which address a form takes. */
export type Channel = 'email' | 'phone'

/**
 * E-mail / phone switch as an ARIA tab list: arrow keys move between the two tabs, the chosen
 * one is the only one in the tab order.
 */
export function ChannelTabs({
  value,
  onChange,
  panelId,
  testId,
}: {
  value: Channel
  onChange: (channel: Channel) => void
  panelId: string
  testId: string
}) {
  const { t } = useTranslation()
  const tabs: { channel: Channel; label: string }[] = [
    { channel: 'email', label: t('auth:tabs.email') },
    { channel: 'phone', label: t('auth:tabs.phone') },
  ]
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    const next: Channel = value === 'email' ? 'phone' : 'email'
    onChange(next)
    const sibling = event.currentTarget.parentElement?.querySelector<HTMLButtonElement>(
      `[data-channel="${next}"]`,
    )
    sibling?.focus()
  }
  return (
    <div role="tablist" className="auth-tabs" aria-label={t('auth:tabs.label')}>
      {tabs.map((tab) => (
        <button
          key={tab.channel}
          id={`${panelId}-tab-${tab.channel}`}
          type="button"
          role="tab"
          className="auth-tabs__tab"
          aria-selected={value === tab.channel}
          aria-controls={panelId}
          tabIndex={value === tab.channel ? 0 : -1}
          data-channel={tab.channel}
          data-testid={`${testId}.tab-${tab.channel}`}
          onClick={() => onChange(tab.channel)}
          onKeyDown={onKey}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

/** Seconds as m:ss. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/**
 * The "send code" button: "Get code" before the first code, "Send again in 0:42" (disabled)
 * while the server's cooldown runs, then "Send again". The countdown is not a live region
 * (a screen reader would read every second); the button's state is enough.
 */
export function SendCodeButton({
  sent,
  resendIn,
  busy,
  onSend,
  testId,
}: {
  sent: boolean
  resendIn: number
  busy: boolean
  onSend: () => void
  testId: string
}) {
  const { t } = useTranslation()
  const cooling = resendIn > 0
  let label = sent ? t('auth:code.resend') : t('auth:code.send')
  if (busy) label = t('auth:code.sending')
  else if (cooling) label = t('auth:code.resendIn', { time: formatCountdown(resendIn) })
  return (
    <button
      type="button"
      className="button button--ghost auth-form__code-button"
      disabled={busy || cooling}
      onClick={onSend}
      data-testid={testId}
      data-cooldown={resendIn}
    >
      {label}
    </button>
  )
}

/** A one-time code input: digits, the platform's SMS autofill, 4-8 characters. */
export function CodeInput({
  id,
  invalid,
  describedBy,
  testId,
  onEdit,
  ref,
  autoFocus,
}: {
  id: string
  invalid: boolean
  describedBy: string | undefined
  testId: string
  onEdit: () => void
  ref?: Ref<HTMLInputElement>
  autoFocus?: boolean
}) {
  return (
    <input
      ref={ref}
      id={id}
      name="code"
      className="field__input auth-form__code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={8}
      spellCheck={false}
      // The step exists to take this code; the dialog's own first focus is its close button, and
      // the step that led here has just unmounted with the focus, which would otherwise fall to <body>.
      // eslint-disable-next-line jsx-a11y/no-autofocus -- focus placed on a step change, not on page load
      autoFocus={autoFocus}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      data-testid={testId}
      onChange={onEdit}
    />
  )
}
