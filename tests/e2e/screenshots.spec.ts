import { expect, test } from '@playwright/test'
import { AppPage } from './pages/AppPage'
import { horizontalOverflow } from './support/layout'
import { LOCALES } from './support/locales'

/**
 * Screenshots for review (not a visual diff): home, a game route, /no-access and the 404 page at
 * a phone and a desktop width in every language, saved to test-results/screenshots/. Each shot
 * also asserts that nothing is wider than the viewport.
 */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'crash', path: '/games/crash' },
  { name: 'no-access', path: '/no-access' },
  { name: 'not-found', path: '/no/such-page' },
] as const
const WIDTHS = [375, 1440] as const

for (const locale of LOCALES) {
  for (const width of WIDTHS) {
    test(`screenshots ${locale.code} ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
      const app = new AppPage(page)
      for (const { name, path } of PAGES) {
        await app.open(locale.prefix + (path === '/' && locale.prefix ? '' : path))
        await page.evaluate(() => document.fonts.ready)
        expect(await horizontalOverflow(page), `${name} overflows at ${width}px`).toBe(0)
        await page.screenshot({
          path: `test-results/screenshots/${locale.code}-${name}-${width}.png`,
          fullPage: true,
        })
      }
    })
  }
}
