import { expect, test } from '@playwright/test'
import { AppPage } from './pages/AppPage'
import { t } from './support/locales'

const FLAGS = [
  { flag: 'signup', modal: 'Register' },
  { flag: 'login', modal: 'Login' },
  { flag: 'deposit', modal: 'PayIn' },
] as const

for (const { flag, modal } of FLAGS) {
  test(`?${flag} opens ${modal}; Escape and the close button remove the flag`, async ({ page }) => {
    const app = new AppPage(page)
    await app.open(`/?${flag}`)
    await expect(app.dialog).toBeVisible()
    await expect(app.dialogTitle).toHaveText(t('en', `modals:${modal}.title`))
    await expect(app.dialog).toHaveAttribute('aria-labelledby', 'modal-title')
    await expect(app.dialogClose).toBeFocused()
    expect(await app.seriousA11yViolations()).toEqual([])
    await page.keyboard.press('Escape')
    await expect(app.dialog).toBeHidden()
    await expect.poll(() => app.pathAndQuery()).toBe('/')

    // Another query, one the app does not act on (an unknown `promo` is dropped), stays.
    await app.open(`/ru/bonuses?${flag}=1&note=abc`)
    await expect(app.dialogTitle).toHaveText(t('ru', `modals:${modal}.title`))
    await app.dialogClose.click()
    await expect(app.dialog).toBeHidden()
    await expect.poll(() => app.pathAndQuery()).toBe('/ru/bonuses?note=abc')
  })
}

test('header buttons open log-in and sign-up, and focus returns on close', async ({ page }) => {
  const app = new AppPage(page)
  await app.open('/kz/top')
  await app.loginButton.click()
  await expect(app.dialogTitle).toHaveText(t('kz', 'modals:Login.title'))
  await expect(page).toHaveURL(/\/kz\/top\?login=$/)
  await page.keyboard.press('Escape')
  await expect(app.dialog).toBeHidden()
  await expect(app.loginButton).toBeFocused()
  await expect.poll(() => app.pathAndQuery()).toBe('/kz/top')

  await app.registerButton.click()
  await expect(app.dialogTitle).toHaveText(t('kz', 'modals:Register.title'))
  // The page behind a modal dialog is inert: Tab never reaches an element outside it.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab')
    const outside = await page.evaluate(() => {
      const active = document.activeElement
      return active !== null && active !== document.body && active.closest('dialog') === null
    })
    expect(outside).toBe(false)
  }
})
