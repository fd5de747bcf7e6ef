import { expect, test, type Page } from '@playwright/test'

import { formatMoney } from '../../games/engine/money'
import { DEMO } from '../../server/db/seed'
import type { ProfileUserResponse } from '../../contract'
import { AppPage } from './pages/AppPage'
import { LoginModal } from './pages/LoginModal'
import { LOGIN_CALL, PROFILE_CALL } from './support/calls'
import { t } from './support/locales'

/** Counts the log-in requests the page sends. */
function countLoginCalls(page: Page): () => number {
  let calls = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === LOGIN_CALL) calls += 1
  })
  return () => calls
}

test('bad input gets translated messages and sends nothing', async ({ page }) => {
  const calls = countLoginCalls(page)
  const app = new AppPage(page)
  const login = new LoginModal(page)

  await app.open('/?login')
  await login.submit.click()
  await expect(login.emailError).toHaveText(t('en', 'auth:login.errors.emailRequired'))
  await expect(login.passwordError).toHaveText(t('en', 'auth:login.errors.passwordRequired'))

  // After en: visiting /ru remembers ru in the locale cookie, and / would then redirect.
  await app.open('/ru?login')
  await login.logIn('demo@', '')
  await expect(login.emailError).toHaveText(t('ru', 'auth:login.errors.emailInvalid'))
  await expect(login.passwordError).toHaveText(t('ru', 'auth:login.errors.passwordRequired'))
  await expect(login.email).toHaveAttribute('aria-invalid', 'true')
  await expect(login.email).toHaveAttribute('aria-describedby', /.+/)
  await expect(login.email).toBeFocused()
  expect(await app.seriousA11yViolations()).toEqual([])
  expect(calls()).toBe(0)
})

test('a wrong password is refused with a translated message', async ({ page }) => {
  const calls = countLoginCalls(page)
  const app = new AppPage(page)
  const login = new LoginModal(page)

  await app.open('/?login')
  await login.logIn(DEMO.email, `${DEMO.password}-wrong`)
  await expect(login.emailError).toHaveText(t('en', 'errors:error.invalid_credentials'))
  await expect(app.dialog).toBeVisible()
  await expect(login.submit).toBeEnabled()
  await expect(app.loginButton).toBeVisible()
  expect(calls()).toBe(1)
})

test('the demo account logs in, sees its balance, stays after reload and logs out', async ({
  page,
  context,
}) => {
  const app = new AppPage(page)
  const login = new LoginModal(page)
  const balance = page.getByTestId('header.balance')
  const logout = page.getByTestId('header.logout-button')

  await app.open('/?login')
  await login.logIn(DEMO.email, DEMO.password)
  await expect(app.dialog).toBeHidden()
  await expect.poll(() => app.pathAndQuery()).toBe('/')
  await expect(app.loginButton).toHaveCount(0)

  // The balance as the server holds it (the seed, less whatever other tests did), formatted
  // the way a player reading English sees it.
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? ''
  expect(token).not.toBe('')
  const profile = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(profile.status()).toBe(200)
  const { user } = (await profile.json()) as ProfileUserResponse
  expect(user.email).toBe(DEMO.email)
  const shown = formatMoney(user.balance, user.currency ?? 'RUB', 'en')
  await expect(balance).toContainText(shown)

  await page.reload()
  await expect(balance).toContainText(shown)
  await expect(app.loginButton).toHaveCount(0)

  await logout.click()
  await expect(app.loginButton).toBeVisible()
  await expect(app.registerButton).toBeVisible()
  await expect(balance).toHaveCount(0)
  expect((await context.cookies()).some((c) => c.name === 'token')).toBe(false)
  // The session ended on the server too, not only in this browser.
  const after = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(after.status()).toBe(401)

  await page.reload()
  await expect(app.loginButton).toBeVisible()
})
