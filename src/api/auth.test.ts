import { describe, expect, it } from 'vitest'

import {
  TOKEN,
  apiAnswering,
  codeSent,
  email,
  login,
  newPassword,
  phone,
  register,
  resetToken,
  success,
  tokenCheck,
  type Case,
} from './test/endpointFixtures'

const cases: Case[] = [
  [
    'registerByEmail',
    'POST',
    'api/v2/auth/register/email',
    register,
    (a) => a.auth.registerByEmail({ ...email, password: 'secret123' }),
  ],
  [
    'registerByPhone',
    'POST',
    'api/v2/auth/register/phone',
    register,
    (a) => a.auth.registerByPhone({ ...phone, password: 'secret123' }),
  ],
  [
    'loginByEmailPassword',
    'POST',
    'api/v2/auth/login/email/password',
    login,
    (a) => a.auth.loginByEmailPassword({ ...email, password: 'x' }),
  ],
  [
    'loginByEmailCode',
    'POST',
    'api/v2/auth/login/email/code',
    login,
    (a) => a.auth.loginByEmailCode({ ...email, code: '1234' }),
  ],
  [
    'loginByPhonePassword',
    'POST',
    'api/v2/auth/login/phone/password',
    login,
    (a) => a.auth.loginByPhonePassword({ ...phone, password: 'x' }),
  ],
  [
    'loginByPhoneCode',
    'POST',
    'api/v2/auth/login/phone/code',
    login,
    (a) => a.auth.loginByPhoneCode({ ...phone, code: '1234' }),
  ],
  [
    'sendPhoneLoginCode',
    'POST',
    'api/v2/auth/login/phone/verification',
    codeSent,
    (a) => a.auth.sendPhoneLoginCode(phone),
  ],
  [
    'sendEmailLoginCode',
    'POST',
    'api/v2/auth/login/email/verification',
    codeSent,
    (a) => a.auth.sendEmailLoginCode(email),
  ],
  [
    'resendPhoneLoginCode',
    'POST',
    'api/v2/auth/login/phone/code/resend',
    codeSent,
    (a) => a.auth.resendPhoneLoginCode(phone),
  ],
  [
    'resendEmailLoginCode',
    'POST',
    'login/email/resend',
    codeSent,
    (a) => a.auth.resendEmailLoginCode(email),
  ],
  [
    'resendPhoneConfirmation',
    'POST',
    'auth/phone/resend',
    codeSent,
    (a) => a.auth.resendPhoneConfirmation(),
  ],
  [
    'resendEmailConfirmation',
    'POST',
    'auth/email/resend',
    codeSent,
    (a) => a.auth.resendEmailConfirmation(),
  ],
  [
    'confirmPhone',
    'POST',
    'auth/phone/verify/code',
    success,
    (a) => a.auth.confirmPhone({ code: '1234' }),
  ],
  [
    'confirmEmail',
    'POST',
    'auth/email/verify/code',
    success,
    (a) => a.auth.confirmEmail({ code: '1234' }),
  ],
  [
    'socialLogin',
    'PUT',
    'auth/login',
    { url: 'https://social.test/x' },
    (a) => a.auth.socialLogin({ provider: 'google', origin: 'https://tessera.test' }),
  ],
  ['logout', 'PUT', 'auth/logout', success, (a) => a.auth.logout()],
  ['sendLoginData', 'POST', 'auth/send_login_data', success, (a) => a.auth.sendLoginData(email)],
  [
    'password.emailForgot',
    'POST',
    'api/v2/auth/password/email/forgot',
    codeSent,
    (a) => a.auth.password.emailForgot(email),
  ],
  [
    'password.emailCodeConfirm',
    'POST',
    'api/v2/auth/password/email/code/confirm',
    resetToken,
    (a) => a.auth.password.emailCodeConfirm({ ...email, code: '1234' }),
  ],
  [
    'password.emailTokenConfirm',
    'POST',
    'api/v2/auth/password/email/token/confirm',
    resetToken,
    (a) => a.auth.password.emailTokenConfirm({ token: TOKEN }),
  ],
  [
    'password.emailTokenCheck',
    'POST',
    'api/v2/auth/password/email/token/check',
    tokenCheck,
    (a) => a.auth.password.emailTokenCheck({ token: TOKEN }),
  ],
  [
    'password.emailResetByToken',
    'POST',
    'api/v2/auth/password/email/reset/token',
    success,
    (a) => a.auth.password.emailResetByToken({ token: TOKEN, ...newPassword }),
  ],
  [
    'password.emailResetByCode',
    'POST',
    'api/v2/auth/password/email/reset/code',
    success,
    (a) => a.auth.password.emailResetByCode({ reset_token: TOKEN, ...newPassword }),
  ],
  [
    'password.phoneForgot',
    'POST',
    'api/v2/auth/password/phone/forgot',
    codeSent,
    (a) => a.auth.password.phoneForgot(phone),
  ],
  [
    'password.phoneCodeConfirm',
    'POST',
    'api/v2/auth/password/phone/code/confirm',
    resetToken,
    (a) => a.auth.password.phoneCodeConfirm({ ...phone, code: '1234' }),
  ],
  [
    'password.phoneReset',
    'POST',
    'api/v2/auth/password/phone/reset',
    success,
    (a) => a.auth.password.phoneReset({ reset_token: TOKEN, ...newPassword }),
  ],
  [
    'password.phoneTokenCheck',
    'POST',
    'api/v2/auth/password/phone/token/check',
    tokenCheck,
    (a) => a.auth.password.phoneTokenCheck({ token: TOKEN }),
  ],
]

describe('auth endpoint functions', () => {
  it.each(cases)(
    '%s calls %s %s and returns the parsed answer',
    async (_name, method, path, body, run) => {
      const { api, seen } = apiAnswering(method, path, body)
      await expect(run(api)).resolves.toEqual(body)
      expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`${method} ${path}`])
    },
  )

  it('sends ?type=sms and the body of a phone-code log-in', async () => {
    const { api, seen } = apiAnswering('POST', 'api/v2/auth/login/phone/code', login)
    await api.auth.loginByPhoneCode({ ...phone, code: '1234' }, { sms: true })
    expect(seen[0]?.url.search).toBe('?type=sms')
    expect(seen[0]?.body).toEqual({ ...phone, code: '1234' })
  })
})
