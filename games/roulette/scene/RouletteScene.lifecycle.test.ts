import { Container, EventEmitter, GraphicsContext, Texture } from 'pixi.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CanvasRuntime } from '../../engine/canvas/CanvasRuntime'
import {
  FakeResizeObserver,
  ListenerCounter,
  createFakePlatform,
  setElementSize,
  settle,
} from '../../engine/canvas/testing/fakePlatform'
import { RouletteScene } from './RouletteScene'
import type { RouletteView } from './rouletteView'
import { SPIN_MS } from './wheel'

/**
 * Counts what Pixi objects hold without a renderer, as crash's lifecycle test does: emitters
 * something listened to and the objects that listened (by wrapping `EventEmitter.on/once`), plus
 * what a walk of the stage finds; "live" means not destroyed.
 */
function trackPixi() {
  const proto = EventEmitter.prototype as unknown as Record<'on' | 'once', unknown>
  const original = { on: proto.on, once: proto.once }
  const emitters = new Set<EventEmitter>()
  const objects = new Set<object>()
  for (const method of ['on', 'once'] as const) {
    const wrapped = original[method] as (this: EventEmitter, ...args: unknown[]) => EventEmitter
    proto[method] = function (this: EventEmitter, ...args: unknown[]) {
      emitters.add(this)
      objects.add(this)
      const context = args[2]
      if (context && typeof context === 'object') objects.add(context)
      return wrapped.apply(this, args)
    }
  }
  const walk = (node: Container) => {
    objects.add(node)
    for (const child of node.children) walk(child)
  }
  const isLive = (object: object) => !(object as { destroyed?: boolean }).destroyed
  const live = () => {
    const all = [...objects].filter(isLive)
    return {
      displayObjects: all.filter((o) => o instanceof Container).length,
      graphicsContexts: all.filter((o) => o instanceof GraphicsContext).length,
      textures: all.filter((o) => o instanceof Texture).length,
      pixiListeners: [...emitters].reduce(
        (sum, emitter) =>
          sum +
          emitter.eventNames().reduce((n, name) => n + emitter.listenerCount(name as string), 0),
        0,
      ),
    }
  }
  return {
    walk,
    live,
    restore() {
      proto.on = original.on
      proto.once = original.once
    },
  }
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

const views: RouletteView[] = [
  { pocket: null, betId: null, instant: false },
  { pocket: 17, betId: 'b-1', instant: false },
  { pocket: 0, betId: 'b-2', instant: false },
  { pocket: 26, betId: 'b-3', instant: true },
]

describe('RouletteScene', () => {
  it('lands the ball on the pocket it is given, and at once with instant play', async () => {
    const fake = createFakePlatform()
    let scene: RouletteScene | null = null
    const runtime = new CanvasRuntime<RouletteView>({
      element,
      createScene: () => (scene = new RouletteScene()),
      snapshot: views[0]!,
      platform: fake.platform,
    })
    await runtime.start()
    const app = fake.apps.at(-1)!
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ pocket: null, ballPocket: null, landed: false })
    runtime.setSnapshot(views[1]!)
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ pocket: 17, landed: false })
    for (let t = 0; t < SPIN_MS; t += 100) app.ticker.tick(100)
    expect(scene!.inspect()).toMatchObject({ pocket: 17, ballPocket: 17, landed: true })
    runtime.setSnapshot(views[3]!)
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ pocket: 26, ballPocket: 26, landed: true })
    runtime.destroy()
    await settle()
  })

  it('puts the ball in its pocket at once when the player asks for reduced motion', async () => {
    const fake = createFakePlatform({ reducedMotion: true })
    let scene: RouletteScene | null = null
    const runtime = new CanvasRuntime<RouletteView>({
      element,
      createScene: () => (scene = new RouletteScene()),
      snapshot: views[1]!,
      platform: fake.platform,
    })
    await runtime.start()
    fake.apps.at(-1)!.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ pocket: 17, ballPocket: 17, landed: true })
    runtime.destroy()
    await settle()
  })

  it('mounts, spins and is destroyed 100 times, leaving nothing behind', async () => {
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
      const runtime = new CanvasRuntime<RouletteView>({
        element,
        createScene: () => new RouletteScene(),
        snapshot: views[0]!,
        platform: fake.platform,
      })
      await runtime.start()
      expect(runtime.state).toBe('running')
      const app = fake.apps.at(-1)!
      for (const [index, view] of views.entries()) {
        runtime.setSnapshot(view)
        for (let frame = 0; frame < 3; frame++) expect(app.ticker.tick(400)).toBe(true)
        if (index === 1) FakeResizeObserver.resize(element, 360, 320)
        pixi.walk(app.stage)
      }
      const drawn = counts()
      // The scene really built its wheel (37 numbers) this cycle, so the return means it.
      expect(drawn.displayObjects).toBeGreaterThan(before.displayObjects + 37)
      expect(drawn.graphicsContexts).toBeGreaterThan(before.graphicsContexts)
      expect(drawn.tickerCallbacks).toBeGreaterThan(before.tickerCallbacks)
      runtime.destroy()
      await settle()
      if (cycle === 0) {
        // The page's one renderer (ApplicationPool) outlives the first mount by design (see
        // crash's lifecycle test): the baseline is taken after it.
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
  }, 120_000)
})
