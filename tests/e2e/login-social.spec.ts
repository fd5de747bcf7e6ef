import { expect, test } from '@playwright/test'

import { formatMoney } from '../../games/engine/money'
import type { ProfileUserResponse } from '../../contract'
import { AppPage } from './pages/AppPage'
import { PROFILE_CALL } from './support/calls'

test('a visitor logs in with a social provider through the sandbox popup', async ({
  page,
  context,
}, testInfo) => {
  const app = new AppPage(page)
  // A player id the sandbox provider has not seen: the first log-in creates the account.
  const subject = `e2e-${Date.now()}-${testInfo.workerIndex}`

  await app.open('/?login')
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('login.social-google').click(),
  ])
  // The popup opens blank on the click, then goes to the provider's page the server named.
  await popup.waitForURL(/\/api\/sandbox\/social\/authorize\?state=/)
  await expect(page.getByTestId('login.social-cancel')).toBeVisible()
  await popup.locator('#subject').fill(subject)
  await Promise.all([popup.waitForEvent('close'), popup.locator('#continue').click()])

  await expect(app.dialog).toBeHidden()
  await expect(app.loginButton).toHaveCount(0)
  await expect.poll(() => app.pathAndQuery()).toBe('/')

  // The header shows the balance the server holds for the new account.
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? ''
  expect(token).not.toBe('')
  const answer = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(answer.status()).toBe(200)
  const { user } = (await answer.json()) as ProfileUserResponse
  expect(user.register_method).toBe('social')
  await expect(page.getByTestId('header.balance')).toContainText(
    formatMoney(user.balance, user.currency ?? 'RUB', 'en'),
  )
})
