import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

import type { OutboxResponse } from '../../../contract'
import { botCheckData } from '../support/botCheck'

/** The calls the password-reset tests make directly (the server serves the API under /api). */
export const REGISTER_EMAIL_CALL = '/api/api/v2/auth/register/email'
export const REGISTER_PHONE_CALL = '/api/api/v2/auth/register/phone'
export const LOGIN_PHONE_CALL = '/api/api/v2/auth/login/phone/password'
export const FORGOT_EMAIL_CALL = '/api/api/v2/auth/password/email/forgot'
export const OUTBOX_CALL = '/api/sandbox/outbox'

/** The new-password form, on either page (`password-reset` or `reset-password` test ids). */
export class NewPasswordForm {
  readonly password: Locator
  readonly confirm: Locator
  readonly save: Locator
  readonly passwordError: Locator
  readonly confirmError: Locator

  constructor(page: Page, prefix: 'password-reset' | 'reset-password') {
    this.password = page.getByTestId(`${prefix}.password`)
    this.confirm = page.getByTestId(`${prefix}.password-confirm`)
    this.save = page.getByTestId(`${prefix}.save`)
    this.passwordError = page.getByTestId(`${prefix}.password-error`)
    this.confirmError = page.getByTestId(`${prefix}.password-confirm-error`)
  }

  async fill(password: string, confirm = password): Promise<void> {
    await this.password.fill(password)
    await this.confirm.fill(confirm)
    await this.save.click()
  }
}

/** /password/reset (by code) and /reset-password/{token} (by link) as a test sees them. */
export class PasswordResetPage {
  readonly flow: Locator
  readonly emailTab: Locator
  readonly phoneTab: Locator
  readonly email: Locator
  readonly emailError: Locator
  readonly phone: Locator
  readonly requestSubmit: Locator
  readonly codeSent: Locator
  readonly code: Locator
  readonly codeError: Locator
  readonly codeSubmit: Locator
  readonly resend: Locator
  readonly byCode: NewPasswordForm
  readonly linkFlow: Locator
  readonly linkInvalid: Locator
  readonly linkRestart: Locator
  readonly byLink: NewPasswordForm

  constructor(readonly page: Page) {
    this.flow = page.getByTestId('password-reset.flow')
    this.emailTab = page.getByTestId('password-reset.channel-email')
    this.phoneTab = page.getByTestId('password-reset.channel-phone')
    this.email = page.getByTestId('password-reset.email')
    this.emailError = page.getByTestId('password-reset.email-error')
    this.phone = page.getByTestId('password-reset.phone')
    this.requestSubmit = page.getByTestId('password-reset.request-submit')
    this.codeSent = page.getByTestId('password-reset.code-sent')
    this.code = page.getByTestId('password-reset.code')
    this.codeError = page.getByTestId('password-reset.code-error')
    this.codeSubmit = page.getByTestId('password-reset.code-submit')
    this.resend = page.getByTestId('password-reset.resend')
    this.byCode = new NewPasswordForm(page, 'password-reset')
    this.linkFlow = page.getByTestId('reset-password.flow')
    this.linkInvalid = page.getByTestId('reset-password.invalid')
    this.linkRestart = page.getByTestId('reset-password.restart-link')
    this.byLink = new NewPasswordForm(page, 'reset-password')
  }

  /** Opens /password/reset (with a locale prefix, e.g. `/ru`). */
  async open(prefix = ''): Promise<void> {
    await this.page.goto(`${prefix}/password/reset`)
    await expect(this.flow).toHaveAttribute('data-step', 'request')
  }

  /** Opens the link of a reset e-mail and waits for the token check to answer. */
  async openLink(token: string, prefix = ''): Promise<void> {
    await this.page.goto(`${prefix}/reset-password/${token}`)
    await expect(this.linkFlow).not.toHaveAttribute('data-step', 'checking')
  }

  async requestCode(email: string): Promise<void> {
    await this.email.fill(email)
    await this.requestSubmit.click()
    await expect(this.flow).toHaveAttribute('data-step', 'code')
  }

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code)
    await this.codeSubmit.click()
  }
}

/** A fresh player registered through the API; `email` is unique per call. */
export async function registerPlayer(
  request: APIRequestContext,
  password: string,
): Promise<{ email: string; password: string }> {
  const email = `reset-${Date.now()}-${Math.floor(Math.random() * 1e6)}@tessera.test`
  const answer = await request.post(REGISTER_EMAIL_CALL, {
    data: { email, password, ...(await botCheckData(request)) },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  return { email, password }
}

/** A fresh player registered by phone through the API; `phone` is E.164, unique per call. */
export async function registerPhonePlayer(
  request: APIRequestContext,
  password: string,
): Promise<{ phone: string; password: string }> {
  const phone = `+79${String(Date.now()).slice(-9)}`
  const answer = await request.post(REGISTER_PHONE_CALL, {
    data: { phone, password, ...(await botCheckData(request)) },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  return { phone, password }
}

/** The newest password-reset mail to `to` in the sandbox outbox, waiting for it to arrive. */
export async function resetMail(
  request: APIRequestContext,
  to: string,
): Promise<{ code: string; token: string }> {
  let found: { code: string; token: string } | undefined
  await expect
    .poll(async () => {
      const answer = await request.get(OUTBOX_CALL, { params: { to } })
      const { data } = (await answer.json()) as OutboxResponse
      const mail = data.find((m) => m.subject === 'Password reset')
      const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1]
      found = mail?.code && token ? { code: mail.code, token } : undefined
      return found !== undefined
    })
    .toBe(true)
  return found as { code: string; token: string }
}
