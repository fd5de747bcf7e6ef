import { act, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CanvasHost } from './CanvasHost'
import { PulseScene, type PulseSnapshot } from './examples/PulseScene'
import {
  FakeResizeObserver,
  ListenerCounter,
  createFakePlatform,
  settle,
} from './testing/fakePlatform'

let documentListeners: ListenerCounter
let windowListeners: ListenerCounter

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  documentListeners = new ListenerCounter(document)
  windowListeners = new ListenerCounter(window)
})

afterEach(() => {
  documentListeners.restore()
  windowListeners.restore()
  FakeResizeObserver.live.clear()
  vi.unstubAllGlobals()
})

function setup(options: Parameters<typeof createFakePlatform>[0] = {}) {
  const fake = createFakePlatform(options)
  const scenes: PulseScene[] = []
  const createScene = () => {
    const scene = new PulseScene()
    scenes.push(scene)
    return scene
  }
  const host = (snapshot: PulseSnapshot, children?: React.ReactNode) => (
    <StrictMode>
      <CanvasHost
        createScene={createScene}
        snapshot={snapshot}
        label="Pulse"
        platform={fake.platform}
      >
        {children}
      </CanvasHost>
    </StrictMode>
  )
  const counts = () => ({
    documentListeners: documentListeners.live,
    windowListeners: windowListeners.live,
    mediaListeners: fake.mediaListeners(),
    resizeObservers: FakeResizeObserver.live.size,
    liveApplications: fake.state.liveApps,
    runningTickers: fake.apps.filter((app) => app.ticker.started).length,
    canvases: document.querySelectorAll('canvas').length,
  })
  return { fake, scenes, host, counts }
}

describe('CanvasHost', () => {
  it('creates a single application under StrictMode and puts its canvas in the img layer', async () => {
    const { fake, scenes, host } = setup()
    render(host({ color: 0xff0000 }))
    await act(settle)
    expect(fake.apps).toHaveLength(1)
    expect(fake.state.maxLiveApps).toBe(1)
    expect(scenes).toHaveLength(1)
    const image = screen.getByRole('img', { name: 'Pulse' })
    expect(image.querySelector('canvas')).toBe(fake.apps[0]?.canvas)
  })

  it('mounts and unmounts 100 times under StrictMode and leaves nothing behind', async () => {
    const { fake, host, counts } = setup()
    const initial = counts()
    let before = initial
    for (let i = 0; i < 100; i++) {
      // Thirds: unmount before start runs, while the application initialises, and once running.
      const phase = i % 3
      fake.state.holdApplications = phase === 1
      const { unmount } = render(host({ color: i }))
      if (phase > 0) await act(settle)
      if (phase === 2) expect(counts().canvases).toBe(1)
      unmount()
      for (const wait of fake.pendingApps.splice(0)) wait.resolve()
      await settle()
      // The page-wide application is a designed cache (ApplicationPool), not a leak: the baseline
      // is taken once a cycle has created it (the first cycle unmounts too early to), and it is
      // all that cycle may leave.
      if (before === initial && fake.apps.length > 0) {
        before = counts()
        expect(before).toEqual({ ...initial, liveApplications: 1 })
      }
      expect(counts(), `after cycle ${i}`).toEqual(before)
    }
    expect(fake.state.maxLiveApps).toBe(1)
    expect(fake.apps).toHaveLength(1)
  })

  it('feeds new snapshots without re-creating the application or the scene', async () => {
    const { fake, scenes, host } = setup()
    const { rerender } = render(host({ color: 0xff0000 }))
    await act(settle)
    // jsdom lays nothing out: report the layer's size as the browser's observer would.
    FakeResizeObserver.resize(screen.getByRole('img', { name: 'Pulse' }), 400, 300)
    rerender(host({ color: 0x00ff00 }))
    const app = fake.apps[0]
    app?.ticker.tick()
    expect(fake.apps).toHaveLength(1)
    expect(scenes).toHaveLength(1)
    expect(app?.stage.getChildByLabel('pulse', true)?.tint).toBe(0x00ff00)
  })

  it('renders overlays outside the img role so they stay reachable', async () => {
    const { host } = setup()
    render(host({ color: 0 }, <button type="button">Cash out</button>))
    await act(settle)
    const button = screen.getByRole('button', { name: 'Cash out' })
    expect(screen.getByRole('img', { name: 'Pulse' }).contains(button)).toBe(false)
  })

  it('reports a start that failed through onError', async () => {
    const { fake } = setup()
    fake.factory.create = () => Promise.reject(new Error('no WebGL'))
    const onError = vi.fn()
    render(
      <CanvasHost
        createScene={() => new PulseScene()}
        snapshot={{ color: 0 }}
        label="Pulse"
        platform={fake.platform}
        onError={onError}
      />,
    )
    await act(settle)
    expect(onError).toHaveBeenCalledWith(new Error('no WebGL'))
    expect(screen.getByRole('img', { name: 'Pulse' })).toBeDefined()
  })

  it('reports loading, then ready once the scene draws', async () => {
    const { fake } = setup()
    const onStatus = vi.fn()
    render(
      <CanvasHost
        createScene={() => new PulseScene()}
        snapshot={{ color: 0 }}
        label="Pulse"
        platform={fake.platform}
        onStatus={onStatus}
      />,
    )
    expect(onStatus).toHaveBeenLastCalledWith('loading')
    await act(settle)
    expect(onStatus).toHaveBeenLastCalledWith('ready')
  })

  it('reports failed when the scene cannot load, and never ready', async () => {
    const { fake } = setup()
    const onStatus = vi.fn()
    render(
      <CanvasHost
        createScene={() => Promise.reject(new Error('chunk'))}
        snapshot={{ color: 0 }}
        label="Pulse"
        platform={fake.platform}
        onError={() => {}}
        onStatus={onStatus}
      />,
    )
    await act(settle)
    expect(onStatus).toHaveBeenLastCalledWith('failed')
    expect(onStatus).not.toHaveBeenCalledWith('ready')
  })
})
