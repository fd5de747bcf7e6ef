import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CanvasRuntime } from '../../engine/canvas/CanvasRuntime'
import {
  FakeResizeObserver,
  ListenerCounter,
  createFakePlatform,
  setElementSize,
  settle,
} from '../../engine/canvas/testing/fakePlatform'
import { trackPixi } from '../../engine/canvas/testing/trackPixi'
import { DiceScene } from './DiceScene'
import type { DiceView } from './diceView'

/** A player's few bets as the scene sees them: no roll yet, a win, a loss, a side switch. */
const VIEWS: readonly DiceView[] = [
  { target: 5000, direction: 'over', roll: null, win: null, betId: null, instant: false },
  { target: 5000, direction: 'over', roll: 7342, win: true, betId: 'b1', instant: false },
  { target: 2500, direction: 'over', roll: 1204, win: false, betId: 'b2', instant: false },
  { target: 2500, direction: 'under', roll: 911, win: true, betId: 'b3', instant: true },
]

let element: HTMLDivElement
let documentListeners: ListenerCounter
let windowListeners: ListenerCounter
let pixi: ReturnType<typeof trackPixi>

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  element = document.createElement('div')
  document.body.append(element)
  setElementSize(element, 800, 300)
  documentListeners = new ListenerCounter(document)
  windowListeners = new ListenerCounter(window)
  pixi = trackPixi()
})

afterEach(() => {
  pixi.restore()
  documentListeners.restore()
  windowListeners.restore()
  element.remove()
  FakeResizeObserver.live.clear()
  vi.unstubAllGlobals()
})

describe('DiceScene lifecycle', () => {
  it('mounts, draws a few bets and is destroyed 100 times, leaving nothing behind', async () => {
    const fake = createFakePlatform()
    const counts = () => ({
      ...pixi.live(),
      documentListeners: documentListeners.live,
      windowListeners: windowListeners.live,
      mediaListeners: fake.mediaListeners(),
      resizeObservers: FakeResizeObserver.live.size,
      liveApplications: fake.state.liveApps,
      tickerCallbacks: fake.apps.reduce((sum, app) => sum + app.ticker.callbacks.size, 0),
      runningTickers: fake.apps.filter((app) => app.ticker.started).length,
      canvases: document.querySelectorAll('canvas').length,
      liveTextures: fake.assets.liveTextures,
    })
    const initial = counts()
    let before = initial
    for (let cycle = 0; cycle < 100; cycle++) {
      const runtime = new CanvasRuntime<DiceView>({
        element,
        createScene: () => new DiceScene(),
        snapshot: VIEWS[0]!,
        platform: fake.platform,
      })
      await runtime.start()
      expect(runtime.state).toBe('running')
      const app = fake.apps.at(-1)!
      // Every view, with the marker mid-flight and landed, and a resize between two bets.
      for (const [index, view] of VIEWS.entries()) {
        runtime.setSnapshot(view)
        for (let frame = 0; frame < 30; frame++) expect(app.ticker.tick(16)).toBe(true)
        if (index === 1) FakeResizeObserver.resize(element, 375, 240)
        pixi.walk(app.stage)
      }
      const drawn = counts()
      // The scene really built its track, marker and label this cycle.
      expect(drawn.displayObjects).toBeGreaterThan(before.displayObjects + 3)
      expect(drawn.graphicsContexts).toBeGreaterThan(before.graphicsContexts)
      expect(drawn.pixiListeners).toBeGreaterThan(before.pixiListeners)
      expect(drawn.tickerCallbacks).toBeGreaterThan(before.tickerCallbacks)
      runtime.destroy()
      await settle()
      if (cycle === 0) {
        // The page's one renderer outlives the first mount by design (see CrashScene's test):
        // the baseline is taken after it, and it may keep only that application and its stage.
        before = counts()
        expect(before).toEqual({
          ...initial,
          liveApplications: 1,
          displayObjects: initial.displayObjects + 1,
        })
      }
      expect(counts(), `after cycle ${cycle}`).toEqual(before)
    }
    expect(fake.apps).toHaveLength(1)
    expect(fake.apps[0]?.stage.children).toHaveLength(0)
  }, 60_000)
})
