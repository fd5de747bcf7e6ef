/**
 * The lifecycle test every scene has (STYLE.md section 7): mounted on the fake platform, fed its
 * views, resized, destroyed, 100 times, and every count (Pixi objects and listeners, page and
 * media listeners, observers, applications, ticker callbacks, canvases, textures) back where the
 * first cycle left it. A game's test gives its scene, its views and what one cycle must build.
 * `startScene` starts one scene on the fake platform, for a game's own checks of what it draws.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { CanvasRuntime } from '../CanvasRuntime'
import type { Scene } from '../Scene'
import {
  FakeResizeObserver,
  ListenerCounter,
  createFakePlatform,
  type FakeApplication,
  setElementSize,
  settle,
} from './fakePlatform'
import { trackPixi } from './trackPixi'

/** What a scene's lifecycle test sets up: the canvas's element, sized, and the counters. */
export interface SceneTestEnv {
  element: HTMLDivElement
  documentListeners: ListenerCounter
  windowListeners: ListenerCounter
  pixi: ReturnType<typeof trackPixi>
}

/**
 * Registers the set-up and tear-down of a scene test file (call at the top of the file): a fresh
 * element of `width` × `height` CSS pixels, listener counters and the Pixi tracker per test.
 */
export function sceneTestEnv(width: number, height: number): SceneTestEnv {
  const env = {} as SceneTestEnv
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver)
    env.element = document.createElement('div')
    document.body.append(env.element)
    setElementSize(env.element, width, height)
    env.documentListeners = new ListenerCounter(document)
    env.windowListeners = new ListenerCounter(window)
    env.pixi = trackPixi()
  })
  afterEach(() => {
    env.pixi.restore()
    env.documentListeners.restore()
    env.windowListeners.restore()
    env.element.remove()
    FakeResizeObserver.live.clear()
    vi.unstubAllGlobals()
  })
  return env
}

/** The fake platform of `createFakePlatform`, with its counters. */
type FakePlatform = ReturnType<typeof createFakePlatform>

/** What `startScene` started: the runtime, the scene it made and the application drawing it. */
export interface StartedScene<V, S extends Scene<V>> {
  runtime: CanvasRuntime<V>
  /** The scene `createScene` made; null while none was made (a start that failed). */
  scene: S | null
  app: FakeApplication
}

/** Starts a `CanvasRuntime` of `createScene`'s scene in `element` on `fake`, with `snapshot`. */
export async function startScene<V, S extends Scene<V>>(
  element: HTMLElement,
  fake: FakePlatform,
  createScene: () => S,
  snapshot: V,
): Promise<StartedScene<V, S>> {
  const made: { scene: S | null } = { scene: null }
  const runtime = new CanvasRuntime<V>({
    element,
    createScene: () => (made.scene = createScene()),
    snapshot,
    platform: fake.platform,
  })
  await runtime.start()
  return { runtime, scene: made.scene, app: fake.apps.at(-1)! }
}

/** One scene's 100 cycles: what to mount, what to feed it, and what a cycle must have built. */
export interface SceneCycles<V> {
  createScene: () => Scene<V>
  /** The views of one cycle, in order; `now` is the fake platform's clock for that cycle. */
  views: (cycle: number, fake: FakePlatform) => readonly V[]
  /** Frames drawn per view, and their length in ms. */
  frames: { count: number; ms: number }
  /** A resize after the view at this index, to this CSS size. */
  resize: { afterView: number; width: number; height: number }
  /** At least this many more display objects than at rest while drawn (the scene really drew). */
  minDisplayObjects: number
  /** The scene listens to Pixi events while drawn (the count must rise, then fall back). */
  listensToPixi: boolean
}

/**
 * Mounts, feeds, resizes and destroys the scene 100 times on one fake platform, and expects every
 * count back at its baseline after each cycle. The page's one renderer (ApplicationPool) outlives
 * the first mount by design, to dodge Pixi's per-renderer shader leak: a cache, not a leak, so the
 * baseline is taken after the first cycle and may differ from the start by exactly that
 * application and its empty stage.
 */
export async function expectNothingLeftAfter100Cycles<V>(
  env: SceneTestEnv,
  cycles: SceneCycles<V>,
): Promise<void> {
  const fake = createFakePlatform()
  const counts = () => ({
    ...env.pixi.live(),
    documentListeners: env.documentListeners.live,
    windowListeners: env.windowListeners.live,
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
    const views = cycles.views(cycle, fake)
    const { runtime, app } = await startScene<V, Scene<V>>(
      env.element,
      fake,
      cycles.createScene,
      views[0]!,
    )
    expect(runtime.state).toBe('running')
    for (const [index, view] of views.entries()) {
      runtime.setSnapshot(view)
      for (let frame = 0; frame < cycles.frames.count; frame++) {
        expect(app.ticker.tick(cycles.frames.ms)).toBe(true)
      }
      const { afterView, width, height } = cycles.resize
      if (index === afterView) FakeResizeObserver.resize(env.element, width, height)
      env.pixi.walk(app.stage)
    }
    const drawn = counts()
    // The scene really built and drew something this cycle, so the return to baseline means it.
    expect(drawn.displayObjects).toBeGreaterThan(before.displayObjects + cycles.minDisplayObjects)
    expect(drawn.graphicsContexts).toBeGreaterThan(before.graphicsContexts)
    if (cycles.listensToPixi) expect(drawn.pixiListeners).toBeGreaterThan(before.pixiListeners)
    expect(drawn.tickerCallbacks).toBeGreaterThan(before.tickerCallbacks)
    runtime.destroy()
    await settle()
    if (cycle === 0) {
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
}
