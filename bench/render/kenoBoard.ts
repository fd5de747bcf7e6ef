/**
 * The keno board for the render benchmark: the real keno page on the reference server (a child
 * process over the test build, bench/referenceServer.ts), the seeded demo player signed in, ten
 * numbers auto-picked, and a 1 RUB bet every 800 ms, so the board is nearly always lighting a
 * draw (ten tiles 60 ms apart, each with its pulse) or showing its result. Its canvas is then
 * sampled as crash's is, and an empty stage of the same size on the same page, once the game is
 * left, is the baseline (bench/render/playedScene.ts).
 */
import type { Browser, Page } from '@playwright/test'
import { freePort, startReferenceServer } from '../referenceServer'
import { samplePlayedScene, signedInPage, type PlayList } from './playedScene'

/** A bet every 800 ms: a draw's 600 ms reveal, its pulses and a short still result. */
const KENO: PlayList = {
  scene: 'keno',
  buttons: ['[data-testid="keno.bet-button"]'],
  everyMs: 800,
}

/** What the render benchmark samples: the keno canvas, then an empty stage of its size. */
export interface KenoBoardRun<R> {
  board: R
  empty: R
  size: { width: number; height: number }
  /** Bets the page placed while it was sampled (each answered by the server). */
  bets: number
}

/**
 * Opens the keno page as the demo player, bets while `sample` runs on its canvas, then goes to the
 * lobby and samples an empty stage of the same size on the same page with `sample` again.
 */
export async function sampleKenoBoard<R>(
  browser: Browser,
  dist: string,
  sample: (page: Page, canvasId: number) => Promise<R>,
): Promise<KenoBoardRun<R>> {
  const { origin, child } = await startReferenceServer(await freePort(), dist)
  try {
    const { context, page } = await signedInPage(browser, origin)
    await page.goto(`${origin}/games/keno`)
    await page.getByTestId('keno.auto-pick').click()
    const run = await samplePlayedScene(page, KENO, sample)
    await context.close()
    return { board: run.scene, empty: run.empty, size: run.size, bets: run.clicks[0] ?? 0 }
  } finally {
    child.kill()
  }
}
