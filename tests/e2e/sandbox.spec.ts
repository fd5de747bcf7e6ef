import { expect, test } from '@playwright/test'

// The e2e server runs with TESSERA_MODE=sandbox (playwright.config.ts): the UI must say so.
test('sandbox mode is labelled in every language', async ({ page, request }) => {
  const config = await request.get('/api/config')
  expect((await config.json()) as unknown).toMatchObject({ mode: 'sandbox' })
  const labels = { '/': 'Sandbox', '/ru/': 'Песочница', '/kz/': 'Құмсалғыш' }
  for (const [path, label] of Object.entries(labels)) {
    await page.goto(path)
    await expect(page.getByTestId('layout.sandbox-banner')).toContainText(label)
  }
})
