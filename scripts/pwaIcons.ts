/**
 * Draws the web manifest's PNG icons (public/icons/) from the favicon's mosaic with the system
 * Chromium the e2e suite uses, so no image library is needed: `npx tsx scripts/pwaIcons.ts`.
 * The icons are committed; run this again only when the mark changes.
 *
 * - icon-192.png, icon-512.png: the favicon's rounded tile, corners transparent;
 * - maskable-512.png: a full-bleed tile with the mosaic inside the central 80% circle that every
 *   platform's mask keeps (https://web.dev/articles/maskable-icon).
 */
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const MOSAIC = `<rect x="3" y="3" width="10" height="10" rx="2.5" fill="#22d47b"/><rect x="15" y="3" width="10" height="10" rx="2.5" fill="#283049"/><rect x="3" y="15" width="10" height="10" rx="2.5" fill="#283049"/><rect x="15" y="15" width="10" height="10" rx="2.5" fill="#f6c244"/>`

const tile = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#0c0e16"/>${MOSAIC}</svg>`

/** The 28-unit mosaic scaled to 56% of the tile and centred: its corners stay inside the 80% circle. */
const maskable = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28"><rect width="28" height="28" fill="#0c0e16"/><g transform="translate(6.16 6.16) scale(0.56)">${MOSAIC}</g></svg>`

const out = join(import.meta.dirname, '..', 'public', 'icons')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
try {
  for (const [file, size, svg] of [
    ['icon-192.png', 192, tile(192)],
    ['icon-512.png', 512, tile(512)],
    ['maskable-512.png', 512, maskable(512)],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(`<body style="margin:0">${svg}</body>`)
    await page.locator('svg').screenshot({ path: join(out, file), omitBackground: true })
    await page.close()
  }
} finally {
  await browser.close()
}
