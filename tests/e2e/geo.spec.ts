import { expect, test } from '@playwright/test'

import { DEMO } from '../../server/db/seed'
import { AppPage } from './pages/AppPage'
import { LoginModal } from './pages/LoginModal'

/**
 * Geo, mirrors and single sign-on (src/features/geo, server/geo) against the real server, whose
 * settings for them are in playwright.config.ts: KP is blocked, old.localhost has moved to
 * 127.0.0.1 and localhost and mirror.localhost share log-ins.
 */
const port = Number(process.env.E2E_PORT ?? 4173)
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

test('a visitor from a blocked country lands on /no-access, with a way to support', async ({
  browser,
}) => {
  const visitor = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'KP' } })
  try {
    const page = await visitor.newPage()
    const app = new AppPage(page)
    await page.goto('/ru/bonuses?promo=x')
    await expect(app.noAccessLayout).toBeVisible()
    await expect(page).toHaveURL(/\/ru\/no-access$/)
    await expect(app.header).toHaveCount(0)
    // No way in, but a way to support: the chat, whose log-in a guest can reach from here.
    await page.getByTestId('no-access.support').click()
    await expect(page.getByTestId('support.panel')).toBeVisible()
    await page.getByTestId('support.login').click()
    await expect(page.getByTestId('modal.dialog')).toHaveAttribute('data-modal', 'Login')
  } finally {
    await visitor.close()
  }
})

test('a search bot from a blocked country sees the page, with no geo call', async ({ browser }) => {
  const bot = await browser.newContext({
    extraHTTPHeaders: { 'cf-ipcountry': 'KP' },
    userAgent: GOOGLEBOT,
  })
  try {
    const crawler = await bot.newPage()
    const geoCalls: string[] = []
    crawler.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/geo_ip')) geoCalls.push(r.url())
    })
    const seen = new AppPage(crawler)
    await seen.open('/ru/bonuses')
    await seen.expectDefaultLayout()
    expect(new URL(crawler.url()).pathname).toBe('/ru/bonuses')
    expect(geoCalls).toEqual([])
  } finally {
    await bot.close()
  }
})

test('a moved mirror answers 301 to the new link with the path and query', async ({ page }) => {
  const response = await page.goto(`http://old.localhost:${port}/faq?from=old`)
  const first = response?.request().redirectedFrom()
  expect((await first?.response())?.status()).toBe(301)
  expect(first?.url()).toBe(`http://old.localhost:${port}/faq?from=old`)
  expect(page.url()).toBe(`http://127.0.0.1:${port}/faq?from=old`)
  const app = new AppPage(page)
  await expect(app.heading).toBeVisible()
  // The mirror answer's Yandex verification, written by the client.
  await expect(page.locator('meta[name="yandex-verification"]')).toHaveAttribute(
    'content',
    'e2e-yandex-verification',
  )
})

test('log-in on one mirror host is signed in on the other', async ({ page }) => {
  const here = `http://localhost:${port}`
  const there = `http://mirror.localhost:${port}`
  const app = new AppPage(page)
  await page.goto(`${here}/faq?login`)
  await expect(app.heading).toBeVisible()
  // The log-in answer's ticket takes the browser through the other host, which sets its own
  // cookie and sends it back to the page, without the modal's flag.
  const enter = page.waitForRequest((r) => r.url().startsWith(`${there}/api/sso/enter?ticket=`))
  const back = page.waitForRequest(
    (r) => r.isNavigationRequest() && r.url() === `${here}/faq` && r.redirectedFrom() !== null,
  )
  await new LoginModal(page).logIn(DEMO.email, DEMO.password)
  expect((await (await enter).response())?.status()).toBe(303)
  await (await back).response()
  await page.waitForLoadState('load')
  await expect(page.getByTestId('header.balance')).toBeVisible()
  // The flag cookie set before leaving is cleared once back.
  await expect
    .poll(async () => (await page.context().cookies(here)).map((c) => c.name))
    .not.toContain('sso_redirect')

  await page.goto(`${there}/faq`)
  await expect(page.getByTestId('header.balance')).toBeVisible()
  await expect(page.getByTestId('header.login-button')).toHaveCount(0)
  const tokens = await page.context().cookies(there)
  expect(tokens.map((c) => c.name)).toContain('token')
})
