/**
 * What the account flows (log-in, registration, codes, social log-in) share: the messages they
 * hand their forms, the checks made before anything is sent, and the split of a refused call
 * into field messages and one form message. Pure: no React, no network.
 */
import { z } from 'zod/mini'

import { fieldErrors, isApiError, type ApiFailure } from '../api'
import {
  email as emailSchema,
  otpCode,
  password as passwordSchema,
  phone as phoneSchema,
} from '../../contract'
import { isCompletePhone } from '../features/phone/mask'

/**
 * Client-side messages, as keys of the `auth` and `social` namespaces (written out for the i18n
 * key test).
 */
export const AUTH_TEXTS = {
  emailRequired: 'auth:login.errors.emailRequired',
  emailInvalid: 'auth:login.errors.emailInvalid',
  phoneRequired: 'auth:login.errors.phoneRequired',
  phoneInvalid: 'auth:login.errors.phoneInvalid',
  passwordRequired: 'auth:login.errors.passwordRequired',
  passwordTooShort: 'auth:login.errors.passwordTooShort',
  passwordTooLong: 'auth:login.errors.passwordTooLong',
  codeRequired: 'auth:login.errors.codeRequired',
  codeInvalid: 'auth:login.errors.codeInvalid',
  popupBlocked: 'auth:social.errors.popupBlocked',
  popupClosed: 'auth:social.errors.popupClosed',
  socialFailed: 'social:errors.failed',
  unexpected: 'auth:login.errors.unexpected',
} as const

/** One of {@link AUTH_TEXTS}. */
export type AuthTextKey = (typeof AUTH_TEXTS)[keyof typeof AUTH_TEXTS]

/** A message for the player; the form translates it when it renders (the language may change). */
export type AuthMessage =
  /** One of {@link AUTH_TEXTS}. */
  | { readonly type: 'text'; readonly key: AuthTextKey }
  /** A server message in its `code: text` form (translated with `translateMessage`). */
  | { readonly type: 'server'; readonly message: string }
  /** A failure without field messages (rate limit, network...): see `errorNotification`. */
  | { readonly type: 'failure'; readonly failure: ApiFailure }

/** Messages per field of a form; a field without messages is absent. */
export type FieldMessages<F extends string> = Partial<Record<F, readonly AuthMessage[]>>

const text = (key: AuthTextKey): AuthMessage[] => [{ type: 'text', key }]

/** An e-mail as the server accepts it (trimmed, lower-cased there), or why not. */
export function checkEmail(value: string): AuthMessage[] | undefined {
  if (value.trim() === '') return text(AUTH_TEXTS.emailRequired)
  if (!emailSchema.safeParse(value).success) return text(AUTH_TEXTS.emailInvalid)
  return undefined
}

/** An E.164 phone that fills its country's mask (SPEC.md section 5), or why not. */
export function checkPhone(value: string): AuthMessage[] | undefined {
  if (value.trim() === '') return text(AUTH_TEXTS.phoneRequired)
  if (!isCompletePhone(value) || !phoneSchema.safeParse(value).success) {
    return text(AUTH_TEXTS.phoneInvalid)
  }
  return undefined
}

/** A password to log in with: anything but empty (spaces may be part of it). */
export function checkLoginPassword(value: string): AuthMessage[] | undefined {
  return value === '' ? text(AUTH_TEXTS.passwordRequired) : undefined
}

/** A new password: the server's rule (8 to 128 characters). */
export function checkNewPassword(value: string): AuthMessage[] | undefined {
  if (value === '') return text(AUTH_TEXTS.passwordRequired)
  const parsed = passwordSchema.safeParse(value)
  if (parsed.success) return undefined
  return text(value.length > 128 ? AUTH_TEXTS.passwordTooLong : AUTH_TEXTS.passwordTooShort)
}

/** A one-time code of 4 to 8 digits (the server sends 6). */
export function checkCode(value: string): AuthMessage[] | undefined {
  if (value.trim() === '') return text(AUTH_TEXTS.codeRequired)
  return otpCode.safeParse(value).success ? undefined : text(AUTH_TEXTS.codeInvalid)
}

/** The messages of a check table, without the fields that passed. */
export function collect<F extends string>(
  checks: Partial<Record<F, AuthMessage[] | undefined>>,
): FieldMessages<F> {
  const out: Partial<Record<F, readonly AuthMessage[]>> = {}
  for (const [field, messages] of Object.entries(checks) as [F, AuthMessage[] | undefined][]) {
    if (messages) out[field] = messages
  }
  return out
}

/** True when a check table found nothing. */
export function isClean<F extends string>(messages: FieldMessages<F>): boolean {
  return Object.keys(messages).length === 0
}

/** The result of {@link splitFailure}. */
export interface SplitFailure<F extends string> {
  readonly fieldErrors: FieldMessages<F>
  readonly formError: AuthMessage | null
}

/**
 * Splits a refused call into messages on the form's own fields and one form message: a 422
 * names fields (a wrong password comes back on `email`/`phone` as `invalid_credentials`), and a
 * message about a field the form does not show is shown for the form. Anything else is a failure
 * shown whole; a rejection that is not an `ApiError` is a bug and gets a generic message.
 */
export function splitFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
): SplitFailure<F> {
  if (!isApiError(error)) {
    return { fieldErrors: {}, formError: { type: 'text', key: AUTH_TEXTS.unexpected } }
  }
  const byField = fieldErrors(error)
  if (error.status !== 422 || Object.keys(byField).length === 0) {
    return { fieldErrors: {}, formError: { type: 'failure', failure: error.failure } }
  }
  const own: Partial<Record<F, AuthMessage[]>> = {}
  const other: string[] = []
  for (const [name, messages] of Object.entries(byField)) {
    const field = fields.find((f) => f === name)
    if (field) own[field] = messages.map((message) => ({ type: 'server', message }))
    else other.push(...messages)
  }
  const first = other[0]
  return {
    fieldErrors: own,
    formError: first === undefined ? null : { type: 'server', message: first },
  }
}

const retryAfterBody = z.object({
  data: z.object({ params: z.object({ retry_after: z.number().check(z.nonnegative()) }) }),
})

/** Seconds to wait from a 429 `too_many_requests` answer (a code resend cooldown), if it says. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!isApiError(error) || error.failure.type !== 'http' || error.status !== 429) return undefined
  const parsed = retryAfterBody.safeParse(error.failure.body)
  return parsed.success ? Math.ceil(parsed.data.data.params.retry_after) : undefined
}
