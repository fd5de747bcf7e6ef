/**
 * What the two password-reset machines share (passwordReset.machine.ts: address, code, new
 * password; passwordResetLink.machine.ts: the mailed link): the form fields, the client-side
 * checks that run before anything is sent, and the reading of a refused call into messages
 * under the right field (SPEC.md sections 5 and 8).
 */
import { fieldErrors, isApiError, type ApiFailure } from '../api'
import {
  email as emailSchema,
  messageErrorBody,
  otpCode,
  password as passwordSchema,
  phone as phoneSchema,
} from '../../contract'

/** The fields of the reset forms. */
export type ResetField = 'email' | 'phone' | 'code' | 'password' | 'passwordConfirm'

/** How the player gets the code: by e-mail (with a link) or by SMS. */
export type ResetChannel = 'email' | 'phone'

/** The bounds of a new password, the same as the server's (contract/ `password`). */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/** Client-side messages, as keys of the `password` namespace (written out for the key test). */
export const RESET_TEXTS = {
  emailRequired: 'password:errors.emailRequired',
  emailInvalid: 'password:errors.emailInvalid',
  phoneRequired: 'password:errors.phoneRequired',
  phoneInvalid: 'password:errors.phoneInvalid',
  codeRequired: 'password:errors.codeRequired',
  codeInvalid: 'password:errors.codeInvalid',
  passwordRequired: 'password:errors.passwordRequired',
  passwordTooShort: 'password:errors.passwordTooShort',
  passwordTooLong: 'password:errors.passwordTooLong',
  confirmRequired: 'password:errors.confirmRequired',
  confirmMismatch: 'password:errors.confirmMismatch',
  unexpected: 'password:errors.unexpected',
} as const

/** A key of {@link RESET_TEXTS}. */
export type ResetTextKey = (typeof RESET_TEXTS)[keyof typeof RESET_TEXTS]

/** A message for the player; the form translates it when it renders (the language may change). */
export type ResetMessage =
  /** One of {@link RESET_TEXTS}, with its interpolation values. */
  | {
      readonly type: 'text'
      readonly key: ResetTextKey
      readonly values?: Readonly<Record<string, number>>
    }
  /** A server message in its `code: text` form (translated with `translateMessage`). */
  | { readonly type: 'server'; readonly message: string }
  /** A failure without field messages (rate limit, network...): see `errorNotification`. */
  | { readonly type: 'failure'; readonly failure: ApiFailure }

/** Messages per field; a field without messages is absent. */
export type ResetFieldErrors = Partial<Record<ResetField, readonly ResetMessage[]>>

type Mutable = { -readonly [F in ResetField]?: ResetMessage[] }

const text = (key: ResetTextKey, values?: Record<string, number>): ResetMessage =>
  values ? { type: 'text', key, values } : { type: 'text', key }

/** Checks an e-mail address as the server will (trimmed, lower-cased). */
export function validateEmail(value: string): ResetFieldErrors {
  if (value.trim() === '') return { email: [text(RESET_TEXTS.emailRequired)] }
  if (!emailSchema.safeParse(value).success) return { email: [text(RESET_TEXTS.emailInvalid)] }
  return {}
}

/** Checks a phone number as the server will (mask characters removed, 10 to 15 digits). */
export function validatePhone(value: string): ResetFieldErrors {
  if (value.trim() === '' || value.trim() === '+') {
    return { phone: [text(RESET_TEXTS.phoneRequired)] }
  }
  if (!phoneSchema.safeParse(value).success) return { phone: [text(RESET_TEXTS.phoneInvalid)] }
  return {}
}

/** The address as it is sent: a trimmed e-mail, or the phone in its international form. */
export function normalizeAddress(channel: ResetChannel, value: string): string {
  if (channel === 'email') return value.trim()
  const parsed = phoneSchema.safeParse(value)
  return parsed.success ? parsed.data : value.trim()
}

/** Checks the address of the chosen channel. */
export function validateAddress(channel: ResetChannel, value: string): ResetFieldErrors {
  return channel === 'email' ? validateEmail(value) : validatePhone(value)
}

/** Checks a one-time code: digits only (the server sends six). */
export function validateCode(value: string): ResetFieldErrors {
  if (value.trim() === '') return { code: [text(RESET_TEXTS.codeRequired)] }
  if (!otpCode.safeParse(value).success) return { code: [text(RESET_TEXTS.codeInvalid)] }
  return {}
}

/** A new password typed twice. */
export interface NewPassword {
  readonly password: string
  readonly passwordConfirm: string
}

/**
 * Checks a new password (the server's bounds) and its confirmation. Not trimmed: spaces may be
 * part of a password.
 */
export function validateNewPassword(input: NewPassword): ResetFieldErrors {
  const errors: Mutable = {}
  if (input.password === '') errors.password = [text(RESET_TEXTS.passwordRequired)]
  else if (!passwordSchema.safeParse(input.password).success) {
    errors.password = [
      input.password.length < PASSWORD_MIN
        ? text(RESET_TEXTS.passwordTooShort, { min: PASSWORD_MIN })
        : text(RESET_TEXTS.passwordTooLong, { max: PASSWORD_MAX }),
    ]
  }
  if (input.passwordConfirm === '') errors.passwordConfirm = [text(RESET_TEXTS.confirmRequired)]
  else if (input.passwordConfirm !== input.password) {
    errors.passwordConfirm = [text(RESET_TEXTS.confirmMismatch)]
  }
  return errors
}

/** True when a check found nothing to say. */
export function isClean(errors: ResetFieldErrors): boolean {
  return Object.keys(errors).length === 0
}

/**
 * The server's 422 field names mapped to the form's fields. `/password/update` answers about the
 * new password as `new_password` and `/password/set` names the confirmation `confirm_password`;
 * both are accepted so the mapping does not depend on which call failed.
 */
const SERVER_FIELDS: Readonly<Record<string, ResetField>> = {
  email: 'email',
  phone: 'phone',
  code: 'code',
  password: 'password',
  new_password: 'password',
  password_confirm: 'passwordConfirm',
  confirm_password: 'passwordConfirm',
}

/** Fields the server names when a link or reset token is unknown, used or expired. */
const TOKEN_FIELDS = new Set(['token', 'reset_token'])

/** A refused call, read for the form. */
export interface ResetFailure {
  readonly fieldErrors: ResetFieldErrors
  /** A message about the attempt as a whole. */
  readonly formError: ResetMessage | null
  /** The link or reset token is no longer usable: the flow must start again. */
  readonly tokenInvalid: boolean
  /** Seconds the server asks to wait before another code (429 `retry_after`), if it said. */
  readonly retryAfter: number | null
}

/**
 * Splits a failed call into field messages and one form message: a 422 names fields (known
 * ones go under their input, others to the form, a token field marks the token invalid),
 * anything else is a failure to show as a whole. A rejection that is not an `ApiError` is a
 * bug and shows a generic message.
 */
export function resetFailure(error: unknown, formFields: readonly ResetField[] = []): ResetFailure {
  const none = { fieldErrors: {}, tokenInvalid: false, retryAfter: null }
  if (!isApiError(error)) return { ...none, formError: text(RESET_TEXTS.unexpected) }
  const byField = fieldErrors(error)
  if (error.status !== 422 || Object.keys(byField).length === 0) {
    return { ...none, formError: { type: 'failure', failure: error.failure }, ...wait(error) }
  }
  const fields: Mutable = {}
  const other: string[] = []
  let tokenInvalid = false
  for (const [name, messages] of Object.entries(byField)) {
    const field = SERVER_FIELDS[name]
    if (TOKEN_FIELDS.has(name)) tokenInvalid = true
    else if (field && formFields.includes(field)) {
      fields[field] = [
        ...(fields[field] ?? []),
        ...messages.map((message) => ({ type: 'server', message }) as const),
      ]
    } else other.push(...messages)
  }
  const first = other[0]
  return {
    fieldErrors: fields,
    formError: first === undefined ? null : { type: 'server', message: first },
    tokenInvalid,
    retryAfter: null,
  }
}

function wait(error: { failure: ApiFailure }): { retryAfter: number | null } {
  if (error.failure.type !== 'http' || error.failure.status !== 429) return { retryAfter: null }
  const body = messageErrorBody.safeParse(error.failure.body)
  const seconds = body.success ? Number(body.data.data.params.retry_after) : NaN
  return { retryAfter: Number.isInteger(seconds) && seconds > 0 ? seconds : null }
}

/** Removes one field's messages (the player edited it). */
export function withoutField(errors: ResetFieldErrors, field: ResetField): ResetFieldErrors {
  const { [field]: _gone, ...rest } = errors
  return rest
}
