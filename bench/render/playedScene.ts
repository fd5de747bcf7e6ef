/**
 * A game page played by its own buttons while its canvas is sampled: the reference server's
 * seeded demo player signed in, a loop in the page that clicks, at a steady pace, the first of a
 * list of buttons that is there and enabled, and then, the game left for the lobby, an empty stage
 * of the canvas's size sampled the same way on the same page. Keno's board and the stateful
 * scenes (bench/render/kenoBoard.ts, bench/render/statefulScenes.ts) are run through it.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { demoToken } from '../referenceServer'
import { VIEWPORT, leaveToLobby, runningCanvas } from './page'
import { onEmptyStage } from './sampling'

/** A scene sampled while played, and its empty stage. */
export interface PlayedSceneRun<R> {
  scene: R
  empty: R
  size: { width: number; height: number }
  /** Clicks the page made while sampled, one count per selector of the play list. */
  clicks: number[]
}

/** How a page is played: what its canvas is called and which buttons, in order, are clicked. */
export interface PlayList {
  /** The canvas's scene name in the test hook. */
  scene: string
  /**
   * CSS selectors tried in order each beat; the first one present and enabled (neither `disabled`
   * nor `aria-disabled`, which some boards use to keep their focus) is clicked.
   */
  buttons: readonly string[]
  /** The beat, in ms. */
  everyMs: number
}

/** A new browser context with the demo player's session cookie, and a page in it. */
export async function signedInPage(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const token = await demoToken(origin)
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.addCookies([{ name: 'token', value: token, url: origin }])
  return { context, page: await context.newPage() }
}

/**
 * Plays the open page by `play` while `measure` samples its canvas, then leaves to the lobby and
 * measures an empty stage of the canvas's size on the same page.
 */
export async function samplePlayedScene<R>(
  page: Page,
  play: PlayList,
  measure: (page: Page, canvasId: number) => Promise<R>,
): Promise<PlayedSceneRun<R>> {
  const canvas = await runningCanvas(page, play.scene)
  // In-page code is a string (bench/render/page.ts says why); the clicks are the page's own, so
  // the scene sees what a player's would cause, without Playwright's round trips in the beat.
  await page.evaluate(`(() => {
    const buttons = ${JSON.stringify(play.buttons)}
    window.__benchClicks = buttons.map(() => 0)
    window.__benchPlaying = setInterval(() => {
      for (let i = 0; i < buttons.length; i++) {
        const button = document.querySelector(buttons[i])
        if (button && !button.disabled && button.getAttribute('aria-disabled') !== 'true') {
          button.click()
          window.__benchClicks[i]++
          return
        }
      }
    }, ${play.everyMs})
  })()`)
  const scene = await measure(page, canvas.id)
  const clicks = (await page.evaluate(
    '(() => { clearInterval(window.__benchPlaying); return window.__benchClicks })()',
  )) as number[]
  const size = canvas.size ?? (await runningCanvas(page, play.scene)).size
  if (!size) throw new Error(`[bench/render] the ${play.scene} canvas has no size`)
  // To the lobby client-side, as crash's run does before its empty stage: the hook stays.
  await leaveToLobby(page, play.scene)
  const empty = await onEmptyStage(page, size, measure)
  return { scene, empty, size, clicks }
}
