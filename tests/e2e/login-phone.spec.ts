import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import type { OutboxResponse } from '../../contract'
import { AppPage } from './pages/AppPage'
import { LoginModal } from './pages/LoginModal'
import { t } from './support/locales'
import { botCheckData } from './support/botCheck'

const CODE_CALL = '/api/api/v2/auth/login/phone/code'
const SEND_CALL = '/api/api/v2/auth/login/phone/verification'

/** A phone number no other test uses: +7 9xx, from the clock and the worker. */
function freshPhone(worker: number): { e164: string; national: string } {
  const national = `9${String(Date.now() * 10 + worker).slice(-9)}`
  return { e164: `+7${national}`, national }
}

async function registerByPhone(request: APIRequestContext, phone: string): Promise<void> {
  const answer = await request.post('/api/api/v2/auth/register/phone', {
    data: { phone, password: 'a-long-password', currency: 'RUB', ...(await botCheckData(request)) },
  })
  expect(answer.status()).toBe(200)
}

/** Outbox messages to `to` under `subject`, newest first. */
async function codes(request: APIRequestContext, to: string, subject: string) {
  const answer = await request.get(`/api/sandbox/outbox?${new URLSearchParams({ to })}`)
  const { data } = (await answer.json()) as OutboxResponse
  return data.filter((m) => m.subject === subject)
}

function countCalls(page: Page, path: string): () => number {
  let calls = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls += 1
  })
  return () => calls
}

test('a partial phone is refused with a translated message and nothing is sent', async ({
  page,
}) => {
  const sends = countCalls(page, SEND_CALL)
  const logins = countCalls(page, CODE_CALL)
  const app = new AppPage(page)
  const login = new LoginModal(page)

  await app.open('/kz?login')
  await login.tabPhone.click()
  await login.modeCode.check()
  await login.phone.pressSequentially('999123')
  await expect(login.phone).toHaveValue('(999) 123')
  await login.sendCode.click()
  await login.submit.click()
  await expect(login.phoneError).toHaveText(t('kz', 'auth:login.errors.phoneInvalid'))
  await expect(login.codeError).toHaveText(t('kz', 'auth:login.errors.codeRequired'))
  await expect(login.phone).toBeFocused()
  expect(await app.seriousA11yViolations()).toEqual([])
  expect(sends()).toBe(0)
  expect(logins()).toBe(0)
})

test('a player registered by phone logs in with the SMS code', async ({ page }, testInfo) => {
  const app = new AppPage(page)
  const login = new LoginModal(page)
  const phone = freshPhone(testInfo.workerIndex)
  await registerByPhone(page.request, phone.e164)

  await app.open('/?login')
  await login.requestPhoneCode(phone.national)
  await expect(login.phone).toHaveValue(
    `(${phone.national.slice(0, 3)}) ${phone.national.slice(3, 6)} ${phone.national.slice(6, 8)} ${phone.national.slice(8)}`,
  )
  // The countdown of the server's resend_in, the button disabled meanwhile.
  await expect(login.sendCode).toBeDisabled()
  await expect(login.sendCode).toHaveText(/\d:\d\d/)

  let code: string | null = null
  await expect
    .poll(async () => {
      code = (await codes(page.request, phone.e164, 'Your log-in code'))[0]?.code ?? null
      return code
    })
    .not.toBeNull()
  await login.logInWithCode(code as unknown as string)

  await expect(app.dialog).toBeHidden()
  await expect.poll(() => app.pathAndQuery()).toBe('/')
  await expect(app.loginButton).toHaveCount(0)
  await expect(page.getByTestId('header.balance')).toBeVisible()
})
