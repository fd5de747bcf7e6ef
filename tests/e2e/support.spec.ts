import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'

import { registerPlayer } from './pages/PasswordResetPage'
import { useToken } from './pages/ProfilePage'
import { LOGIN_CALL } from './support/calls'
import { axeViolations, layoutAtWidths } from './support/layout'
import { LOCALES, t } from './support/locales'

const OPERATOR = { email: 'operator@tessera.test', password: 'tessera-operator' }

type Seo = Record<string, { title: string; description: string; keywords: string; text: string }>
const seo = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'locales', locale, 'seo.json'), 'utf8')) as Seo
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The footer's support button opens the chat panel (the widget loads on that click at the latest). */
async function openChat(page: Page) {
  await page.getByTestId('footer.support').click()
  await expect(page.getByTestId('support.panel')).toBeVisible()
}

test('the served HTML carries the SEO title, description and text of the route and language', async ({
  request,
}) => {
  // A plain request, as a crawler makes it: no script runs.
  const res = await request.get('/ru/games/crash')
  expect(res.status()).toBe(200)
  const html = await res.text()
  const crash = seo('ru').crash!
  expect(html).toContain(`<title>${esc(crash.title)}</title>`)
  expect(html).toContain(`<meta name="description" content="${esc(crash.description)}">`)
  expect(html).toContain(`<p>${esc(crash.text)}</p>`)
  const kz = await (await request.get('/kz/faq')).text()
  expect(kz).toContain(`<title>${esc(seo('kz').faq!.title)}</title>`)
})

test('the client keeps the title and description in step with the route', async ({ page }) => {
  await page.goto('/games/dice')
  await expect(page).toHaveTitle(seo('en').dice!.title)
  await page.getByTestId('footer.link-faq').click()
  await expect(page).toHaveTitle(seo('en').faq!.title)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    seo('en').faq!.description,
  )
})

test('a support message reaches the operator page and the reply comes back', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const player = await registerPlayer(request, 'support-chat-1')
  const login = await request.post(LOGIN_CALL, { data: player })
  await useToken(page.context(), baseURL ?? '', ((await login.json()) as { token: string }).token)

  await page.goto('/ru/bonuses')
  await openChat(page)
  const text = `Не могу пополнить баланс ${Date.now()}`
  await page.getByTestId('support.input').fill(text)
  await page.getByTestId('support.send').click()
  await expect(page.getByTestId('support.message').last()).toContainText(text)

  // A document refused by its bytes gets the translated message.
  await page.getByTestId('support.file').setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  })
  await expect(page.getByTestId('support.error')).toHaveText(
    t('ru', 'errors:error.support_file_type'),
  )

  const operatorContext = await browser.newContext()
  try {
    const opLogin = await request.post(LOGIN_CALL, { data: OPERATOR })
    expect(opLogin.status()).toBe(200)
    const opToken = ((await opLogin.json()) as { token: string }).token
    await useToken(operatorContext, baseURL ?? '', opToken)
    const operator = await operatorContext.newPage()
    await operator.goto('/api/support/operator')
    await operator.getByRole('button', { name: new RegExp(player.email) }).click()
    // The page the player wrote from comes with the message.
    await expect(operator.getByTestId('operator.message').last()).toContainText(text)
    await expect(operator.getByTestId('operator.message').last()).toContainText('/ru/bonuses')
    const reply = `Ответ оператора ${Date.now()}`
    await operator.getByTestId('operator.reply-input').fill(reply)
    await operator.getByTestId('operator.reply-send').click()
    await expect(operator.getByTestId('operator.message').last()).toContainText(reply)

    // The open chat asks every few seconds; the reply shows as the operator's.
    const last = page.getByTestId('support.message').last()
    await expect(last).toContainText(reply)
    await expect(last).toHaveAttribute('data-author', 'operator')
  } finally {
    await operatorContext.close()
  }
})

test('a guest is asked to log in, and the chat fits a phone and a desktop in every language', async ({
  page,
}) => {
  for (const locale of LOCALES) {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`${locale.prefix}/faq`)
    await openChat(page)
    const panel = page.getByTestId('support.panel')
    await expect(panel.getByRole('heading')).toHaveText(t(locale.code, 'supportChat:title'))
    await expect(page.getByTestId('support.login')).toHaveText(t(locale.code, 'supportChat:logIn'))
    if (locale.code === 'en') expect(await axeViolations(page, '#support-widget')).toEqual([])
    await layoutAtWidths(page, { name: 'support-chat', locale: locale.code, ready: panel })
    await page.getByTestId('support.close').click()
    await expect(panel).toBeHidden()
  }
  // Log in from the chat opens the log-in modal.
  await openChat(page)
  await page.getByTestId('support.login').click()
  await expect(page.getByRole('dialog')).toBeVisible()
})
