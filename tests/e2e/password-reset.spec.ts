import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { AppPage } from './pages/AppPage'
import { LoginModal } from './pages/LoginModal'
import {
  FORGOT_EMAIL_CALL,
  LOGIN_PHONE_CALL,
  OUTBOX_CALL,
  PasswordResetPage,
  registerPhonePlayer,
  registerPlayer,
  resetMail,
} from './pages/PasswordResetPage'
import type { OutboxResponse } from '../../contract'
import { LOGIN_CALL } from './support/calls'
import { LOCALES, t } from './support/locales'
import { botCheckData } from './support/botCheck'

const OLD_PASSWORD = 'old-password-1'
const NEW_PASSWORD = 'new-password-2'

/** Counts the requests the page sends to paths ending with `suffix`. */
function countCalls(page: Page, suffix: string): () => number {
  let calls = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(suffix)) calls += 1
  })
  return () => calls
}

/** Logs in through the API: the server's word on which password works. */
async function logInStatus(request: APIRequestContext, email: string, password: string) {
  return (await request.post(LOGIN_CALL, { data: { email, password } })).status()
}

/** After a reset: the success notice, then the lobby with the Login modal open. */
async function expectSentToLogIn(app: AppPage, locale: string): Promise<void> {
  await expect(app.page.getByText(t(locale, 'password:notices.changed'))).toBeVisible()
  await expect(app.dialog).toHaveAttribute('data-modal', 'Login')
  await expect(app.dialogTitle).toHaveText(t(locale, 'modals:Login.title'))
}

test('a player resets the password with the e-mailed code; only the new one works after', async ({
  page,
  request,
}) => {
  // The longest account flow here: register, two axe scans and three scrypt hashes on the server.
  test.slow()
  const player = await registerPlayer(request, OLD_PASSWORD)
  const app = new AppPage(page)
  const reset = new PasswordResetPage(page)
  const forgotCalls = countCalls(page, '/password/email/forgot')
  const resetCalls = countCalls(page, '/password/email/reset/code')

  await reset.open()
  await expect(app.heading).toHaveText(t('en', 'pages:passwordReset.title'))
  await reset.requestSubmit.click()
  await expect(reset.emailError).toHaveText(t('en', 'password:errors.emailRequired'))
  await reset.email.fill('player@')
  await reset.requestSubmit.click()
  await expect(reset.emailError).toHaveText(t('en', 'password:errors.emailInvalid'))
  await expect(reset.email).toBeFocused()
  expect(await app.seriousA11yViolations()).toEqual([])
  expect(forgotCalls()).toBe(0)

  await reset.requestCode(player.email)
  expect(forgotCalls()).toBe(1)
  await expect(reset.codeSent).toContainText(player.email)
  // The server's 60 s cooldown, counted down on the button.
  await expect(reset.resend).toBeDisabled()
  await expect(reset.resend).toHaveText(/\d+ s$/)
  const mail = await resetMail(request, player.email)

  await reset.enterCode(mail.code === '000000' ? '111111' : '000000')
  await expect(reset.codeError).toHaveText(t('en', 'errors:error.invalid_code'))
  await reset.enterCode(mail.code)
  await expect(reset.flow).toHaveAttribute('data-step', 'newPassword')

  await reset.byCode.fill('short', 'other')
  await expect(reset.byCode.passwordError).toHaveText(
    t('en', 'password:errors.passwordTooShort', { min: '8' }),
  )
  await expect(reset.byCode.confirmError).toHaveText(t('en', 'password:errors.confirmMismatch'))
  expect(await app.seriousA11yViolations()).toEqual([])
  expect(resetCalls()).toBe(0)

  await reset.byCode.fill(NEW_PASSWORD)
  await expectSentToLogIn(app, 'en')
  expect(resetCalls()).toBe(1)
  expect(await logInStatus(request, player.email, NEW_PASSWORD)).toBe(200)
  expect(await logInStatus(request, player.email, OLD_PASSWORD)).toBe(422)
})

test('the link from the e-mail sets a new password once (in Russian)', async ({
  page,
  request,
}) => {
  const player = await registerPlayer(request, OLD_PASSWORD)
  const forgot = await request.post(FORGOT_EMAIL_CALL, {
    data: { email: player.email, ...(await botCheckData(request)) },
  })
  expect(forgot.status()).toBe(200)
  const mail = await resetMail(request, player.email)
  const app = new AppPage(page)
  const reset = new PasswordResetPage(page)

  await reset.openLink(mail.token, '/ru')
  await expect(app.heading).toHaveText(t('ru', 'pages:resetPassword.title'))
  await expect(reset.linkFlow).toHaveAttribute('data-step', 'form')
  await reset.byLink.fill(NEW_PASSWORD, `${NEW_PASSWORD}-typo`)
  await expect(reset.byLink.confirmError).toHaveText(t('ru', 'password:errors.confirmMismatch'))
  await reset.byLink.fill(NEW_PASSWORD)
  await expectSentToLogIn(app, 'ru')
  expect(new URL(page.url()).pathname).toBe('/ru')
  expect(await logInStatus(request, player.email, NEW_PASSWORD)).toBe(200)
  expect(await logInStatus(request, player.email, OLD_PASSWORD)).toBe(422)

  // A link works once.
  await reset.openLink(mail.token, '/ru')
  await expect(reset.linkInvalid).toContainText(t('ru', 'password:link.invalid'))
})

test('an unknown link says so in every language and leads to a new request', async ({ page }) => {
  const app = new AppPage(page)
  const reset = new PasswordResetPage(page)
  for (const locale of LOCALES) {
    await reset.openLink('AbCdEf0123456789_-unknown', locale.prefix)
    await expect(app.heading).toHaveText(t(locale.code, 'pages:resetPassword.title'))
    await expect(reset.linkInvalid).toContainText(t(locale.code, 'password:link.invalid'))
    await expect(reset.byLink.password).toHaveCount(0)
    expect(await app.seriousA11yViolations()).toEqual([])
  }
  await reset.linkRestart.click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/kz/password/reset')
  await expect(reset.flow).toHaveAttribute('data-step', 'request')
})

test('a player registered by phone resets the password with the SMS code (in Kazakh)', async ({
  page,
  request,
}) => {
  const player = await registerPhonePlayer(request, OLD_PASSWORD)
  const app = new AppPage(page)
  const reset = new PasswordResetPage(page)

  await reset.open('/kz')
  await reset.phoneTab.click()
  // Typed through the +7 mask; sent as E.164.
  await reset.phone.pressSequentially(player.phone.slice(2))
  await reset.requestSubmit.click()
  await expect(reset.flow).toHaveAttribute('data-step', 'code')
  await expect(reset.codeSent).toContainText(player.phone)
  let code = ''
  await expect
    .poll(async () => {
      const answer = await request.get(OUTBOX_CALL, { params: { to: player.phone } })
      const { data } = (await answer.json()) as OutboxResponse
      code = data.find((m) => m.channel === 'sms' && m.subject === 'Password reset')?.code ?? ''
      return code
    })
    .not.toBe('')
  await reset.enterCode(code)
  // The reset token is checked (phone/token/check) before the new password is asked for.
  await expect(reset.flow).toHaveAttribute('data-step', 'newPassword')
  await reset.byCode.fill(NEW_PASSWORD)
  await expectSentToLogIn(app, 'kz')
  const logIn = (password: string) =>
    request.post(LOGIN_PHONE_CALL, { data: { phone: player.phone, password } })
  expect((await logIn(NEW_PASSWORD)).status()).toBe(200)
  expect((await logIn(OLD_PASSWORD)).status()).toBe(422)
})

test('a player who forgot the password starts the reset from the Login modal (in Russian)', async ({
  page,
  request,
}) => {
  const player = await registerPlayer(request, OLD_PASSWORD)
  const app = new AppPage(page)
  const login = new LoginModal(page)
  const reset = new PasswordResetPage(page)

  await app.open('/ru?login')
  await login.logIn(player.email, 'not-the-password')
  await expect(login.emailError).toHaveText(t('ru', 'errors:error.invalid_credentials'))
  await expect(login.forgotPassword).toHaveText(t('ru', 'password:forgot'))
  await login.forgotPassword.click()

  // The modal closes on the way and its flag does not come back.
  await expect(app.dialog).toBeHidden()
  await expect.poll(() => app.pathAndQuery()).toBe('/ru/password/reset')
  await expect(app.heading).toHaveText(t('ru', 'pages:passwordReset.title'))
  await expect(reset.flow).toHaveAttribute('data-step', 'request')

  await reset.requestCode(player.email)
  const mail = await resetMail(request, player.email)
  await reset.enterCode(mail.code)
  await reset.byCode.fill(NEW_PASSWORD)
  await expectSentToLogIn(app, 'ru')
  await login.logIn(player.email, NEW_PASSWORD)
  await expect(app.dialog).toBeHidden()
  await expect(page.getByTestId('header.balance')).toBeVisible()
})
