import { join } from 'node:path'
import { expect, test } from '@playwright/test'

import { AppPage } from './pages/AppPage'
import { logInByApi, ProfilePage, useToken } from './pages/ProfilePage'
import { horizontalOverflow } from './support/layout'
import { LOCALES } from './support/locales'

/**
 * Screenshots of the account surfaces for review (not a visual diff), saved to
 * <output dir>/screenshots/ (test-results/ unless --output says otherwise): the Login modal, the signed-in header and the profile's
 * verification block, at a phone and a desktop width in every language. Each asserts that
 * nothing is wider than the viewport.
 */
const WIDTHS = [375, 1440] as const

for (const locale of LOCALES) {
  for (const width of WIDTHS) {
    test(`account screenshots ${locale.code} ${width}px`, async ({
      page,
      context,
      request,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
      const app = new AppPage(page)
      const shot = async (name: string) => {
        await page.evaluate(() => document.fonts.ready)
        expect(await horizontalOverflow(page), `${name} overflows at ${width}px`).toBe(0)
        await page.screenshot({
          path: join(
            testInfo.project.outputDir,
            'screenshots',
            `${locale.code}-${name}-${width}.png`,
          ),
        })
      }

      await app.open(`${locale.prefix || '/'}?login`)
      await expect(app.dialog).toHaveAttribute('data-modal', 'Login')
      await expect(page.getByTestId('login.forgot-password')).toBeVisible()
      await shot('login-modal')

      await useToken(context, baseURL ?? '', await logInByApi(request))
      const profile = new ProfilePage(page)
      await profile.open('', locale.prefix)
      await expect(profile.verifyButton).toBeVisible()
      await profile.verification.scrollIntoViewIfNeeded()
      await shot('profile-verification')
      await page.evaluate(() => window.scrollTo(0, 0))
      await shot('header-signed-in')
    })
  }
}
