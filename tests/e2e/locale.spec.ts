import { expect, test } from '@playwright/test'
import { AppPage } from './pages/AppPage'
import { horizontalOverflow } from './support/layout'
import { t } from './support/locales'

test('the switcher keeps the page, sets the cookie and later visits follow it', async ({
  page,
  context,
}) => {
  const app = new AppPage(page)
  await app.open('/games/slots/book-of-dead/demo?ref=x')
  await app.languageLink('header', 'ru').click()
  await expect(page).toHaveURL(/\/ru\/games\/slots\/book-of-dead\/demo\?ref=x$/)
  await expect(app.heading).toHaveText(t('ru', 'pages:slotDemo.title'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  const cookie = (await context.cookies()).find((c) => c.name === 'locale')
  expect(cookie?.value).toBe('ru')
  // A year, give or take the test's own duration.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)

  // Links now carry the prefix.
  await expect(page.getByTestId('header.nav-crash')).toHaveAttribute('href', '/ru/games/crash')

  await app.open('/top')
  await expect(page).toHaveURL(/\/ru\/top$/)

  await app.languageLink('header', 'kz').click()
  await expect(page).toHaveURL(/\/kz\/top$/)
  await expect(app.heading).toHaveText(t('kz', 'pages:top.title'))
  await expect(page.getByTestId('header.nav-crash')).toHaveAttribute('href', '/kz/games/crash')

  await app.languageLink('header', 'en').click()
  // The path itself, not a suffix: `/\/top$/` also matches the `/kz/top` being left, so the
  // check could pass before the switch and fail on the line after.
  await expect(page).toHaveURL((url) => url.pathname === '/top')
  await expect(app.heading).toHaveText(t('en', 'pages:top.title'))
  await app.open('/bonuses')
  expect(new URL(page.url()).pathname).toBe('/bonuses')

  // Back returns to the Kazakh page, in Kazakh.
  await page.goBack()
  await page.goBack()
  await expect(page).toHaveURL(/\/kz\/top$/)
  await expect(app.heading).toHaveText(t('kz', 'pages:top.title'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk')
})

test.describe('browser language', () => {
  test.use({ locale: 'kk-KZ' })
  test('a Kazakh browser is sent to the kz prefix on first load', async ({ page }) => {
    const app = new AppPage(page)
    await app.open('/vip-club?utm_source=x')
    await expect(page).toHaveURL(/\/kz\/vip-club\?utm_source=x$/)
    await expect(app.heading).toHaveText(t('kz', 'pages:vipClub.title'))
  })
})

test.describe('search bots', () => {
  test.use({
    locale: 'ru-RU',
    userAgent: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  })
  test('are not redirected', async ({ page }) => {
    const app = new AppPage(page)
    await app.open('/vip-club')
    expect(new URL(page.url()).pathname).toBe('/vip-club')
    await expect(app.heading).toHaveText(t('en', 'pages:vipClub.title'))
  })
})

test('phones keep a working switcher in the footer', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const app = new AppPage(page)
  await app.open('/bonuses')
  await expect(app.languageLink('header', 'ru')).toBeHidden()
  await app.languageLink('footer', 'ru').click()
  await expect(page).toHaveURL(/\/ru\/bonuses$/)
  // Nothing wider than the phone.
  expect(await horizontalOverflow(page)).toBe(0)
})
