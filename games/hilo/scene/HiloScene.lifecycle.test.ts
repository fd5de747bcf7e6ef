import { describe, expect, it } from 'vitest'
import { CARDS } from '../../engine/fairness/draws'
import { createFakePlatform, settle } from '../../engine/canvas/testing/fakePlatform'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
  startScene,
} from '../../engine/canvas/testing/sceneLifecycle'
import type { HiloView } from '../protocol'
import type { HiloMove } from '../rules'
import { HiloScene } from './HiloScene'
import { toHiloSceneView, type HiloSceneView } from './hiloView'
import { GUESS_BAND, hiloLayout } from './layout'

const env = sceneTestEnv(800, 460)
const card = (label: string) => CARDS.find((c) => c.rank + c.suit === label)!.index

/** A round's view after `moves` on `labels` (its start card first). */
function viewOf(labels: string[], moves: HiloMove[], running: number, correct: number): HiloView {
  const skips = moves.filter((m) => m === 'skip').length
  return { cards: labels.map(card), moves, running, correct, skips } as HiloView
}

const at = (
  view: HiloView,
  status: 'open' | 'won' | 'lost' = 'open',
  instant = false,
  roundId = 'r-1',
): HiloSceneView => toHiloSceneView({ roundId, status, view }, instant, 'en')

const START = viewOf(['7♦'], [], 10_000, 0)
const ONE = viewOf(['7♦', '9♥'], ['higherOrSame'], 18_385, 1)
const TWO = viewOf(['7♦', '9♥', '3♣'], ['higherOrSame', 'skip'], 18_385, 1)
const LOST = viewOf(['7♦', '9♥', '3♣', 'A♠'], ['higherOrSame', 'skip', 'higherOrSame'], 0, 1)

/** A round as the scene sees it: none, the start card, a correct guess, a skip, a loss. */
const VIEWS: readonly HiloSceneView[] = [
  toHiloSceneView(null, false, 'en'),
  at(START),
  at(ONE),
  at(TWO),
  at(LOST, 'lost'),
]

describe('HiloScene', () => {
  it('turns the current card over as a move takes it, and writes the row', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new HiloScene(),
      VIEWS[0]!,
    )
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ card: null, row: [], status: 'idle' })
    runtime.setSnapshot(at(START))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ card: null, settled: false, row: ['7♦'] })
    for (let t = 0; t < 400; t += 50) app.ticker.tick(50)
    expect(scene!.inspect()).toMatchObject({ card: '7♦', settled: true })
    runtime.setSnapshot(at(ONE))
    app.ticker.tick(16)
    // Half way through the turn the old face still shows; then the new one.
    expect(scene!.inspect()).toMatchObject({ card: '7♦', row: ['7♦', '9♥ ≥ 1.83×'] })
    for (let t = 0; t < 400; t += 50) app.ticker.tick(50)
    expect(scene!.inspect()).toMatchObject({ card: '9♥', running: '1.83×', settled: true })
    runtime.setSnapshot(at(LOST, 'lost'))
    for (let t = 0; t < 400; t += 50) app.ticker.tick(50)
    expect(scene!.inspect()).toMatchObject({
      card: 'A♠',
      row: ['7♦', '9♥ ≥ 1.83×', '3♣ » 1.83×', 'A♠ ≥'],
      status: 'lost',
    })
    runtime.destroy()
    await settle()
  })

  it('shows a new card at once with instant play and under reduced motion', async () => {
    for (const [reducedMotion, instant] of [
      [false, true],
      [true, false],
    ] as const) {
      const { runtime, scene, app } = await startScene(
        env.element,
        createFakePlatform({ reducedMotion }),
        () => new HiloScene(),
        at(START, 'open', instant),
      )
      app.ticker.tick(16)
      expect(scene!.inspect()).toMatchObject({ card: '7♦', settled: true })
      runtime.setSnapshot(at(ONE, 'open', instant))
      app.ticker.tick(16)
      expect(scene!.inspect()).toMatchObject({ card: '9♥', settled: true })
      runtime.destroy()
      await settle()
    }
  })

  it('starts a new round from the back of the card', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new HiloScene(),
      at(ONE),
    )
    for (let t = 0; t < 400; t += 50) app.ticker.tick(50)
    runtime.setSnapshot(at(START, 'open', false, 'r-2'))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ roundId: 'r-2', card: null, row: ['7♦'] })
    runtime.destroy()
    await settle()
  })

  it('mounts, draws a round and is destroyed 100 times, leaving nothing behind', async () => {
    await expectNothingLeftAfter100Cycles<HiloSceneView>(env, {
      createScene: () => new HiloScene(),
      views: () => VIEWS,
      frames: { count: 4, ms: 100 },
      resize: { afterView: 2, width: 375, height: 420 },
      // The deck, the card's five parts, the multiplier and 12 row slots of four.
      minDisplayObjects: 50,
      listensToPixi: false,
    })
  }, 120_000)
})

describe('hilo table layout', () => {
  it('fits the deck, the card and a row of legible cards from a phone up', () => {
    for (const [w, h] of [
      [375, 420],
      [800, 460],
      [1440, 520],
    ] as const) {
      const { card, deck, running, row, badgeY, badgeHeight } = hiloLayout(w, h)
      expect(deck.x).toBeGreaterThanOrEqual(12)
      expect(deck.x + deck.width).toBeLessThan(card.x)
      expect(card.x + card.width).toBeLessThanOrEqual(w - 12)
      expect(card.y).toBeGreaterThanOrEqual(44)
      expect(running.y).toBeGreaterThan(card.y + card.height)
      expect(running.y + running.height).toBeLessThanOrEqual(row[0]!.y)
      expect(row[0]!.x).toBeGreaterThanOrEqual(12)
      expect(row.at(-1)!.x + row.at(-1)!.width).toBeLessThanOrEqual(w - 12)
      expect(badgeY + badgeHeight).toBeLessThanOrEqual(h - GUESS_BAND)
      // A row card at least 28 px wide carries a 12 px label; the current card is well larger.
      expect(row[0]!.width).toBeGreaterThanOrEqual(28)
      expect(card.height).toBeGreaterThanOrEqual(90)
    }
    expect(hiloLayout(375, 420).row.length).toBeGreaterThanOrEqual(6)
  })
})
