/**
 * The case strip for the render benchmark: the reference server in-process (throwaway `memory://`
 * database, sandbox mode, the demo cases seeded) serving the test build, and a guest's demo spins
 * of five cases on `/games/cases/pocket`, back to back: the same scene, five strips spinning and
 * easing onto their items, with no money involved (a guest's spin never reaches the server).
 */
import type { Page } from '@playwright/test'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { migrate } from '../../server/db/migrate'
import { openDb } from '../../server/db/open'
import { seedDemo } from '../../server/db/seed'
import { Ledger } from '../../server/ledger/ledger'
import { attachRealtime } from '../../server/realtime/attach'
import { spinDuration } from '../../games/cases/scene/caseView'
import {
  drawnCanvas,
  runningCanvas,
  startPageSampler,
  stopPageSampler,
  type PageSamples,
} from './page'
import type { CanvasInspection } from '../../games/engine/canvas'

/** How long one five-case spin runs, and the page's pause before the next. */
export const FIVE_STRIP_SPIN_MS = spinDuration(5)

/** Starts the reference server on a free port, serving `dist`. */
export async function startCasesServer(dist: string) {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    TESSERA_MODE: 'sandbox',
    SEED_DEMO: 'true',
    SCRYPT_N: '1024',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DIST_DIR: dist,
  })
  const db = await openDb({ dataDir: config.dataDir })
  await migrate(db)
  const { app, services } = await buildApp({ config, db, logger: false })
  await seedDemo(db, new Ledger(db), config.scryptN)
  await app.listen({ port: 0, host: config.host })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('[bench/render] no server address')
  const quiet = { info: () => {}, error: (obj: unknown, msg?: string) => console.error(msg, obj) }
  const realtime = await attachRealtime(app.server, services, { log: quiet })
  return {
    origin: `http://127.0.0.1:${address.port}`,
    async close() {
      await realtime.close()
      await app.close()
      await db.close()
    },
  }
}

/** How long the page settles after its canvas first draws, as the other subjects warm up. */
const WARM_UP_MS = 2000

/**
 * Opens a case's page as a guest, five cases chosen, and waits until its canvas has drawn and the
 * page has settled: the first frame compiles the renderer's shaders (a second and more of
 * SwiftShader on a busy machine), a cost of loading the page that the opening must not be charged.
 */
export async function openCasePage(page: Page, origin: string): Promise<CanvasInspection> {
  await page.goto(`${origin}/games/cases/pocket`)
  await page.getByTestId('cases.count-5').check()
  await runningCanvas(page, 'cases')
  const canvas = await drawnCanvas(page, 'cases', 3)
  await page.waitForTimeout(WARM_UP_MS)
  return canvas
}

/** Starts a five-case demo spin. */
export async function spinFive(page: Page): Promise<void> {
  await page.getByTestId('cases.demo-button').click()
}

/** The long tasks and frame intervals of one five-strip spin, from its click to its rest. */
export async function oneFiveStripSpin(page: Page): Promise<PageSamples> {
  await startPageSampler(page)
  await spinFive(page)
  await page.waitForTimeout(FIVE_STRIP_SPIN_MS + 300)
  return stopPageSampler(page)
}
