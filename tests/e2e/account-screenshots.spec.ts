import { expect, test } from '@playwright/test'

import { AppPage } from './pages/AppPage'
import { logInByApi, ProfilePage, useToken } from './pages/ProfilePage'
import { layoutAtWidths } from './support/layout'
import { LOCALES } from './support/locales'

/**
 * The account surfaces at a phone and a desktop width in every language: the Login modal, and
 * the profile with the signed-in header and the verification block. Nothing may be wider than
 * the viewport; with `E2E_SCREENSHOTS=1` each is saved to test-results/screenshots/ for review
 * (not a visual diff). The width changes by resizing the page in place.
 */

test('the Login modal fits 375 and 1440 px in en, ru and kz', async ({ page }) => {
  const app = new AppPage(page)
  // A modal dialog makes the page behind it, and so its language switcher, inert: each language
  // is its own load.
  for (const locale of LOCALES) {
    await app.open(`${locale.prefix || '/'}?login`)
    await expect(app.dialog).toHaveAttribute('data-modal', 'Login')
    const forgot = page.getByTestId('login.forgot-password')
    await expect(forgot).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    await layoutAtWidths(page, { name: 'login-modal', locale: locale.code, ready: forgot })
  }
})

test('the profile, signed in, fits 375 and 1440 px in en, ru and kz', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const app = new AppPage(page)
  await useToken(context, baseURL ?? '', await logInByApi(request))
  const profile = new ProfilePage(page)
  await profile.open()
  // The language switched in place, as a player switches it.
  for (const locale of LOCALES) {
    await app.languageLink('footer', locale.code).click()
    await expect(page.locator('html')).toHaveAttribute('lang', locale.htmlLang)
    await expect(page).toHaveURL(new RegExp(`^[^?]*:\\d+${locale.prefix}/profile$`))
    await expect(profile.verifyButton).toBeVisible()
    await expect(page.getByTestId('header.balance')).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    await layoutAtWidths(page, {
      name: 'profile',
      locale: locale.code,
      ready: profile.verifyButton,
    })
  }
})
