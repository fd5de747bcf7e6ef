import { expect, test } from '@playwright/test'
import { AppPage } from './pages/AppPage'
import { layoutAtWidths } from './support/layout'
import { LOCALES } from './support/locales'

/**
 * The shell's own pages at a phone and a desktop width in every language: home, a game route,
 * /no-access and the 404 page. Nothing may be wider than the viewport; with `E2E_SCREENSHOTS=1`
 * each is saved to test-results/screenshots/ for review (not a visual diff). One load per page:
 * the language is switched in place with the page's switcher (the footer's, or /no-access's own),
 * the width by resizing.
 */
const PAGES = [
  { name: 'home', path: '/', switcher: 'footer' },
  { name: 'crash', path: '/games/crash', switcher: 'footer' },
  { name: 'no-access', path: '/no-access', switcher: 'page' },
  { name: 'not-found', path: '/no/such-page', switcher: 'footer' },
] as const

for (const { name, path, switcher } of PAGES) {
  test(`${name} fits 375 and 1440 px in en, ru and kz`, async ({ page }) => {
    const app = new AppPage(page)
    await app.open(path)
    for (const locale of LOCALES) {
      await app.languageLink(switcher, locale.code).click()
      await expect(page.locator('html')).toHaveAttribute('lang', locale.htmlLang)
      await expect(page).toHaveURL(
        new RegExp(`^[^?]*:\\d+${locale.prefix}${path === '/' ? '' : path}/?$`),
      )
      await page.evaluate(() => document.fonts.ready)
      await layoutAtWidths(page, { name, locale: locale.code, ready: app.heading })
    }
  })
}
