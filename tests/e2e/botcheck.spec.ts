import { expect, test } from '@playwright/test'

import { BOT_CHECK_FIELD, type ValidationErrorBody } from '../../contract'
import { AppPage } from './pages/AppPage'
import { RegisterModal } from './pages/RegisterModal'
import { botCheckData } from './support/botCheck'
import { t } from './support/locales'

/**
 * The bot check (issue #31 item 7) on the real e2e server, which runs the self-hosted ALTCHA
 * check as production does, at a low difficulty (playwright.config.ts): the browser solves the
 * server's challenge in a worker and sends it with the registration; a request without one is
 * refused with a translated message.
 */
const REGISTER_CALL = '/api/api/v2/auth/register/email'
const CHALLENGE_CALL = '/api/captcha/challenge'

test('a registration through the form solves the bot check and passes it', async ({
  page,
}, testInfo) => {
  const app = new AppPage(page)
  const register = new RegisterModal(page)
  const challenges: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === CHALLENGE_CALL) challenges.push(request.url())
  })
  // Seen on its way out (a request's body is read through the route, where it is always there).
  const bodies: Record<string, unknown>[] = []
  await page.route(`**${REGISTER_CALL}`, async (route) => {
    bodies.push(route.request().postDataJSON() as Record<string, unknown>)
    await route.continue()
  })
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === REGISTER_CALL)

  await app.open('/?signup')
  await register.registerByEmail(
    `bot-${Date.now()}-${testInfo.workerIndex}@tessera.test`,
    'a-long-password',
  )

  // The code step shows: the server took the registration, which it refuses without a solution.
  expect((await answered).status()).toBe(200)
  expect(bodies).toHaveLength(1)
  expect(typeof bodies[0]![BOT_CHECK_FIELD]).toBe('string')
  expect(challenges).toHaveLength(1)
})

test('a registration without a solution is refused, and the form says so in the player’s language', async ({
  page,
}) => {
  const app = new AppPage(page)
  const register = new RegisterModal(page)
  // The page's own request, with the solution taken out on its way to the server.
  await page.route(`**${REGISTER_CALL}`, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>
    delete body[BOT_CHECK_FIELD]
    await route.continue({ postData: JSON.stringify(body) })
  })

  await app.open('/ru?signup')
  await register.tabEmail.click()
  await register.email.fill(`nobot-${Date.now()}@tessera.test`)
  await register.password.fill('a-long-password')
  await register.submit.click()
  await expect(register.formError).toHaveText(t('ru', 'errors:error.bot_check_required'))
  await expect(register.confirmForm).toHaveCount(0)
})

test('the server refuses a missing, a forged and a replayed solution', async ({ request }) => {
  const player = (tag: string) => ({
    email: `${tag}-${Date.now()}@tessera.test`,
    password: 'a-long-password',
  })
  const refusal = async (data: Record<string, unknown>) => {
    const answer = await request.post(REGISTER_CALL, { data })
    expect(answer.status()).toBe(422)
    const { errors } = (await answer.json()) as ValidationErrorBody
    return errors[BOT_CHECK_FIELD]?.[0]?.split(':')[0]
  }

  expect(await refusal(player('none'))).toBe('bot_check_required')
  expect(await refusal({ ...player('forged'), [BOT_CHECK_FIELD]: 'bm90IGEgc29sdXRpb24=' })).toBe(
    'bot_check_failed',
  )
  const solved = await botCheckData(request)
  const first = await request.post(REGISTER_CALL, { data: { ...player('once'), ...solved } })
  expect(first.status()).toBe(200)
  expect(await refusal({ ...player('again'), ...solved })).toBe('bot_check_failed')
  // The code requests and the forgot calls are guarded the same way.
  for (const path of [
    '/api/api/v2/auth/login/email/verification',
    '/api/api/v2/auth/password/email/forgot',
  ]) {
    const answer = await request.post(path, { data: { email: 'demo@tessera.test' } })
    expect(answer.status(), path).toBe(422)
  }
  // Every refusal has its text in every language.
  for (const locale of ['en', 'ru', 'kz']) {
    for (const code of ['bot_check_required', 'bot_check_failed']) {
      expect(t(locale, `errors:error.${code}`)).not.toContain('bot_check')
    }
  }
})
