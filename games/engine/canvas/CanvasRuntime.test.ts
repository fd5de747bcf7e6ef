import { Container, Graphics, Sprite, type Texture } from 'pixi.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CanvasRuntime } from './CanvasRuntime'
import { TEST_MAX_FPS_KEY } from './testHook'
import { PulseScene, type PulseSnapshot } from './examples/PulseScene'
import type { AssetBundle, Scene, SceneContext, SceneFrame, SceneSize } from './Scene'
import {
  FakeResizeObserver,
  ListenerCounter,
  createFakePlatform,
  makeTexture,
  restoreDocumentHidden,
  setDocumentHidden,
  setElementSize,
  settle,
} from './testing/fakePlatform'

const SPRITES: AssetBundle = {
  name: 'test-sprites',
  assets: { chip: 'chip.png', card: 'card.png' },
}

/**
 * A scene that uses every kind of resource: a bundle texture on a sprite, a texture it generates
 * itself (released in `destroy`), and a child it leaves on the stage for the host to destroy.
 */
class ResourceScene implements Scene<number> {
  readonly bundles = [SPRITES]
  readonly calls: string[] = []
  readonly updates: number[] = []
  generated: Texture | null = null
  leftOnStage: Graphics | null = null
  sprite: Sprite | null = null
  context: SceneContext | null = null
  sizes: SceneSize[] = []

  constructor(private readonly bundleTexture: () => Texture) {}

  mount(stage: Container, context: SceneContext): void {
    this.calls.push('mount')
    this.context = context
    this.sprite = new Sprite(this.bundleTexture())
    this.generated = makeTexture()
    this.leftOnStage = new Graphics().rect(0, 0, 10, 10).fill(0xff0000)
    stage.addChild(this.sprite, new Sprite(this.generated), this.leftOnStage)
  }
  update(snapshot: number, _frame: SceneFrame): void {
    this.updates.push(snapshot)
  }
  resize(size: SceneSize): void {
    this.calls.push('resize')
    this.sizes.push(size)
  }
  destroy(): void {
    this.calls.push('destroy')
    this.generated?.destroy(true)
  }
}

let element: HTMLDivElement
let documentListeners: ListenerCounter
let windowListeners: ListenerCounter

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  element = document.createElement('div')
  document.body.append(element)
  setElementSize(element, 800, 600)
  documentListeners = new ListenerCounter(document)
  windowListeners = new ListenerCounter(window)
})

afterEach(() => {
  documentListeners.restore()
  windowListeners.restore()
  restoreDocumentHidden()
  element.remove()
  FakeResizeObserver.live.clear()
  vi.unstubAllGlobals()
})

function setup(options: Parameters<typeof createFakePlatform>[0] = {}) {
  const fake = createFakePlatform(options)
  const scenes: ResourceScene[] = []
  const runtime = (createScene?: () => Scene<number>) =>
    new CanvasRuntime<number>({
      element,
      platform: fake.platform,
      snapshot: 0,
      createScene:
        createScene ??
        (() => {
          const scene = new ResourceScene(() => fake.assets.texture(SPRITES.name))
          scenes.push(scene)
          return scene
        }),
    })
  /** Everything that must return to its starting value after a mount and unmount. */
  const counts = () => ({
    documentListeners: documentListeners.live,
    windowListeners: windowListeners.live,
    mediaListeners: fake.mediaListeners(),
    resizeObservers: FakeResizeObserver.live.size,
    liveApplications: fake.state.liveApps,
    runningTickers: fake.apps.filter((app) => app.ticker.started).length,
    tickerCallbacks: fake.apps.reduce((sum, app) => sum + app.ticker.callbacks.size, 0),
    bundleUsers: fake.registry.users(SPRITES.name),
    loadedBundles: fake.assets.loaded.size,
    liveTextures:
      fake.assets.liveTextures +
      scenes.filter((scene) => scene.generated?.destroyed === false).length,
    liveStageObjects: scenes.filter((scene) => scene.leftOnStage?.destroyed === false).length,
    canvases: element.querySelectorAll('canvas').length,
  })
  return { fake, scenes, runtime, counts }
}

describe('CanvasRuntime', () => {
  it('mounts and unmounts 100 times, at every stage of start, and leaves nothing behind', async () => {
    const { fake, scenes, runtime, counts } = setup()
    const initial = counts()
    let before = initial
    let mounted = 0
    for (let i = 0; i < 100; i++) {
      // Thirds: running when destroyed; destroyed at once, before the (reused) application has
      // reached the runtime; destroyed while the bundles load. A destroy while the application
      // itself initialises only happens to the first mount now: its own test covers it.
      const phase = i % 3
      fake.assets.holdLoads = phase === 2
      const run = runtime()
      const started = run.start()
      if (phase === 0) {
        await started
        expect(run.state).toBe('running')
        expect(counts().canvases).toBe(1)
        expect(fake.assets.liveTextures).toBeGreaterThan(0)
        fake.apps.at(-1)?.ticker.tick()
        mounted += 1
      } else if (phase === 2) {
        await settle()
      }
      run.destroy()
      // What was still in flight when destroy came arrives now and must be released on arrival.
      for (const wait of fake.pendingApps.splice(0)) wait.resolve()
      for (const wait of fake.assets.pendingLoads.splice(0)) wait.resolve()
      await started
      await settle()
      expect(run.state).toBe('destroyed')
      if (i === 0) {
        // The page-wide application outlives its first mount by design (ApplicationPool: one
        // renderer per page, reused, because Pixi leaks per renderer created). It is a cache, not
        // a leak, so the baseline is taken after the first cycle; it must be all that remains,
        // parked: ticker stopped, canvas out of the page.
        before = counts()
        expect(before).toEqual({ ...initial, liveApplications: 1 })
      }
      expect(counts(), `after cycle ${i}`).toEqual(before)
    }
    // One application for all 100 mounts, never destroyed.
    expect(fake.apps).toHaveLength(1)
    expect(fake.apps[0]?.destroyed).toBe(false)
    expect(scenes.filter((scene) => scene.calls.includes('mount'))).toHaveLength(mounted)
    // Scenes that never mounted are never destroyed; every mounted one is, exactly once.
    for (const scene of scenes) {
      const destroys = scene.calls.filter((call) => call === 'destroy').length
      expect(destroys).toBe(scene.calls.includes('mount') ? 1 : 0)
    }
  })

  it('caps the frame rate in a test build only when the e2e run asks for it', async () => {
    const { fake, runtime } = setup()
    localStorage.setItem(TEST_MAX_FPS_KEY, '15')
    try {
      const capped = runtime()
      await capped.start()
      expect(fake.apps.at(-1)?.ticker.maxFPS).toBe(15)
      capped.destroy()
      await settle()
    } finally {
      localStorage.removeItem(TEST_MAX_FPS_KEY)
    }
    // The pooled application is reused: a mount without the key draws every frame again.
    const uncapped = runtime()
    await uncapped.start()
    expect(fake.apps.at(-1)?.ticker.maxFPS).toBe(0)
    uncapped.destroy()
  })

  it('destroys the stage with its children but leaves bundle textures to the loader', async () => {
    const { fake, scenes, runtime } = setup()
    const first = runtime()
    const second = runtime()
    await Promise.all([first.start(), second.start()])
    const [sceneA, sceneB] = scenes
    const shared = fake.assets.texture(SPRITES.name)
    expect(sceneA?.sprite?.texture).toBe(shared)
    expect(sceneB?.sprite?.texture).toBe(shared)

    first.destroy()
    await settle()
    expect(sceneA?.leftOnStage?.destroyed).toBe(true)
    expect(sceneA?.sprite?.destroyed).toBe(true)
    // The other host still draws with it: the first teardown must not have destroyed it.
    expect(shared.destroyed).toBe(false)
    expect(fake.assets.loaded.has(SPRITES.name)).toBe(true)

    second.destroy()
    await settle()
    expect(shared.destroyed).toBe(true)
    expect(fake.assets.loaded.has(SPRITES.name)).toBe(false)
  })

  it('does not mount or append anything when destroyed before the application is ready', async () => {
    const { fake, scenes, runtime, counts } = setup({ holdApplications: true })
    const before = counts()
    const run = runtime()
    const started = run.start()
    await settle()
    run.destroy()
    fake.pendingApps[0]?.resolve()
    await started
    await settle()
    // Kept for the next mount (page-wide application), but never shown nor ticking.
    expect(fake.apps[0]?.destroyed).toBe(false)
    expect(fake.apps[0]?.canvas.isConnected).toBe(false)
    expect(scenes[0]?.calls).toEqual([])
    expect(counts()).toEqual({ ...before, liveApplications: 1 })
  })

  it('pauses the ticker while the tab is hidden and resumes when it is shown', async () => {
    const { fake, scenes, runtime } = setup()
    const run = runtime()
    await run.start()
    const ticker = fake.apps[0]?.ticker
    expect(ticker?.started).toBe(true)
    expect(ticker?.tick()).toBe(true)

    setDocumentHidden(true)
    expect(ticker?.started).toBe(false)
    expect(ticker?.tick()).toBe(false)
    setDocumentHidden(false)
    expect(ticker?.started).toBe(true)
    ticker?.tick()
    expect(scenes[0]?.updates).toHaveLength(2)
    run.destroy()
  })

  it('does not start the ticker when mounted in a hidden tab', async () => {
    const { fake, runtime } = setup()
    setDocumentHidden(true)
    const run = runtime()
    await run.start()
    expect(run.state).toBe('running')
    expect(fake.apps[0]?.ticker.started).toBe(false)
    setDocumentHidden(false)
    expect(fake.apps[0]?.ticker.started).toBe(true)
    run.destroy()
  })

  it('feeds the latest snapshot to the scene on each tick', async () => {
    const { fake, scenes, runtime } = setup()
    const run = runtime()
    await run.start()
    const ticker = fake.apps[0]?.ticker
    ticker?.tick()
    run.setSnapshot(7)
    run.setSnapshot(8)
    ticker?.tick()
    ticker?.tick()
    expect(scenes[0]?.updates).toEqual([0, 8, 8])
    run.destroy()
  })

  it('draws a frame only when the scene changed it, or after a mount or a resize', async () => {
    const fake = createFakePlatform()
    // A scene that changes on odd snapshots only.
    const scene: Scene<number> = {
      bundles: [],
      mount: () => {},
      update: (snapshot) => snapshot % 2 === 1,
      resize: () => {},
      destroy: () => {},
    }
    const run = new CanvasRuntime<number>({
      element,
      createScene: () => scene,
      snapshot: 0,
      platform: fake.platform,
    })
    await run.start()
    const app = fake.apps[0]!
    app.ticker.tick() // the first frame after the mount is drawn though unchanged
    app.ticker.tick()
    expect(app.renders).toBe(1)
    run.setSnapshot(1)
    app.ticker.tick()
    app.ticker.tick()
    expect(app.renders).toBe(3)
    run.setSnapshot(2)
    app.ticker.tick()
    expect(app.renders).toBe(3)
    FakeResizeObserver.resize(element, 640, 360)
    app.ticker.tick()
    app.ticker.tick()
    expect(app.renders).toBe(4)
    run.destroy()
  })

  it('sizes the renderer to the element with the resolution capped at 2', async () => {
    const { fake, scenes, runtime } = setup({ devicePixelRatio: 3 })
    const run = runtime()
    await run.start()
    const app = fake.apps[0]
    expect(app?.setup).toMatchObject({ width: 800, height: 600, resolution: 2, autoDensity: true })
    expect(app?.resizes.at(-1)).toEqual({ width: 800, height: 600, resolution: 2 })
    expect(scenes[0]?.calls.slice(0, 2)).toEqual(['mount', 'resize'])

    FakeResizeObserver.resize(element, 375, 640)
    expect(app?.resizes.at(-1)).toEqual({ width: 375, height: 640, resolution: 2 })
    expect(scenes[0]?.sizes.at(-1)).toEqual({ width: 375, height: 640, resolution: 2 })

    fake.state.devicePixelRatio = 1.5
    FakeResizeObserver.resize(element, 375, 640)
    expect(run.size).toEqual({ width: 375, height: 640, resolution: 1.5 })

    // A collapsed container keeps the last good size.
    const resizes = app?.resizes.length
    FakeResizeObserver.resize(element, 0, 0)
    expect(app?.resizes.length).toBe(resizes)
    expect(run.size).toEqual({ width: 375, height: 640, resolution: 1.5 })
    run.destroy()
  })

  it('re-applies the size when the pixel ratio changes without a resize', async () => {
    const { fake, runtime } = setup({ devicePixelRatio: 1 })
    const run = runtime()
    await run.start()
    const first = fake.queries.find((query) => query.media === '(resolution: 1dppx)')
    expect(first?.listeners.size).toBe(1)

    // The window moves to a retina screen: the 1dppx query stops matching.
    fake.state.devicePixelRatio = 2
    first?.set(false)
    expect(run.size).toEqual({ width: 800, height: 600, resolution: 2 })
    expect(fake.apps[0]?.resizes.at(-1)).toEqual({ width: 800, height: 600, resolution: 2 })
    const second = fake.queries.find((query) => query.media === '(resolution: 2dppx)')
    expect(first?.listeners.size).toBe(0)
    expect(second?.listeners.size).toBe(1)
    run.destroy()
    expect(fake.mediaListeners()).toBe(0)
  })

  it('neither updates nor draws while the container is collapsed, and draws once when shown', async () => {
    const { fake, scenes, runtime } = setup()
    const run = runtime()
    await run.start()
    const app = fake.apps[0]
    app?.ticker.tick()
    const renders = app?.renders ?? 0
    const updates = scenes[0]?.updates.length ?? 0
    expect(renders).toBeGreaterThan(0)

    // Hidden (display: none) with the same page still mounted: frames stop.
    FakeResizeObserver.resize(element, 0, 0)
    run.setSnapshot(7)
    app?.ticker.tick()
    app?.ticker.tick()
    expect(scenes[0]?.updates.length).toBe(updates)
    expect(app?.renders).toBe(renders)

    // Shown again at the same size: the latest snapshot is drawn on the next frame.
    FakeResizeObserver.resize(element, 800, 600)
    app?.ticker.tick()
    expect(scenes[0]?.updates.at(-1)).toBe(7)
    expect(app?.renders).toBe(renders + 1)
    run.destroy()
  })

  it('holds updates until a container collapsed at mount gets a size', async () => {
    const { fake, scenes, runtime } = setup()
    setElementSize(element, 0, 0)
    const run = runtime()
    await run.start()
    const ticker = fake.apps[0]?.ticker
    ticker?.tick()
    expect(scenes[0]?.calls).toEqual(['mount'])
    expect(scenes[0]?.updates).toEqual([])

    FakeResizeObserver.resize(element, 320, 240)
    ticker?.tick()
    expect(scenes[0]?.calls).toEqual(['mount', 'resize'])
    expect(scenes[0]?.updates).toEqual([0])
    run.destroy()
  })

  it('passes reduced motion to the scene, live', async () => {
    const { fake, runtime } = setup({ reducedMotion: true })
    const run = runtime(() => new PulseScene() as unknown as Scene<number>)
    await run.start()
    const circle = fake.apps[0]?.stage.getChildByLabel('pulse', true)
    const ticker = fake.apps[0]?.ticker
    const scales: number[] = []
    for (let i = 0; i < 5; i++) {
      ticker?.tick(100)
      scales.push(circle?.scale.x ?? Number.NaN)
    }
    expect(new Set(scales).size).toBe(1)

    fake.motion.set(false)
    ticker?.tick(100)
    const moving = circle?.scale.x
    ticker?.tick(100)
    expect(circle?.scale.x).not.toBe(moving)
    run.destroy()
  })

  it('reports a failed start and releases what it had taken', async () => {
    const { fake, counts } = setup()
    const before = counts()
    const onError = vi.fn()
    fake.factory.create = () => Promise.reject(new Error('no WebGL'))
    const run = new CanvasRuntime<number>({
      element,
      platform: fake.platform,
      snapshot: 0,
      createScene: () => new ResourceScene(() => fake.assets.texture(SPRITES.name)),
      onError,
    })
    await run.start()
    await settle()
    expect(run.state).toBe('failed')
    expect(onError).toHaveBeenCalledWith(new Error('no WebGL'))
    expect(counts()).toEqual(before)
  })

  it('finishes the teardown when the scene throws in destroy, then rethrows', async () => {
    const { fake, runtime, counts } = setup()
    const before = counts()
    const run = runtime(() => {
      const scene = new PulseScene() as unknown as Scene<number>
      scene.destroy = () => {
        throw new Error('scene bug')
      }
      return scene
    })
    await run.start()
    expect(() => run.destroy()).toThrow('scene bug')
    await settle()
    // The steps after the scene's still ran: its root is gone and the application is parked.
    expect(fake.apps[0]?.stage.children).toHaveLength(0)
    expect(counts()).toEqual({ ...before, liveApplications: 1 })
    expect(() => run.destroy()).not.toThrow()
  })

  it('starts once even when start is called twice', async () => {
    const { fake, runtime } = setup()
    const run = runtime()
    await Promise.all([run.start(), run.start()])
    expect(fake.apps).toHaveLength(1)
    run.destroy()
  })
})

describe('PulseScene', () => {
  it('pulses around its resting size and releases its circle', () => {
    const scene = new PulseScene()
    const stage = new Container()
    const context = { reducedMotion: false, clock: { now: () => 0 } }
    scene.mount(stage, context)
    scene.resize({ width: 400, height: 200, resolution: 1 })
    const circle = stage.getChildByLabel('pulse')
    expect(circle?.position.x).toBe(200)
    const snapshot: PulseSnapshot = { color: 0x00ff00 }
    scene.update(snapshot, { deltaMS: 300, lastTime: 300 })
    // A quarter period in: the top of the pulse, 0.5 * 1.15.
    expect(circle?.scale.x).toBeCloseTo(0.575)
    scene.destroy()
    expect(circle?.destroyed).toBe(true)
    expect(stage.children).toHaveLength(0)
  })
})
