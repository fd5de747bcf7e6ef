import { Graphics, type Container } from 'pixi.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CanvasRuntime } from './CanvasRuntime'
import { PulseScene, type PulseSnapshot } from './examples/PulseScene'
import type { Scene } from './Scene'
import {
  FakeResizeObserver,
  ListenerCounter,
  createFakePlatform,
  setElementSize,
  settle,
} from './testing/fakePlatform'

let first: HTMLDivElement
let second: HTMLDivElement

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  first = document.createElement('div')
  second = document.createElement('div')
  document.body.append(first, second)
  setElementSize(first, 800, 600)
  setElementSize(second, 375, 210)
})

afterEach(() => {
  first.remove()
  second.remove()
  FakeResizeObserver.live.clear()
  vi.unstubAllGlobals()
})

function host(
  fake: ReturnType<typeof createFakePlatform>,
  element: HTMLElement,
  createScene: () => Scene<PulseSnapshot> = () => new PulseScene(),
) {
  return new CanvasRuntime<PulseSnapshot>({
    element,
    createScene,
    snapshot: { color: 0xff0000 },
    platform: fake.platform,
  })
}

describe('ApplicationPool (one renderer per page)', () => {
  it('lends the same application and canvas to consecutive mounts, each with a fresh root', async () => {
    const fake = createFakePlatform()
    const a = host(fake, first)
    await a.start()
    const app = fake.apps[0]
    const firstRoot = app?.stage.children[0]
    expect(first.querySelector('canvas')).toBe(app?.canvas)
    expect(firstRoot?.getChildByLabel('pulse')).not.toBeNull()

    a.destroy()
    // Parked: nothing of the scene left, not ticking, not in the page; not destroyed.
    expect(firstRoot?.destroyed).toBe(true)
    expect(app?.stage.children).toHaveLength(0)
    expect(app?.ticker.started).toBe(false)
    expect(app?.ticker.callbacks.size).toBe(0)
    expect(app?.canvas.isConnected).toBe(false)
    expect(app?.destroyed).toBe(false)

    const b = host(fake, second)
    await b.start()
    expect(fake.apps).toHaveLength(1)
    expect(second.querySelector('canvas')).toBe(app?.canvas)
    expect(app?.stage.children).toHaveLength(1)
    expect(app?.stage.children[0]).not.toBe(firstRoot)
    expect(app?.ticker.started).toBe(true)
    // Resized to its new host, not left at the size it was created with.
    expect(app?.resizes.at(-1)).toEqual({ width: 375, height: 210, resolution: 1 })
    b.destroy()
  })

  it('gives a second host mounted at the same time an application of its own, destroyed when it leaves', async () => {
    const fake = createFakePlatform()
    const game = host(fake, first)
    const other = host(fake, second)
    await Promise.all([game.start(), other.start()])
    expect(other.state).toBe('running')
    expect(fake.apps).toHaveLength(2)
    const [shared, dedicated] = fake.apps
    expect(first.querySelector('canvas')).toBe(shared?.canvas)
    expect(second.querySelector('canvas')).toBe(dedicated?.canvas)

    other.destroy()
    expect(dedicated?.destroyed).toBe(true)
    expect(shared?.ticker.started).toBe(true)
    game.destroy()
    expect(shared?.destroyed).toBe(false)
    expect(fake.state.liveApps).toBe(1)

    // Released, the shared one is lent again rather than a third being made.
    const again = host(fake, second)
    await again.start()
    expect(fake.apps).toHaveLength(2)
    expect(second.querySelector('canvas')).toBe(shared?.canvas)
    again.destroy()
  })

  it('destroys a dedicated application that arrives after its host left', async () => {
    const fake = createFakePlatform()
    const game = host(fake, first)
    await game.start()
    fake.state.holdApplications = true
    const other = host(fake, second)
    const started = other.start()
    await settle()
    other.destroy()
    fake.pendingApps[0]?.resolve()
    await started
    await settle()
    expect(fake.apps[1]?.destroyed).toBe(true)
    expect(second.querySelector('canvas')).toBeNull()
    game.destroy()
  })

  it('tries again on the next mount when creating the shared application failed', async () => {
    const fake = createFakePlatform()
    const create = fake.factory.create
    fake.factory.create = () => Promise.reject(new Error('no WebGL'))
    const failing = new CanvasRuntime<PulseSnapshot>({
      element: first,
      createScene: () => new PulseScene(),
      snapshot: { color: 0 },
      platform: fake.platform,
      onError: () => {},
    })
    await failing.start()
    expect(failing.state).toBe('failed')
    fake.factory.create = create
    const next = host(fake, first)
    await next.start()
    expect(next.state).toBe('running')
    expect(fake.apps).toHaveLength(1)
    next.destroy()
  })

  it('still shows a leak against the baseline taken after the first mount', async () => {
    // The lifecycle tests take their baseline once the page's application exists; this checks
    // that such a baseline still catches what a scene forgets (here one listener per mount).
    const fake = createFakePlatform()
    const listeners = new ListenerCounter(document)
    const leaky = (): Scene<PulseSnapshot> => {
      const scene = new PulseScene()
      const mount = scene.mount.bind(scene)
      scene.mount = (stage: Container, context) => {
        mount(stage, context)
        stage.addChild(new Graphics())
        document.addEventListener('keydown', () => {})
      }
      return scene
    }
    const counts = () => ({ liveApps: fake.state.liveApps, listeners: listeners.live })
    try {
      const cycle = async () => {
        const run = host(fake, first, leaky)
        await run.start()
        run.destroy()
        await settle()
      }
      await cycle()
      const before = counts()
      await cycle()
      expect(counts()).not.toEqual(before)
      expect(counts().listeners).toBe(before.listeners + 1)
    } finally {
      listeners.restore()
    }
  })
})
