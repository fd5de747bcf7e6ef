/**
 * Log-in, registration, code and password-reset calls of SPEC.md section 7. Paths are relative
 * to the API base URL and written as SPEC.md writes them (some under `api/v2/auth`, some not).
 */
import type { z } from 'zod/mini'

import type { ApiClient, CallOptions } from './client'
import {
  codeSentResponse,
  loginResponse,
  registerResponse,
  resetTokenResponse,
  socialLoginResponse,
  successResponse,
  tokenCheckResponse,
  type CodeSentResponse,
  type LoginResponse,
  type RegisterEmailRequest,
  type RegisterPhoneRequest,
  type RegisterResponse,
  type ResetTokenResponse,
  type SocialLoginRequest,
  type SocialLoginResponse,
  type SuccessResponse,
  type TokenCheckResponse,
  type emailOnlyRequest,
  type loginEmailCodeRequest,
  type loginEmailPasswordRequest,
  type loginPhoneCodeRequest,
  type loginPhonePasswordRequest,
  type passwordEmailCodeConfirmRequest,
  type passwordPhoneCodeConfirmRequest,
  type passwordResetByResetTokenRequest,
  type passwordResetByTokenRequest,
  type passwordTokenRequest,
  type phoneOnlyRequest,
  type verifyCodeRequest,
} from '../../contract'

const V2 = 'api/v2/auth'
const PASSWORD = `${V2}/password`

type Body<S extends z.core.$ZodType> = z.input<S>

/** The auth endpoints, bound to one client. Every call takes optional {@link CallOptions}. */
export function authEndpoints(client: ApiClient) {
  const post = <S extends z.core.$ZodType>(
    path: string,
    schema: S,
    json: unknown,
    o?: CallOptions,
  ) => client.call({ method: 'post', path, schema, json, ...o })

  return {
    /** POST /api/v2/auth/register/email; `data.token` is the new session. */
    registerByEmail: (body: RegisterEmailRequest, o?: CallOptions): Promise<RegisterResponse> =>
      post(`${V2}/register/email`, registerResponse, body, o),
    /** POST /api/v2/auth/register/phone. */
    registerByPhone: (body: RegisterPhoneRequest, o?: CallOptions): Promise<RegisterResponse> =>
      post(`${V2}/register/phone`, registerResponse, body, o),

    /** POST /api/v2/auth/login/email/password; `sso` is followed by the login flow. */
    loginByEmailPassword: (
      body: Body<typeof loginEmailPasswordRequest>,
      o?: CallOptions,
    ): Promise<LoginResponse> => post(`${V2}/login/email/password`, loginResponse, body, o),
    /** POST /api/v2/auth/login/email/code with the code from {@link sendEmailLoginCode}. */
    loginByEmailCode: (
      body: Body<typeof loginEmailCodeRequest>,
      o?: CallOptions,
    ): Promise<LoginResponse> => post(`${V2}/login/email/code`, loginResponse, body, o),
    /** POST /api/v2/auth/login/phone/password. */
    loginByPhonePassword: (
      body: Body<typeof loginPhonePasswordRequest>,
      o?: CallOptions,
    ): Promise<LoginResponse> => post(`${V2}/login/phone/password`, loginResponse, body, o),
    /** POST /api/v2/auth/login/phone/code, with `?type=sms` when the code came by SMS. */
    loginByPhoneCode: (
      body: Body<typeof loginPhoneCodeRequest>,
      o?: CallOptions & { readonly sms?: boolean },
    ): Promise<LoginResponse> =>
      client.call({
        method: 'post',
        path: `${V2}/login/phone/code`,
        schema: loginResponse,
        json: body,
        query: o?.sms ? { type: 'sms' } : undefined,
        ...withoutSms(o),
      }),

    /** POST /api/v2/auth/login/phone/verification: send a log-in code by SMS. */
    sendPhoneLoginCode: (
      body: Body<typeof phoneOnlyRequest>,
      o?: CallOptions,
    ): Promise<CodeSentResponse> =>
      post(`${V2}/login/phone/verification`, codeSentResponse, body, o),
    /** POST /api/v2/auth/login/email/verification: send a log-in code by e-mail. */
    sendEmailLoginCode: (
      body: Body<typeof emailOnlyRequest>,
      o?: CallOptions,
    ): Promise<CodeSentResponse> =>
      post(`${V2}/login/email/verification`, codeSentResponse, body, o),
    /** POST /api/v2/auth/login/phone/code/resend?type=sms. */
    resendPhoneLoginCode: (
      body: Body<typeof phoneOnlyRequest>,
      o?: CallOptions,
    ): Promise<CodeSentResponse> =>
      client.call({
        method: 'post',
        path: `${V2}/login/phone/code/resend`,
        schema: codeSentResponse,
        json: body,
        query: { type: 'sms' },
        ...o,
      }),
    /** POST /login/email/resend. */
    resendEmailLoginCode: (
      body: Body<typeof emailOnlyRequest>,
      o?: CallOptions,
    ): Promise<CodeSentResponse> => post('login/email/resend', codeSentResponse, body, o),

    /** POST /auth/phone/resend (signed in): resend the phone confirmation code. */
    resendPhoneConfirmation: (o?: CallOptions): Promise<CodeSentResponse> =>
      post('auth/phone/resend', codeSentResponse, {}, o),
    /** POST /auth/email/resend (signed in): resend the e-mail confirmation code. */
    resendEmailConfirmation: (o?: CallOptions): Promise<CodeSentResponse> =>
      post('auth/email/resend', codeSentResponse, {}, o),
    /** POST /auth/phone/verify/code (signed in): confirm the phone. */
    confirmPhone: (
      body: Body<typeof verifyCodeRequest>,
      o?: CallOptions,
    ): Promise<SuccessResponse> => post('auth/phone/verify/code', successResponse, body, o),
    /** POST /auth/email/verify/code (signed in): confirm the e-mail. */
    confirmEmail: (
      body: Body<typeof verifyCodeRequest>,
      o?: CallOptions,
    ): Promise<SuccessResponse> => post('auth/email/verify/code', successResponse, body, o),

    /** PUT /auth/login: start a social log-in; open the answer's `url` in a popup. */
    socialLogin: (body: SocialLoginRequest, o?: CallOptions): Promise<SocialLoginResponse> =>
      client.call({
        method: 'put',
        path: 'auth/login',
        schema: socialLoginResponse,
        json: body,
        ...o,
      }),
    /** PUT auth/logout: end the session on the server. */
    logout: (o?: CallOptions): Promise<SuccessResponse> =>
      client.call({ method: 'put', path: 'auth/logout', schema: successResponse, json: {}, ...o }),
    /** POST auth/send_login_data: mail the log-in details to this address. */
    sendLoginData: (
      body: Body<typeof emailOnlyRequest>,
      o?: CallOptions,
    ): Promise<SuccessResponse> => post('auth/send_login_data', successResponse, body, o),

    /** The password-forgot and reset family, POST /api/v2/auth/password/... */
    password: {
      /** email/forgot: mails a code and a reset link. */
      emailForgot: (
        body: Body<typeof emailOnlyRequest>,
        o?: CallOptions,
      ): Promise<CodeSentResponse> => post(`${PASSWORD}/email/forgot`, codeSentResponse, body, o),
      /** email/code/confirm: the mailed code for a reset token. */
      emailCodeConfirm: (
        body: Body<typeof passwordEmailCodeConfirmRequest>,
        o?: CallOptions,
      ): Promise<ResetTokenResponse> =>
        post(`${PASSWORD}/email/code/confirm`, resetTokenResponse, body, o),
      /** email/token/confirm: the link token for a reset token. */
      emailTokenConfirm: (
        body: Body<typeof passwordTokenRequest>,
        o?: CallOptions,
      ): Promise<ResetTokenResponse> =>
        post(`${PASSWORD}/email/token/confirm`, resetTokenResponse, body, o),
      /** email/token/check: is the link token still usable? */
      emailTokenCheck: (
        body: Body<typeof passwordTokenRequest>,
        o?: CallOptions,
      ): Promise<TokenCheckResponse> =>
        post(`${PASSWORD}/email/token/check`, tokenCheckResponse, body, o),
      /** email/reset/token: new password with the link token. */
      emailResetByToken: (
        body: Body<typeof passwordResetByTokenRequest>,
        o?: CallOptions,
      ): Promise<SuccessResponse> =>
        post(`${PASSWORD}/email/reset/token`, successResponse, body, o),
      /** email/reset/code: new password with the reset token of a code confirm. */
      emailResetByCode: (
        body: Body<typeof passwordResetByResetTokenRequest>,
        o?: CallOptions,
      ): Promise<SuccessResponse> => post(`${PASSWORD}/email/reset/code`, successResponse, body, o),
      /** phone/forgot: sends a code by SMS. */
      phoneForgot: (
        body: Body<typeof phoneOnlyRequest>,
        o?: CallOptions,
      ): Promise<CodeSentResponse> => post(`${PASSWORD}/phone/forgot`, codeSentResponse, body, o),
      /** phone/code/confirm: the SMS code for a reset token. */
      phoneCodeConfirm: (
        body: Body<typeof passwordPhoneCodeConfirmRequest>,
        o?: CallOptions,
      ): Promise<ResetTokenResponse> =>
        post(`${PASSWORD}/phone/code/confirm`, resetTokenResponse, body, o),
      /** phone/reset: new password with the reset token. */
      phoneReset: (
        body: Body<typeof passwordResetByResetTokenRequest>,
        o?: CallOptions,
      ): Promise<SuccessResponse> => post(`${PASSWORD}/phone/reset`, successResponse, body, o),
      /** phone/token/check: is the reset token still usable? (invalid → /error, SPEC.md §8) */
      phoneTokenCheck: (
        body: Body<typeof passwordTokenRequest>,
        o?: CallOptions,
      ): Promise<TokenCheckResponse> =>
        post(`${PASSWORD}/phone/token/check`, tokenCheckResponse, body, o),
    },
  }
}

/** The auth endpoints' type, for flows that receive them as a dependency. */
export type AuthEndpoints = ReturnType<typeof authEndpoints>

function withoutSms(o: (CallOptions & { readonly sms?: boolean }) | undefined): CallOptions {
  if (!o) return {}
  const { sms: _sms, ...rest } = o
  return rest
}
