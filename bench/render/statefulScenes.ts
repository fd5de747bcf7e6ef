/**
 * The stateful games' scenes for the render benchmark: miner, hilo and coinflip, each on its real
 * page on one reference server (a child process over the test build, bench/referenceServer.ts),
 * the seeded demo player signed in and playing through the page's own buttons every 800 ms (a
 * bet, then a step each beat, and a bet again once the round has ended), so the scene is nearly
 * always turning a tile, a card or the coin. Each canvas is sampled as keno's is, against an empty
 * stage of its size on the same page once the game is left (bench/render/playedScene.ts).
 */
import type { Browser, Page } from '@playwright/test'
import { freePort, startReferenceServer } from '../referenceServer'
import { samplePlayedScene, signedInPage, type PlayList, type PlayedSceneRun } from './playedScene'

/** One beat: longer than each scene's step animation (coinflip's 700 ms landing is the longest). */
const EVERY_MS = 800

/**
 * Each game's play: the bet button comes first (it is there only before a round and after one
 * ends), then the steps the round offers.
 */
const PLAYS: readonly PlayList[] = [
  {
    scene: 'miner',
    buttons: [
      '[data-testid="miner.bet-button"]',
      '[data-testid^="miner.tile-"][data-face="hidden"]',
    ],
    everyMs: EVERY_MS,
  },
  {
    scene: 'hilo',
    buttons: [
      '[data-testid="hilo.bet-button"]',
      '[data-testid="hilo.guess-up"]',
      '[data-testid="hilo.guess-down"]',
      '[data-testid="hilo.skip"]',
    ],
    everyMs: EVERY_MS,
  },
  {
    scene: 'coinflip',
    buttons: ['[data-testid="coinflip.bet-button"]', '[data-testid="coinflip.call-heads"]'],
    everyMs: EVERY_MS,
  },
]

/** A stateful scene's run: its samples, its empty stage's, and the rounds and steps played. */
export interface StatefulSceneRun<R> extends Omit<PlayedSceneRun<R>, 'clicks'> {
  game: string
  /** Rounds opened while sampled (bet clicks). */
  rounds: number
  /** Steps played while sampled (tiles, guesses and skips, calls). */
  steps: number
}

/**
 * Opens each stateful game's page as the demo player, plays it while `sample` runs on its canvas,
 * then samples an empty stage of the same size on the same page with `sample` again.
 */
export async function sampleStatefulScenes<R>(
  browser: Browser,
  dist: string,
  sample: (page: Page, canvasId: number) => Promise<R>,
): Promise<StatefulSceneRun<R>[]> {
  const { origin, child } = await startReferenceServer(await freePort(), dist)
  try {
    const runs: StatefulSceneRun<R>[] = []
    for (const play of PLAYS) {
      const { context, page } = await signedInPage(browser, origin)
      await page.goto(`${origin}/games/${play.scene}`)
      const { clicks, ...run } = await samplePlayedScene(page, play, sample)
      await context.close()
      const [rounds = 0, ...steps] = clicks
      runs.push({ ...run, game: play.scene, rounds, steps: steps.reduce((a, b) => a + b, 0) })
    }
    return runs
  } finally {
    child.kill()
  }
}
