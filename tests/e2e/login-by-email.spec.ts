import { expect, test, type APIRequestContext } from '@playwright/test'

import type { OutboxResponse } from '../../contract'
import { AppPage } from './pages/AppPage'
import { LoginByEmailModal } from './pages/LoginModal'
import { PasswordResetPage, registerPlayer } from './pages/PasswordResetPage'
import { t } from './support/locales'

/** The newest log-in code mailed to `to`, waiting for it to arrive. */
async function loginCode(request: APIRequestContext, to: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const answer = await request.get('/api/sandbox/outbox', { params: { to } })
      const { data } = (await answer.json()) as OutboxResponse
      code = data.find((m) => m.subject === 'Your log-in code')?.code ?? ''
      return code
    })
    .not.toBe('')
  return code
}

test('a player who would rather not reset the password logs in with a one-time code (LoginByEmail)', async ({
  page,
  request,
}) => {
  const player = await registerPlayer(request, 'forgotten-password-1')
  const app = new AppPage(page)
  const reset = new PasswordResetPage(page)
  const byEmail = new LoginByEmailModal(page)

  await reset.open('/ru')
  const link = page.getByTestId('password-reset.login-by-code')
  await expect(link).toHaveText(t('ru', 'password:request.codeInsteadLink'))
  await link.click()

  await expect.poll(() => app.pathAndQuery()).toBe('/ru?login=email')
  await expect(app.dialog).toHaveAttribute('data-modal', 'LoginByEmail')
  await expect(app.dialogTitle).toHaveText(t('ru', 'modals:LoginByEmail.title'))
  // The fixed variant: no tabs, no password, no social buttons.
  await expect(page.getByTestId('login.tab-phone')).toHaveCount(0)
  await expect(page.getByTestId('login.password')).toHaveCount(0)
  await expect(byEmail.form).toBeVisible()
  expect(await app.seriousA11yViolations()).toEqual([])

  await byEmail.requestCode(player.email)
  await expect(byEmail.codeHint).toContainText(player.email)
  await byEmail.logInWithCode(await loginCode(request, player.email))

  await expect(app.dialog).toBeHidden()
  await expect(page.getByTestId('header.balance')).toBeVisible()
  await expect(app.loginButton).toHaveCount(0)
  // Logged in, the flag is gone: a reload does not bring the modal back.
  await expect.poll(() => app.pathAndQuery()).toBe('/ru')
})
