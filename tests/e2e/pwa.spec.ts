import { expect, test, type APIResponse, type Page } from '@playwright/test'
import { AppPage } from './pages/AppPage'

/**
 * The installable app (src/features/pwa): the web manifest and its icons, the service worker
 * that precaches the shell, the offline start, and the install banner that never comes back
 * once dismissed.
 */

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

function expectRevalidated(response: APIResponse): void {
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('no-cache')
}

/** Waits until the service worker controls the page: its install (the precache) is done. */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)
}

test('the manifest and the worker are served fresh, and Chromium finds the app installable', async ({
  page,
  request,
}) => {
  const manifestResponse = await request.get('/manifest.webmanifest')
  expectRevalidated(manifestResponse)
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await manifestResponse.json()) as {
    name: string
    start_url: string
    display: string
    icons: { src: string; sizes: string; type: string; purpose?: string }[]
  }
  expect(manifest).toMatchObject({ name: 'Tessera', start_url: '/', display: 'standalone' })
  const sizes = manifest.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)
  expect(sizes).toEqual(['192x192', '512x512', '512x512 maskable'])
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src)
    expect(file.headers()['content-type']).toBe('image/png')
    const [width, height] = pngSize(await file.body())
    expect(`${width}x${height}`).toBe(icon.sizes)
  }

  const worker = await request.get('/sw.js')
  expectRevalidated(worker)
  expect(worker.headers()['content-type']).toContain('javascript')

  const app = new AppPage(page)
  await app.open('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  )
  expect(await controlled(page)).toMatch(/\/sw\.js$/)
  // Chromium's own verdict on installing the page as an app (manifest, icons, worker, origin).
  // A Playwright context is an incognito profile, where Chromium installs nothing: that one
  // reason is the test's, every other would be the app's.
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito'])
  const parsed = await cdp.send('Page.getAppManifest')
  expect(parsed.errors).toEqual([])
  expect(parsed.url).toMatch(/\/manifest\.webmanifest$/)
})

test('with the network cut, a reload shows the app from the precache with the offline notice', async ({
  page,
  context,
}) => {
  const app = new AppPage(page)
  await app.open('/ru/')
  await controlled(page)
  await expect(page.getByTestId('pwa.offline')).toHaveCount(0)

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(app.heading).toBeVisible()
    await expect(page.getByTestId('pwa.offline')).toHaveText(
      'Нет подключения к сети. Сайт открыт с этого устройства; для игр и аккаунта нужна сеть.',
    )
    // The worker answered with its precached shell because the network failed (sw.ts).
    expect(await page.evaluate(() => document.documentElement.dataset.offline)).toBe('true')
  } finally {
    await context.setOffline(false)
  }
  await page.reload()
  await expect(app.heading).toBeVisible()
  await expect(page.getByTestId('pwa.offline')).toHaveCount(0)
})

test("the worker syncs the mirror data from the page's base URL into MyDatabase", async ({
  page,
}) => {
  const app = new AppPage(page)
  await app.open('/')
  await controlled(page)
  const record = (id: number) =>
    page.evaluate(
      (key) =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('MyDatabase', 1)
          // Not there yet: left uncreated, so the app creates it with its store.
          open.onupgradeneeded = () => open.transaction?.abort()
          open.onerror = () => resolve(null)
          open.onsuccess = () => {
            const db = open.result
            const get = db.transaction('syncStore').objectStore('syncStore').get(key)
            get.onsuccess = () => {
              resolve(get.result ?? null)
              db.close()
            }
            get.onerror = () => reject(get.error)
          }
        }),
      id,
    )
  // Record 1 is the page's (SPEC section 3), record 2 the worker's answer of GET {baseURL}/mirror.
  await expect
    .poll(() => record(1))
    .toEqual({ id: 1, baseURL: `${new URL(page.url()).origin}/api` })
  await expect
    .poll(() => record(2))
    .toMatchObject({
      id: 2,
      // The e2e server's mirror settings (playwright.config.ts): this host is where the moved
      // one points, so no redirect, and the Yandex tag the geo spec checks too.
      mirror: { redirect: null, meta_yandex_verification: 'e2e-yandex-verification', sso: null },
      syncedAt: expect.any(Number) as unknown,
    })
})

test('the install banner offers the browser prompt, and once dismissed never shows again', async ({
  page,
}) => {
  const app = new AppPage(page)
  await app.open('/')
  // Headless Chromium never offers installation itself: the test hands the app the event.
  const offer = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true })
      Object.assign(event, {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      })
      window.dispatchEvent(event)
      return event.defaultPrevented
    })
  expect(await offer()).toBe(true)
  const banner = page.getByTestId('pwa.install')
  await expect(banner).toContainText('Install Tessera')
  await page.getByTestId('pwa.install.dismiss').click()
  await expect(banner).toHaveCount(0)

  await page.reload()
  await expect(app.heading).toBeVisible()
  // Not held: the browser keeps its own install entry, the banner stays away.
  expect(await offer()).toBe(false)
  await expect(banner).toHaveCount(0)
})
