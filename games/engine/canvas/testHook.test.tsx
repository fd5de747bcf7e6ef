import { act, render } from '@testing-library/react'
import { StrictMode } from 'react'
import type { Container } from 'pixi.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CanvasHost } from './CanvasHost'
import { CanvasRuntime } from './CanvasRuntime'
import { PulseScene } from './examples/PulseScene'
import type { AssetBundle, Scene, SceneFrame, SceneInspection } from './Scene'
import { CANVAS_TEST_HOOK, uninstallCanvasTestHook } from './testHook'
import {
  FakeResizeObserver,
  createFakePlatform,
  setElementSize,
  settle,
} from './testing/fakePlatform'

/** A scene that reports how many frames it drew, and spends a known time on each (fake clock). */
class CountingScene implements Scene<number> {
  readonly bundles: readonly AssetBundle[] = []
  drawn = 0
  last = -1
  constructor(private readonly spend: () => void = () => {}) {}
  mount(_stage: Container): void {}
  update(snapshot: number, _frame: SceneFrame): void {
    this.drawn += 1
    this.last = snapshot
    this.spend()
  }
  resize(): void {}
  destroy(): void {}
  inspect(): SceneInspection {
    return { scene: 'counting', drawn: this.drawn, last: this.last }
  }
}

let element: HTMLDivElement

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  element = document.createElement('div')
  document.body.append(element)
  setElementSize(element, 640, 360)
  uninstallCanvasTestHook()
})

afterEach(() => {
  element.remove()
  uninstallCanvasTestHook()
  FakeResizeObserver.live.clear()
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

async function startRuntime(scene: Scene<number>) {
  const fake = createFakePlatform()
  const runtime = new CanvasRuntime<number>({
    element,
    createScene: () => scene,
    snapshot: 7,
    platform: fake.platform,
  })
  await runtime.start()
  const app = fake.apps[0]
  if (!app) throw new Error('no application was created')
  return { runtime, app }
}

describe('canvas test hook', () => {
  it('lists a running canvas in a test build, with what its scene reports', async () => {
    vi.stubEnv('VITE_TEST_HOOKS', 'true')
    const scene = new CountingScene()
    const { runtime, app } = await startRuntime(scene)
    app.ticker.tick(16)
    app.ticker.tick(20)
    const hook = window[CANVAS_TEST_HOOK]
    expect(hook).toBeDefined()
    const found = hook?.find('counting')
    expect(found).toMatchObject({
      id: runtime.testId,
      scene: 'counting',
      state: 'running',
      size: { width: 640, height: 360, resolution: 1 },
      frames: 2,
      fps: 50,
      reducedMotion: false,
      detail: { scene: 'counting', drawn: 2, last: 7 },
    })
    expect(hook?.list()).toHaveLength(1)
    expect(hook?.find('crash')).toBeNull()
    runtime.destroy()
  })

  it('times each tick around the scene update and hands samples over once', async () => {
    vi.stubEnv('VITE_TEST_HOOKS', 'true')
    vi.useFakeTimers({ toFake: ['performance'] })
    // Each update takes 3 ms of the (fake) performance clock.
    const { runtime, app } = await startRuntime(new CountingScene(() => vi.advanceTimersByTime(3)))
    app.ticker.tick(16)
    app.ticker.tick(17)
    app.ticker.tick(15)
    const hook = window[CANVAS_TEST_HOOK]
    const id = runtime.testId ?? -1
    expect(hook?.takeFrames(id)).toEqual({ cpuMs: [3, 3, 3], intervalMs: [17, 15] })
    expect(hook?.takeFrames(id)).toEqual({ cpuMs: [], intervalMs: [] })
    runtime.destroy()
    expect(hook?.takeFrames(id)).toBeNull()
  })

  it('leaves the scene unregistered and its ticker listeners gone after destroy', async () => {
    vi.stubEnv('VITE_TEST_HOOKS', 'true')
    const { runtime, app } = await startRuntime(new CountingScene())
    const listenersWhileRunning = app.ticker.callbacks.size
    runtime.destroy()
    expect(listenersWhileRunning).toBe(3)
    expect(app.ticker.callbacks.size).toBe(0)
    expect(window[CANVAS_TEST_HOOK]?.list()).toEqual([])
  })

  it('does not exist outside a test build', async () => {
    vi.stubEnv('VITE_TEST_HOOKS', '')
    const { runtime, app } = await startRuntime(new CountingScene())
    app.ticker.tick(16)
    expect(CANVAS_TEST_HOOK in window).toBe(false)
    expect(runtime.testId).toBeNull()
    // Only the runtime's own frame callback is on the ticker.
    expect(app.ticker.callbacks.size).toBe(1)
    runtime.destroy()
  })

  it('registers a CanvasHost while mounted and forgets it on unmount, under StrictMode', async () => {
    vi.stubEnv('VITE_TEST_HOOKS', 'true')
    const fake = createFakePlatform()
    const { unmount } = render(
      <StrictMode>
        <CanvasHost
          createScene={() => new PulseScene()}
          snapshot={{ color: 0 }}
          label="Pulse"
          platform={fake.platform}
        />
      </StrictMode>,
    )
    await act(settle)
    // StrictMode's first runtime never started, so exactly one canvas is listed.
    expect(window[CANVAS_TEST_HOOK]?.list().map((c) => [c.scene, c.state])).toEqual([
      ['unknown', 'running'],
    ])
    unmount()
    expect(window[CANVAS_TEST_HOOK]?.list()).toEqual([])
  })
})
