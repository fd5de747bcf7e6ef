import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { formatMoney, type Minor } from '../../games/engine/money'
import type { OutboxResponse, ProfileUserResponse, RegisterResponse } from '../../contract'
import { AppPage } from './pages/AppPage'
import { PayInModal } from './pages/PayInModal'
import { RegisterModal } from './pages/RegisterModal'
import { PROFILE_CALL } from './support/calls'
import { t } from './support/locales'
import { botCheckData } from './support/botCheck'

/** Registration by e-mail, for the test that only needs a signed-in player. */
const REGISTER_CALL = '/api/api/v2/auth/register/email'
const CREATE_INVOICE_CALL = '/api/billing/payment/create'

/** The newest code the sandbox outbox holds for `to`, waiting for it to arrive. */
async function newestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | null = null
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/sandbox/outbox?${new URLSearchParams({ to })}`)
      const { data } = (await answer.json()) as OutboxResponse
      code = data.find((m) => m.code !== null)?.code ?? null
      return code
    })
    .not.toBeNull()
  return code as unknown as string
}

/** Counts the invoice-creation requests the page sends. */
function countCreateCalls(page: Page): () => number {
  let calls = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === CREATE_INVOICE_CALL) calls += 1
  })
  return () => calls
}

test('a new player sees PayIn after 17 s, deposits on the provider page and sees the balance', async ({
  page,
  context,
}) => {
  const app = new AppPage(page)
  const payIn = new PayInModal(page)
  const register = new RegisterModal(page)
  const creates = countCreateCalls(page)
  // The page's clock runs as usual; the test moves it on instead of waiting out the 17 s.
  await page.clock.install()

  // A new player signs up through the Register modal and confirms the e-mailed code.
  const email = `deposit-${Date.now()}@tessera.test`
  await app.open('/?signup')
  await register.registerByEmail(email, 'deposit-e2e-password')
  // Signed in from the code step on: the user is seen, the 17 s start.
  await register.confirmEmailCode(await newestCode(page.request, email))
  await expect(app.dialog).toBeHidden()
  const balance = page.getByTestId('header.balance')
  await expect(balance).toContainText(formatMoney(0 as Minor, 'RUB', 'en'))
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? ''
  expect(token).not.toBe('')

  // The auto-open rule: nothing 10 s on, PayIn once 17 s have passed since the user was seen.
  await page.clock.fastForward(10_000)
  await expect(app.dialog).toBeHidden()
  await page.clock.fastForward(7_000)
  await payIn.expectOpen('PayIn', 12_000)
  await expect(payIn.form).toBeVisible()
  expect(await app.seriousA11yViolations()).toEqual([])

  // A bad amount: a translated message and nothing sent.
  await payIn.deposit('50')
  await expect(payIn.amountError).toHaveText(
    t('en', 'payin:errors.tooSmall', {
      amount: formatMoney(100_00 as Minor, 'RUB', 'en', { trimWhole: true }),
    }),
  )
  await expect(payIn.amount).toBeFocused()
  expect(creates()).toBe(0)

  // A preset, then the player's own amount; one invoice however often the button is pressed.
  await payIn.preset(1).click()
  await expect(payIn.amount).toHaveValue('700')
  await payIn.amount.fill('1 500')
  await payIn.submit.dblclick()
  await expect(payIn.invoice).toBeVisible()
  expect(creates()).toBe(1)
  await expect(payIn.invoiceAmount).toHaveText(
    t('en', 'payin:invoice.title', { amount: formatMoney(1500_00 as Minor, 'RUB', 'en') }),
  )

  await payIn.payOnProviderPage()

  // The 5 s poll sees status 3: PayIn closes, SuccessPayment opens, the balance is fetched.
  await payIn.expectOpen('SuccessPayment', 15_000)
  await expect(payIn.success).toBeVisible()

  const profile = await page.request.get(PROFILE_CALL, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const { user } = (await profile.json()) as ProfileUserResponse
  expect(user.balance).toBe(1500_00)
  const shown = formatMoney(user.balance, 'RUB', 'en')
  await expect(balance).toContainText(shown)
  await expect(payIn.successBalance).toHaveText(t('en', 'payin:success.balance', { amount: shown }))

  await payIn.successOk.click()
  await expect(app.dialog).toBeHidden()
  expect(creates()).toBe(1)
})

test('the Deposit button and the deposit flag open PayIn for a signed-in player', async ({
  page,
  context,
  baseURL,
}) => {
  const app = new AppPage(page)
  const payIn = new PayInModal(page)
  const registered = await page.request.post(REGISTER_CALL, {
    data: {
      email: `flag-${Date.now()}@tessera.test`,
      password: 'deposit-e2e-password',
      ...(await botCheckData(page.request)),
    },
  })
  const { data } = (await registered.json()) as RegisterResponse
  await context.addCookies([{ name: 'token', value: data.token, url: baseURL ?? '' }])

  await app.open('/ru/top?deposit')
  await payIn.expectOpen('PayIn')
  await expect(payIn.amountHint).toContainText('100')
  await app.dialogClose.click()
  await expect(app.dialog).toBeHidden()
  await expect.poll(() => app.pathAndQuery()).toBe('/ru/top')

  await page.getByTestId('header.deposit-button').click()
  await payIn.expectOpen('PayIn')
  await expect(payIn.submit).toHaveText(t('ru', 'payin:form.submit'))
})
