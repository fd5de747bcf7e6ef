import { expect, test } from '@playwright/test'

/**
 * The built client as the reference server delivers it: every script and stylesheet the page
 * names goes out as the build compressed it (brotli, gzip), cached a year as immutable, while the
 * page itself is revalidated and an unknown path still gets the app's not-found page.
 */
test('scripts and styles go out compressed at build time and cached; pages revalidate', async ({
  request,
}) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } })
  expect(page.status()).toBe(200)
  expect(page.headers()['cache-control']).toBe('no-cache')
  const html = await page.text()
  expect(html).toContain('data-mode="sandbox"')
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  )
  expect(assets.some((a) => a.endsWith('.js'))).toBe(true)
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true)
  for (const path of assets) {
    for (const encoding of ['br', 'gzip']) {
      const res = await request.get(path, { headers: { 'accept-encoding': encoding } })
      expect(res.status(), path).toBe(200)
      expect(res.headers()['content-encoding'], `${path} ${encoding}`).toBe(encoding)
      expect(res.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable')
      expect(res.headers()['vary'], path).toMatch(/accept-encoding/i)
    }
  }
  const missing = await request.get('/no/such/page')
  expect(missing.status()).toBe(404)
  expect(await missing.text()).toContain('<div id="root">')
})
