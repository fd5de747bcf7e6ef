import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { formatMoney } from '../../games/engine/money'
import type { Minor, OutboxResponse, ProfileUserResponse } from '../../contract'
import { AppPage } from './pages/AppPage'
import { RegisterModal } from './pages/RegisterModal'
import { PROFILE_CALL } from './support/calls'
import { t } from './support/locales'

const REGISTER_CALL = '/api/api/v2/auth/register/email'

/** The newest code the sandbox outbox holds for `to` under `subject`, waiting for it to arrive. */
async function codeFor(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let code: string | null = null
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/sandbox/outbox?${new URLSearchParams({ to })}`)
      const { data } = (await answer.json()) as OutboxResponse
      code = data.find((m) => m.subject === subject)?.code ?? null
      return code
    })
    .not.toBeNull()
  return code as unknown as string
}

function countCalls(page: Page, path: string): () => number {
  let calls = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls += 1
  })
  return () => calls
}

test('bad sign-up input gets translated messages and sends nothing', async ({ page }) => {
  const calls = countCalls(page, REGISTER_CALL)
  const app = new AppPage(page)
  const register = new RegisterModal(page)

  await app.open('/ru?signup')
  await register.email.fill('new@')
  await register.password.fill('short')
  await register.submit.click()
  await expect(register.emailError).toHaveText(t('ru', 'auth:login.errors.emailInvalid'))
  await expect(register.passwordError).toHaveText(t('ru', 'auth:login.errors.passwordTooShort'))
  await expect(register.email).toBeFocused()
  await expect(register.email).toHaveAttribute('aria-invalid', 'true')
  expect(await app.seriousA11yViolations()).toEqual([])
  expect(calls()).toBe(0)
})

test('a new player registers by e-mail, confirms the mailed code and is signed in', async ({
  page,
  context,
}, testInfo) => {
  const app = new AppPage(page)
  const register = new RegisterModal(page)
  const email = `new-${Date.now()}-${testInfo.workerIndex}@tessera.test`

  await app.open('/?signup')
  await expect(app.dialogTitle).toHaveText(t('en', 'modals:Register.title'))
  await register.registerByEmail(email, 'a-long-password', 'RUB')

  // Signed in at once: the header shows the new account's empty balance behind the dialog.
  await expect(page.getByTestId('header.balance')).toContainText(
    formatMoney(0 as Minor, 'RUB', 'en'),
  )
  await expect(register.confirmForm).toContainText(email)

  // A wrong code is refused on the field; the mailed one is accepted.
  await register.confirmEmailCode('000000')
  await expect(register.confirmCodeError).toHaveText(t('en', 'errors:error.invalid_code'))
  const code = await codeFor(page.request, email, 'Confirm your e-mail')
  await register.confirmEmailCode(code)
  await expect(app.dialog).toBeHidden()
  await expect.poll(() => app.pathAndQuery()).toBe('/')
  await expect(app.loginButton).toHaveCount(0)

  const token = (await context.cookies()).find((c) => c.name === 'token')
  expect(token?.value ?? '').not.toBe('')
  expect(token?.path).toBe('/')
  const profile = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${token?.value ?? ''}` },
  })
  const { user } = (await profile.json()) as ProfileUserResponse
  expect(user.email).toBe(email)
  expect(user.is_email_verified).toBe(true)
  expect(user.balance).toBe(0)
  expect(user.currency).toBe('RUB')

  await page.reload()
  await expect(page.getByTestId('header.balance')).toContainText(
    formatMoney(0 as Minor, 'RUB', 'en'),
  )
})
