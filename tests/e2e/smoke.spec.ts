import { expect, test } from '@playwright/test'

test('the app mounts', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('#root')).not.toBeEmpty()
})
