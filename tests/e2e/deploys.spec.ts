import { expect, test } from '@playwright/test'
import { AppPage } from './pages/AppPage'

/**
 * Safe deploys (src/features/deploys): an open tab learns of a new client from
 * `builds/latest.json` and offers a reload; a chunk the old client can no longer load (replaced by
 * the deploy) reloads the page at the address the player was going to.
 */

test('a deploy shows the update notice, and Reload loads the new client', async ({ page }) => {
  const app = new AppPage(page)
  await app.open('/ru/')
  const own = (await (await page.request.get('/builds/latest.json?t=1')).json()) as { id: string }
  expect(own.id).toMatch(/^assets\/.+\.js$/)
  // The tab polls every minute and whenever it becomes visible: a deploy is a new id.
  await page.route('**/builds/latest.json?*', (route) =>
    route.fulfill({ json: { id: 'assets/index-next.js' } }),
  )
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  const notice = page.getByTestId('update-notice')
  await expect(notice).toContainText('Готова новая версия Tessera.')
  await Promise.all([page.waitForEvent('load'), page.getByTestId('update-notice.reload').click()])
  await expect(app.heading).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/ru/')
})

test('a chunk gone after a deploy reloads the page at the game the player opened', async ({
  page,
}) => {
  const app = new AppPage(page)
  await app.open('/faq')
  // The old client's dice chunk was replaced by the deploy: 404, as the server answers a missing
  // asset, until the page is loaded anew (the new document gets the new client's chunks).
  let reloaded = false
  page.on('request', (request) => {
    if (request.isNavigationRequest()) reloaded = true
  })
  await page.route('**/assets/dice-*.js', (route) =>
    reloaded ? route.continue() : route.fulfill({ status: 404, body: 'not found' }),
  )
  const load = page.waitForEvent('load')
  await app.navigateInApp('/games/dice')
  await load
  expect(reloaded).toBe(true)
  await expect(page.getByTestId('page.title')).toHaveText('Dice')
  expect(new URL(page.url()).pathname).toBe('/games/dice')
  // The app's guarded reload did it (src/features/deploys/chunkReload.ts), which keeps its time.
  const at = await page.evaluate(() => sessionStorage.getItem('tessera.chunkReloadAt'))
  expect(Number(at)).toBeGreaterThan(0)
})
