/**
 * bundle: builds the client and measures, compressed with gzip and brotli, the JavaScript and CSS
 * that `/` loads before it is interactive, and what each game route adds on top. What a page
 * loads is observed in Chromium (so lazy chunks count exactly when the app fetches them), and the
 * bytes are compressed here from dist/ at maximum levels, as a CDN would serve them. The pages
 * are served by the reference server's own delivery, and the bytes it actually sends (the brotli
 * files the build writes) are reported beside them.
 */
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Benchmark, Figure } from './harness'
import { launchChromium } from './browser'
import { GAME_ROUTE_GZIP_BUDGET_KB, LOBBY_GZIP_BUDGET_KB } from './bundleBudget'
import { bytesSent, serveLikeReferenceServer } from './referenceDelivery'
import { GAMES } from '../games/registry'
import { ROUTES } from '../src/routes/table'

const root = join(import.meta.dirname, '..')
// A separate output folder, so a benchmark never races a build of the app's own dist/.
const dist = join(root, '.bench-dist')

/**
 * What shows that a page has loaded what it needs: the header for every page (the app has
 * mounted), and for a built game page its own root. `networkidle` alone is not enough: on a busy
 * machine the app can spend more than its 500 ms quiet window between mounting and asking for a
 * lazy page, and the chunks of that page would go uncounted.
 */
const readySelectors: Readonly<Record<string, string>> = Object.fromEntries(
  // A game's page is ready when its canvas is there; the cases catalogue has none (a case's own
  // page has), so it ends on the quiet spell alone.
  ['crash', 'dice', 'roulette', 'keno'].map((id) => [
    `/games/${id}`,
    `[data-testid="${id}.game"] canvas`,
  ]),
)
const HEADER = '[data-testid="layout.header"]'
/** After the page is ready, this long without a new JS or CSS request ends the observation. */
const QUIET_MS = 1500

/**
 * Game routes whose extra weight is reported: every `/games/<name>` of the route table, the
 * registry's games (games/registry.ts) first, then the pages still to come.
 */
const gameRoutes = ROUTES.filter((route) => /^\/games\/[a-z-]+$/.test(route.path))
  .map((route) => route.path)
  .sort((a, b) => Number(!isRegistered(a)) - Number(!isRegistered(b)))

function isRegistered(path: string): boolean {
  return GAMES.some((game) => path === `/games/${game.id}`)
}

interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

const sizeCache = new Map<string, Sizes>()
async function sizesOf(path: string): Promise<Sizes> {
  const cached = sizeCache.get(path)
  if (cached) return cached
  const body = await readFile(join(dist, path))
  const sizes = {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  }
  sizeCache.set(path, sizes)
  return sizes
}

async function total(paths: Iterable<string>): Promise<Sizes> {
  const sum: Sizes = { raw: 0, gzip: 0, brotli: 0 }
  for (const p of paths) {
    const s = await sizesOf(p)
    sum.raw += s.raw
    sum.gzip += s.gzip
    sum.brotli += s.brotli
  }
  return sum
}

const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10

/** What the reference server sends for these files to a browser that accepts brotli. */
async function sent(origin: string, paths: Iterable<string>): Promise<number> {
  let sum = 0
  for (const p of paths) sum += await bytesSent(origin, p)
  return sum
}

export const bundle: Benchmark = {
  name: 'bundle',
  description:
    'Production build; gzip and brotli size of the JS and CSS that / loads before it is interactive, and of what each game route adds.',
  async run() {
    execFileSync(
      'npx',
      ['vite', 'build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    )
    const server = await serveLikeReferenceServer(dist)
    const browser = await launchChromium()
    try {
      const loaded = async (path: string): Promise<Set<string>> => {
        const page = await browser.newPage()
        const assets = new Set<string>()
        let lastRequest = performance.now()
        page.on('request', (req) => {
          const url = new URL(req.url())
          if (url.origin === server.origin && /\.(js|css)$/.test(url.pathname)) {
            assets.add(url.pathname)
            lastRequest = performance.now()
          }
        })
        await page.goto(server.origin + path, { waitUntil: 'networkidle' })
        await page.waitForSelector(HEADER, { timeout: 30_000 })
        const ready = readySelectors[path]
        if (ready) await page.waitForSelector(ready, { state: 'attached', timeout: 60_000 })
        while (performance.now() - lastRequest < QUIET_MS) {
          await page.waitForTimeout(QUIET_MS - (performance.now() - lastRequest))
        }
        await page.close()
        return assets
      }
      const lobby = await loaded('/')
      const lobbySizes = await total(lobby)
      const js = await total([...lobby].filter((p) => p.endsWith('.js')))
      const figures: Figure[] = [
        {
          name: 'lobby first-load JS',
          value: kb(js.gzip),
          unit: 'KB gzip',
          budget: LOBBY_GZIP_BUDGET_KB,
        },
        { name: 'lobby first-load JS', value: kb(js.brotli), unit: 'KB brotli' },
        {
          name: 'lobby first-load JS, sent by the reference server',
          value: kb(
            await sent(
              server.origin,
              [...lobby].filter((p) => p.endsWith('.js')),
            ),
          ),
          unit: 'KB brotli',
        },
        { name: 'lobby first-load JS+CSS', value: kb(lobbySizes.gzip), unit: 'KB gzip' },
        {
          name: 'lobby first-load JS+CSS, sent by the reference server',
          value: kb(await sent(server.origin, lobby)),
          unit: 'KB brotli',
        },
        { name: 'lobby first-load JS+CSS', value: kb(lobbySizes.raw), unit: 'KB raw' },
      ]
      for (const route of gameRoutes) {
        const assets = await loaded(route)
        const added = [...assets].filter((a) => !lobby.has(a))
        const whole = await total(assets)
        figures.push({
          name: `${route} adds`,
          value: kb((await total(added)).gzip),
          unit: 'KB gzip',
        })
        figures.push({
          name: `${route} total`,
          value: kb(whole.gzip),
          unit: 'KB gzip',
          budget: GAME_ROUTE_GZIP_BUDGET_KB,
        })
        if (route === '/games/crash') {
          figures.push({
            name: `${route} total, sent by the reference server`,
            value: kb(await sent(server.origin, assets)),
            unit: 'KB brotli',
          })
        }
      }
      return {
        name: 'bundle',
        description: this.description,
        figures,
        meta: { lobbyAssets: [...lobby].sort() },
      }
    } finally {
      await browser.close()
      await server.close()
    }
  },
}
