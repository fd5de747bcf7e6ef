import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  GAME_ROUTE_GZIP_BUDGET_KB,
  LOBBY_GZIP_BUDGET_KB,
  gzipKb,
  readBuiltClient,
} from '../../bench/bundleBudget'

/**
 * The bundle's byte budgets (bench/bundleBudget.ts) on the production build: `npm run check` runs
 * this after `npm run build` (`npm run test:budget`), since it reads `dist/` (or DIST_DIR).
 * Bytes are the same every build of the same code, so these are exact, unlike timings.
 */
const dist = process.env.DIST_DIR ?? join(import.meta.dirname, '..', '..', 'dist')

describe('bundle budgets', () => {
  if (!existsSync(join(dist, 'routes.json'))) {
    it('has a build to measure', () => {
      throw new Error(`[budget] no build in ${dist}: run \`npm run build\` first`)
    })
    return
  }
  const client = readBuiltClient(dist)

  it(`keeps the lobby's first-load JS within ${LOBBY_GZIP_BUDGET_KB} KB gzip`, () => {
    const js = [...client.lobby].filter((f) => f.endsWith('.js'))
    expect(js.length).toBeGreaterThan(0)
    expect(gzipKb(client, js)).toBeLessThanOrEqual(LOBBY_GZIP_BUDGET_KB)
  })

  it('measures every game route with a page of its own, crash among them', () => {
    expect([...client.routes.keys()]).toContain('/games/crash')
    for (const [route, files] of client.routes) {
      // The three rooms at a glance draw no canvas (each room's page does).
      if (route === '/games/rooms') continue
      // A page with a canvas that loaded no scene would measure too little, and pass unseen.
      expect([...files].some((f) => /Scene-[\w-]+\.js$/.test(f))).toBe(true)
      // The renderer goes out in the canvas chunk (scripts/vite/chunks.ts), or alone if that is undone.
      expect([...files].some((f) => /\/(canvas|WebGLRenderer)-[\w-]+\.js$/.test(f))).toBe(true)
    }
  })

  it(`keeps each game route's JS and CSS within ${GAME_ROUTE_GZIP_BUDGET_KB} KB gzip`, () => {
    const sizes = [...client.routes].map(([route, files]) => [route, gzipKb(client, files)])
    const over = sizes.filter(([, kb]) => (kb as number) > GAME_ROUTE_GZIP_BUDGET_KB)
    expect(over, `routes over budget, KB gzip: ${JSON.stringify(sizes)}`).toEqual([])
  })
})
