import { z } from 'zod/mini'
import {
  currency,
  email,
  locale,
  opaqueToken,
  otpCode,
  password,
  phone,
  storable,
  text,
} from './common'
import { botCheckFields } from './botcheck'

/**
 * Log-in, registration, codes, sessions and the password-forgot family (SPEC.md section 7).
 * Paths are relative to the API base URL (the reference server mounts them under `/api`).
 */

const optionalText = z.nullish(text(255))

/** Attribution and device fields sent with a registration (SPEC.md section 3). */
export const registrationExtras = z.object({
  partner: optionalText,
  adplace: optionalText,
  stag: optionalText,
  promo: z.nullish(text(64)),
  /** Device fingerprint. */
  fpp: z.nullish(text(256)),
  currency: z.optional(currency),
  locale: z.optional(locale),
  timezone: z.optional(text(64)),
  /** The bot check's solution (contract/botcheck.ts). */
  ...botCheckFields,
})

/** POST /api/v2/auth/register/email */
export const registerEmailRequest = z.extend(registrationExtras, { email, password })
export type RegisterEmailRequest = z.input<typeof registerEmailRequest>
/** POST /api/v2/auth/register/phone */
export const registerPhoneRequest = z.extend(registrationExtras, { phone, password })
export type RegisterPhoneRequest = z.input<typeof registerPhoneRequest>

/** Answer to both registrations: `data.token` is the session's access token. */
export const registerResponse = z.object({
  data: z.object({
    token: opaqueToken,
    refresh_token: opaqueToken,
    /** Seconds until the access token must be refreshed. */
    expires_in: z.int().check(z.positive()),
  }),
})
export type RegisterResponse = z.infer<typeof registerResponse>

/** POST /api/v2/auth/login/email/password */
export const loginEmailPasswordRequest = z.object({
  email,
  password: text(128, 1),
})
/** POST /api/v2/auth/login/email/code (code from /login/email/verification) */
export const loginEmailCodeRequest = z.object({ email, code: otpCode })
/** POST /api/v2/auth/login/phone/password */
export const loginPhonePasswordRequest = z.object({
  phone,
  password: text(128, 1),
})
/** POST /api/v2/auth/login/phone/code[?type=sms] (code from /login/phone/verification) */
export const loginPhoneCodeRequest = z.object({ phone, code: otpCode })
/** Query of the phone code calls: only `sms` is delivered by the reference server. */
export const codeChannelQuery = z.object({ type: z.optional(z.enum(['sms'])) })

/** Answer to every log-in variant. `sso` is a single-sign-on link, null when SSO is off. */
export const loginResponse = z.object({
  success: z.literal(true),
  token: opaqueToken,
  refresh_token: opaqueToken,
  expires_in: z.int().check(z.positive()),
  sso: z.nullable(z.string()),
})
export type LoginResponse = z.infer<typeof loginResponse>

/** POST /api/v2/auth/login/phone/verification and /login/phone/code/resend: send a log-in code. */
export const phoneOnlyRequest = z.object({ phone, ...botCheckFields })
/** POST /api/v2/auth/login/email/verification, /login/email/resend, auth/send_login_data. */
export const emailOnlyRequest = z.object({ email, ...botCheckFields })

/** Answer to code sending: `resend_in` seconds before another code may be requested. */
export const codeSentResponse = z.object({
  success: z.literal(true),
  resend_in: z.int().check(z.nonnegative()),
})
export type CodeSentResponse = z.infer<typeof codeSentResponse>

/** POST /auth/email/verify/code, /auth/phone/verify/code (signed in): confirm a contact. */
export const verifyCodeRequest = z.object({ code: otpCode })

/** PUT /auth/login: start a social log-in; the answer's url opens in a popup. */
export const socialLoginRequest = z.object({
  provider: z.enum(['google', 'telegram', 'vk', 'yandex']),
  promo: z.nullish(text(64)),
  /** Existing session token, to link the provider to the signed-in account. */
  token: z.nullish(text(512)),
  /** The page origin the popup posts the token back to (window.opener.postMessage). */
  origin: z.url().check(z.maxLength(2048), storable()),
  currency: z.nullish(currency),
  partner: optionalText,
  adplace: optionalText,
  stag: optionalText,
  /** Device fingerprint, stored with an account the log-in creates. */
  fpp: z.nullish(text(256)),
})
export type SocialLoginRequest = z.input<typeof socialLoginRequest>
export const socialLoginResponse = z.object({
  url: z.string(),
  /**
   * The origin of the popup's last page, which posts the message (the server's own, where the
   * provider's callback lands); absent when it is the origin of `url` (the sandbox provider).
   */
  message_origin: z.optional(z.string()),
})
export type SocialLoginResponse = z.infer<typeof socialLoginResponse>

/**
 * Message the social popup posts to `window.opener` (target origin = the request's origin):
 * `{ type: 'tessera:social-login', token, refresh_token, expires_in }`.
 */
export const socialLoginMessage = z.object({
  type: z.literal('tessera:social-login'),
  token: opaqueToken,
  refresh_token: opaqueToken,
  expires_in: z.int().check(z.positive()),
})
export type SocialLoginMessage = z.infer<typeof socialLoginMessage>

/**
 * POST /auth/refresh-token. The refresh token in the body, or, when the client keeps only one
 * token, the (possibly expired) access token as `Authorization: Bearer`. Either is single use:
 * both are rotated.
 */
export const refreshRequest = z.object({ refresh_token: z.optional(opaqueToken) })
export const refreshResponse = z.object({
  access_token: opaqueToken,
  refresh_token: opaqueToken,
  expires_in: z.int().check(z.positive()),
})
export type RefreshResponse = z.infer<typeof refreshResponse>
/** 401 from refresh may carry an SSO link the client redirects to. */
export const refreshFailedBody = z.object({
  data: z.object({
    message: z.string(),
    params: z.record(z.string(), z.unknown()),
    sso: z.optional(z.nullable(z.string())),
  }),
})

/** POST /password/update (signed in). 422 fields: old_password, new_password, password_confirm. */
export const passwordUpdateRequest = z.object({
  old_password: text(128, 1),
  password,
  password_confirm: text(128),
})
export type PasswordUpdateRequest = z.input<typeof passwordUpdateRequest>
/** POST /api/v2/auth/password/set (signed in, account without password). */
export const passwordSetRequest = z.object({
  password,
  confirm_password: text(128),
})
export type PasswordSetRequest = z.input<typeof passwordSetRequest>

// --- password forgot / reset family: POST /api/v2/auth/password/... ---------------------------

/** email/forgot: mails a code and a link /reset-password/{token}. */
export const passwordEmailForgotRequest = z.object({ email, ...botCheckFields })
/** phone/forgot: sends a code by SMS. */
export const passwordPhoneForgotRequest = z.object({ phone, ...botCheckFields })
/** email/code/confirm: exchange the mailed code for a reset token. */
export const passwordEmailCodeConfirmRequest = z.object({ email, code: otpCode })
/** phone/code/confirm: exchange the SMS code for a reset token. */
export const passwordPhoneCodeConfirmRequest = z.object({ phone, code: otpCode })
/** email/token/confirm: exchange the link token for a reset token. */
export const passwordTokenRequest = z.object({ token: opaqueToken })
/** Answer to the three confirms. */
export const resetTokenResponse = z.object({ data: z.object({ reset_token: opaqueToken }) })
export type ResetTokenResponse = z.infer<typeof resetTokenResponse>
/** email/token/check and phone/token/check: is this link or reset token still usable? */
export const tokenCheckResponse = z.object({
  data: z.object({ valid: z.literal(true), expires_in: z.int().check(z.nonnegative()) }),
})
export type TokenCheckResponse = z.infer<typeof tokenCheckResponse>
/** email/reset/token: new password with the link token. */
export const passwordResetByTokenRequest = z.object({
  token: opaqueToken,
  password,
  password_confirm: text(128),
})
/** email/reset/code and phone/reset: new password with the reset token of a code confirm. */
export const passwordResetByResetTokenRequest = z.object({
  reset_token: opaqueToken,
  password,
  password_confirm: text(128),
})

export type LoginEmailPasswordRequest = z.input<typeof loginEmailPasswordRequest>
export type LoginEmailCodeRequest = z.input<typeof loginEmailCodeRequest>
export type LoginPhonePasswordRequest = z.input<typeof loginPhonePasswordRequest>
export type LoginPhoneCodeRequest = z.input<typeof loginPhoneCodeRequest>
export type PhoneOnlyRequest = z.input<typeof phoneOnlyRequest>
export type EmailOnlyRequest = z.input<typeof emailOnlyRequest>
export type VerifyCodeRequest = z.input<typeof verifyCodeRequest>
export type RefreshRequest = z.input<typeof refreshRequest>
export type PasswordResetByTokenRequest = z.input<typeof passwordResetByTokenRequest>
export type PasswordResetByResetTokenRequest = z.input<typeof passwordResetByResetTokenRequest>
