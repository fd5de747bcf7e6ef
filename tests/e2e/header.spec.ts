import { expect, test } from '@playwright/test'

import { AppPage } from './pages/AppPage'
import { logInByApi, useToken } from './pages/ProfilePage'
import { horizontalOverflow } from './support/layout'
import { LOCALES } from './support/locales'

/**
 * The signed-in header on phones: nothing wider than the screen, and the balance and the
 * Deposit button stay whole and on screen (the log-out button shrinks to its icon instead).
 */
for (const locale of LOCALES) {
  test(`the signed-in header fits 360 and 375 px phones (${locale.code})`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await useToken(context, baseURL ?? '', await logInByApi(request))
    const app = new AppPage(page)
    const balance = page.getByTestId('header.balance')
    const deposit = page.getByTestId('header.deposit-button')
    const logout = page.getByTestId('header.logout-button')
    for (const width of [360, 375]) {
      await page.setViewportSize({ width, height: 740 })
      await app.open(locale.prefix || '/')
      await expect(balance).toBeVisible()
      await page.evaluate(() => document.fonts.ready)
      expect(
        await horizontalOverflow(page),
        `header overflows at ${width}px in ${locale.code}`,
      ).toBe(0)
      for (const control of [balance, deposit, logout]) {
        const box = await control.boundingBox()
        expect(box, `${width}px ${locale.code}`).not.toBeNull()
        expect(box!.x).toBeGreaterThanOrEqual(0)
        expect(box!.x + box!.width).toBeLessThanOrEqual(width)
      }
      // The amount is shown whole, not cut by an ellipsis or the edge of its box.
      expect(await balance.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      await expect(logout).toHaveAccessibleName(/\S/)
    }
  })
}
