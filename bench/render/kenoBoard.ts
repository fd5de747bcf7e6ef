/**
 * The keno board for the render benchmark: the real keno page on the reference server (a child
 * process over the test build, bench/referenceServer.ts), the seeded demo player signed in, ten
 * numbers auto-picked, and a 1 RUB bet every 800 ms, so the board is nearly always lighting a
 * draw (ten tiles 60 ms apart, each with its pulse) or showing its result. Its canvas is then
 * sampled as crash's is, and an empty stage of the same size on the same page, once the game is left, is the baseline.
 */
import type { Browser, Page } from '@playwright/test'
import { demoToken, freePort, startReferenceServer } from '../referenceServer'
import { VIEWPORT, runningCanvas } from './page'

/** How often the page bets: a draw's 600 ms reveal, its pulses and a short still result. */
const BET_EVERY_MS = 800

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
    const token = await demoToken(origin)
    const context = await browser.newContext({ viewport: VIEWPORT })
    await context.addCookies([{ name: 'token', value: token, url: origin }])
    const page = await context.newPage()
    await page.goto(`${origin}/games/keno`)
    await page.getByTestId('keno.auto-pick').click()
    const canvas = await runningCanvas(page, 'keno')
    await page.evaluate(`(() => {
      window.__kenoBets = 0
      window.__kenoBetting = setInterval(() => {
        const button = document.querySelector('[data-testid="keno.bet-button"]')
        if (button && !button.disabled) {
          button.click()
          window.__kenoBets++
        }
      }, ${BET_EVERY_MS})
    })()`)
    const board = await sample(page, canvas.id)
    const bets = (await page.evaluate(
      '(() => { clearInterval(window.__kenoBetting); return window.__kenoBets })()',
    )) as number
    const size = canvas.size ?? (await runningCanvas(page, 'keno')).size
    if (!size) throw new Error('[bench/render] the keno canvas has no size')
    // To the lobby (client-side, the hook stays), as crash's run does before its empty stage.
    await page.getByTestId('header.logo').dispatchEvent('click')
    await page.waitForFunction("window.__tesseraCanvas.find('keno') === null")
    const emptyId = (await page.evaluate(
      `window.__tesseraCanvas.mountEmptyStage(${JSON.stringify({ width: size.width, height: size.height })})`,
    )) as number
    const empty = await sample(page, emptyId)
    await page.evaluate(`window.__tesseraCanvas.release(${emptyId})`)
    await context.close()
    return { board, empty, size, bets }
  } finally {
    child.kill()
  }
}
