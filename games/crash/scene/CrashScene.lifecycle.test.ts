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
import { CrashScene } from './CrashScene'
import type { CrashView } from './crashView'

const LABELS: CrashView['labels'] = {
  connecting: 'Connecting',
  startsIn: 'Starts in {{seconds}}s',
  crashed: 'Crashed',
  won: 'You won 150 RUB',
  lost: 'Lost',
}

/** One round as the scene sees it, on the fake platform's clock (`now`), with a cashed-out bet. */
function roundViews(now: number): CrashView[] {
  const base = {
    roundId: '7',
    startedAt: null,
    bettingEndsAt: null,
    crashPoint: null,
    bet: 'none',
    cashoutAt: null,
    labels: LABELS,
  } as const satisfies Partial<CrashView>
  return [
    { ...base, phase: 'connecting' },
    { ...base, phase: 'betting', bettingEndsAt: now + 4000, bet: 'active' },
    { ...base, phase: 'running', startedAt: now - 5000, bet: 'active' },
    { ...base, phase: 'running', startedAt: now - 9000, bet: 'cashedOut', cashoutAt: 150 },
    { ...base, phase: 'offline', startedAt: now - 9500, bet: 'cashedOut', cashoutAt: 150 },
    {
      ...base,
      phase: 'crashed',
      startedAt: now - 12_000,
      crashPoint: 205,
      bet: 'cashedOut',
      cashoutAt: 150,
    },
    { ...base, phase: 'crashed', startedAt: now - 12_000, crashPoint: 205, bet: 'lost' },
  ]
}

let element: HTMLDivElement
let documentListeners: ListenerCounter
let windowListeners: ListenerCounter
let pixi: ReturnType<typeof trackPixi>

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  element = document.createElement('div')
  document.body.append(element)
  setElementSize(element, 800, 450)
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

describe('CrashScene lifecycle', () => {
  it('mounts, draws a whole round and is destroyed 100 times, leaving nothing behind', async () => {
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
      fake.state.now = 1_000_000 + cycle * 20_000
      const views = roundViews(fake.state.now)
      const runtime = new CanvasRuntime<CrashView>({
        element,
        createScene: () => new CrashScene(),
        snapshot: views[0]!,
        platform: fake.platform,
      })
      await runtime.start()
      expect(runtime.state).toBe('running')
      const app = fake.apps.at(-1)!
      // Every phase, several frames each, with the flash after the crash and a resize mid-round.
      for (const [index, view] of views.entries()) {
        runtime.setSnapshot(view)
        for (let frame = 0; frame < 3; frame++) expect(app.ticker.tick(16)).toBe(true)
        if (index === 3) FakeResizeObserver.resize(element, 640, 360)
        pixi.walk(app.stage)
      }
      const drawn = counts()
      // The scene really built and drew something this cycle, so the return to baseline means it.
      expect(drawn.displayObjects).toBeGreaterThan(before.displayObjects + 8)
      expect(drawn.graphicsContexts).toBeGreaterThan(before.graphicsContexts)
      expect(drawn.pixiListeners).toBeGreaterThan(before.pixiListeners)
      expect(drawn.tickerCallbacks).toBeGreaterThan(before.tickerCallbacks)
      runtime.destroy()
      await settle()
      if (cycle === 0) {
        // The page's one renderer (ApplicationPool) outlives the first mount by design, to dodge
        // Pixi's per-renderer shader leak: a cache, not a leak. So the baseline is taken here,
        // and what the first cycle may leave is exactly that application and its empty stage.
        before = counts()
        expect(before).toEqual({
          ...initial,
          liveApplications: 1,
          displayObjects: initial.displayObjects + 1,
        })
      }
      expect(counts(), `after cycle ${cycle}`).toEqual(before)
    }
    // One application drew all 100 scenes and is kept, parked, for the next mount.
    expect(fake.apps).toHaveLength(1)
    expect(fake.apps[0]?.destroyed).toBe(false)
    expect(fake.apps[0]?.stage.children).toHaveLength(0)
    // 100 scenes measure their texts in jsdom: seconds, not a hang, on a shared 2-core machine.
  }, 60_000)
})
