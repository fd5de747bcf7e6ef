/**
 * The error notification of SPEC.md sections 5 and 8, as a pure function of the failure and a
 * translate function, so every rule is unit-tested without a toast store or i18next instance.
 *
 * Translation keys live in the i18next namespace `errors` (`locales/{en,ru,kz}/errors.json`);
 * the keys below are relative to it:
 * - `error.error`: the notification title;
 * - `error.{code}`: a server message code (`balance_not_enough`, the part before a colon, ...);
 * - `error.http_status`: fallback for an answer without any message (`{{status}}`);
 * - `profile.error.{error}`: a 403 answer's `error` code;
 * - `transport.{aborted,network,timeout,unsupported_protocol}`: transport failures
 *   (`timeout` takes `{{ms}}`).
 * The shell passes `i18n.getFixedT(null, 'errors')` (or any function with the same contract).
 */
import type { ApiFailure, TransportReason } from './errors'
import { forbiddenErrorBody, messageErrorBody, validationErrorBody } from '../../contract'

/** Interpolation values plus the i18next `defaultValue` returned when the key is missing. */
export interface TranslateOptions {
  readonly defaultValue?: string
  readonly [param: string]: unknown
}

/** The part of i18next's `t` this module needs, bound to the `errors` namespace. */
export type Translate = (key: string, options?: TranslateOptions) => string

/** One notification: a title and the lines under it, in order. */
export interface ErrorNotification {
  readonly title: string
  readonly lines: readonly string[]
  /** The text sends the player to support (403 `account_blocked`): show a link to the chat. */
  readonly support?: boolean
}

/** 403 codes whose text sends the player to support. */
const SUPPORT_CODES: readonly string[] = ['account_blocked']

/** Shown by the server when the bot check was skipped; the bot-check widget reports it. */
export const HCAPTCHA_REQUIRED_MESSAGE = 'The h-captcha-response field is required.'

/** The server's code for a bet or payout larger than the balance (SPEC.md section 8). */
export const BALANCE_NOT_ENOUGH = 'balance_not_enough'

// A message part is looked up as a key only when it looks like a code: free text may contain
// i18next's key or namespace separators and must then be shown unchanged.
const CODE = /^[A-Za-z][A-Za-z0-9_-]*$/

const TRANSPORT_KEYS: Record<TransportReason, string> = {
  aborted: 'transport.aborted',
  network: 'transport.network',
  timeout: 'transport.timeout',
  'unsupported-protocol': 'transport.unsupported_protocol',
}

/**
 * The notification for a failure, or null when nothing should be shown (an ended session, whose
 * logout is the feedback, or a validation answer whose only message is the suppressed h-captcha
 * one).
 */
export function errorNotification(failure: ApiFailure, t: Translate): ErrorNotification | null {
  const lines = linesFor(failure, t)
  if (lines.length === 0) return null
  const forbidden =
    failure.type === 'http' && failure.status === 403
      ? forbiddenErrorBody.safeParse(failure.body)
      : undefined
  const support = forbidden?.success === true && SUPPORT_CODES.includes(forbidden.data.data.error)
  return support ? { title: t('error.error'), lines, support } : { title: t('error.error'), lines }
}

/**
 * Translates one server message: it is split at the first colon and the part before it is
 * looked up as `error.{code}`; the part after it is available to the translation as
 * `{{detail}}`. Without such a key the message is shown as it came.
 */
export function translateMessage(
  message: string,
  t: Translate,
  params: Readonly<Record<string, unknown>> = {},
): string {
  const colon = message.indexOf(':')
  const code = (colon === -1 ? message : message.slice(0, colon)).trim()
  if (!CODE.test(code)) return message
  const detail = colon === -1 ? '' : message.slice(colon + 1).trim()
  return t(`error.${code}`, { ...params, detail, defaultValue: message })
}

/** True when the failure is the server's insufficient-balance answer, in any of its shapes. */
export function isBalanceNotEnough(failure: ApiFailure): boolean {
  if (failure.type !== 'http') return false
  const codeOf = (message: string): string => message.split(':')[0]?.trim() ?? ''
  const withMessage = messageErrorBody.safeParse(failure.body)
  if (withMessage.success) return codeOf(withMessage.data.data.message) === BALANCE_NOT_ENOUGH
  const validation = validationErrorBody.safeParse(failure.body)
  if (!validation.success) return false
  return Object.values(validation.data.errors)
    .flat()
    .some((message) => codeOf(message) === BALANCE_NOT_ENOUGH)
}

function linesFor(failure: ApiFailure, t: Translate): string[] {
  switch (failure.type) {
    case 'session-ended':
      return []
    case 'transport':
      return [t(TRANSPORT_KEYS[failure.reason], { ms: failure.timeoutMs })]
    case 'http':
      return httpLines(failure.status, failure.body, t)
    default: {
      const unknown: never = failure
      throw new Error(`[Api] unknown failure ${JSON.stringify(unknown)}`)
    }
  }
}

function httpLines(status: number, body: unknown, t: Translate): string[] {
  // Validation answers: every message of every field, in one notification.
  const validation = validationErrorBody.safeParse(body)
  if (validation.success) {
    return Object.values(validation.data.errors)
      .flat()
      .filter((message) => message.trim() !== HCAPTCHA_REQUIRED_MESSAGE)
      .map((message) => translateMessage(message, t))
  }
  const forbidden = status === 403 ? forbiddenErrorBody.safeParse(body) : undefined
  if (forbidden?.success && CODE.test(forbidden.data.data.error)) {
    const code = forbidden.data.data.error
    return [t(`profile.error.${code}`, { defaultValue: translateMessage(code, t) })]
  }
  const withMessage = messageErrorBody.safeParse(body)
  if (withMessage.success && withMessage.data.data.message.trim() !== '') {
    const { message, params } = withMessage.data.data
    return [translateMessage(message, t, params)]
  }
  // A proxy's HTML page, an empty 502...: still tell the player something went wrong.
  return [t('error.http_status', { status })]
}
