/**
 * The canvas test hook (STYLE.md section 8: canvases are read through a small test hook that exists
 * only when the app is built for tests). In a test build (`npm run build:test`, Vite mode `test`,
 * `VITE_TEST_HOOKS=true` from `.env.test`) every running `CanvasRuntime` registers here and
 * `window.__tesseraCanvas` lists them, each with what its scene says it shows (`Scene.inspect`) and
 * the timing of its frames. Playwright specs read it through page objects; benchmarks read frame
 * timings from it. In a production build the only caller sits behind
 * `import.meta.env.VITE_TEST_HOOKS === 'true'`, which Vite folds to `false`, so this module and the
 * global's name are not in the bundle (`npm run build && grep -r __tesseraCanvas dist` finds
 * nothing).
 */
import type { CanvasRuntimeState } from './CanvasRuntime'
import type { FrameTicker } from './platform'
import type { Scene, SceneContext, SceneFrame, SceneInspection, SceneSize } from './Scene'

/**
 * The localStorage key an e2e run sets to cap every canvas's frame rate (playwright.config.ts).
 * Headless Chromium draws WebGL in software (SwiftShader): an open crash page at 60 frames a
 * second took 1.8 of the CI machine's 2 cores, slowing every test beside it. Benchmarks leave it
 * unset and measure the uncapped rate.
 */
export const TEST_MAX_FPS_KEY = 'tessera.test.maxFps'

/** The frame cap the test run asked for through {@link TEST_MAX_FPS_KEY}, or 0 for none. */
export function testFrameCap(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
) {
  const cap = Number(storage?.getItem(TEST_MAX_FPS_KEY) ?? 0)
  return Number.isInteger(cap) && cap > 0 ? cap : 0
}

/** The name of the global the hook lives under, `window.__tesseraCanvas`. */
export const CANVAS_TEST_HOOK = '__tesseraCanvas'

/** One mounted canvas as a test reads it: plain data, so it crosses `page.evaluate`. */
export interface CanvasInspection {
  /** Registration number, unique for the page's life; pass it to `takeFrames` and `release`. */
  readonly id: number
  /** `inspect().scene`, or `'unknown'` for a scene without `inspect`. */
  readonly scene: string
  readonly state: CanvasRuntimeState
  readonly size: SceneSize | null
  /** Frames ticked since the canvas mounted. */
  readonly frames: number
  /** Frames per second over the last ~60 frames (0 before two frames). */
  readonly fps: number
  /** The reduced-motion setting the scene was drawing with. */
  readonly reducedMotion: boolean
  /** What the scene reports it draws (`Scene.inspect`), or null without one. */
  readonly detail: SceneInspection | null
}

/** Frame timings gathered since the last `takeFrames` (at most `MAX_SAMPLES` of each). */
export interface CanvasFrameSamples {
  /** Main-thread milliseconds of each tick: the scene's `update` plus Pixi's render call. */
  readonly cpuMs: number[]
  /** Milliseconds between consecutive ticks (the ticker runs on `requestAnimationFrame`). */
  readonly intervalMs: number[]
}

/** Options of `mountEmptyStage`. */
export interface EmptyStageSize {
  readonly width: number
  readonly height: number
}

/** `window.__tesseraCanvas`. */
export interface CanvasTestHook {
  /** Every mounted canvas, oldest first. */
  list(): CanvasInspection[]
  /** The newest mounted canvas whose scene is `scene` (its `inspect().scene`), or null. */
  find(scene: string): CanvasInspection | null
  /** Hand over and clear the frame timings of canvas `id`; null if it is not mounted. */
  takeFrames(id: number): CanvasFrameSamples | null
  /**
   * Mount a scene that draws nothing on a fixed box of this CSS size, through the same runtime and
   * platform as the games: the benchmarks' "empty stage" baseline. Resolves with the canvas id
   * once it runs; `release(id)` removes it. Present once a game's canvas code has loaded.
   */
  mountEmptyStage(size: EmptyStageSize): Promise<number>
  /** Unmount a stage made by `mountEmptyStage`; false if `id` is not one. */
  release(id: number): boolean
}

declare global {
  interface Window {
    /** Test builds only; see games/engine/canvas/testHook.ts. */
    [CANVAS_TEST_HOOK]?: CanvasTestHook
  }
}

/** What `CanvasRuntime` hands over when a canvas starts running. */
export interface CanvasRegistration {
  readonly ticker: FrameTicker
  readonly scene: Scene<unknown>
  readonly context: SceneContext
  readonly state: () => CanvasRuntimeState
  readonly size: () => SceneSize | null
}

/** Samples kept per series between two `takeFrames`: a 20 s run at 60 fps needs 1,200. */
export const MAX_SAMPLES = 8192
/** Frames the `fps` figure averages over. */
const FPS_WINDOW = 60
/** Ticker priorities around everything else on the ticker: Pixi's render runs at -25 (LOW). */
const FIRST = 1000
const LAST = -1000

interface Entry {
  readonly id: number
  readonly registration: CanvasRegistration
  frames: number
  tickStart: number
  lastTime: number | null
  recent: number[]
  cpuMs: number[]
  intervalMs: number[]
}

/** What a page in a test build can make an empty stage with; set by the host module. */
export type EmptyStageMounter = (size: EmptyStageSize) => Promise<{ id: number; unmount(): void }>

const entries = new Map<number, Entry>()
const ownStages = new Map<number, () => void>()
let nextId = 1
let emptyStageMounter: EmptyStageMounter | null = null

/** Lets the hook build empty stages; the host calls this in test builds only. */
export function provideEmptyStageMounter(mounter: EmptyStageMounter): void {
  emptyStageMounter = mounter
  installCanvasTestHook()
}

/**
 * Register a running canvas with the hook (installing `window.__tesseraCanvas` on first use) and
 * time its frames. Returns the disposer, which the runtime runs on teardown.
 */
export function registerCanvas(registration: CanvasRegistration): { id: number; dispose(): void } {
  installCanvasTestHook()
  const entry: Entry = {
    id: nextId++,
    registration,
    frames: 0,
    tickStart: 0,
    lastTime: null,
    recent: [],
    cpuMs: [],
    intervalMs: [],
  }
  const first = (frame: SceneFrame) => {
    entry.tickStart = performance.now()
    if (entry.lastTime !== null) {
      const interval = frame.lastTime - entry.lastTime
      push(entry.intervalMs, interval)
      entry.recent.push(interval)
      if (entry.recent.length > FPS_WINDOW) entry.recent.shift()
    }
    entry.lastTime = frame.lastTime
  }
  const last = () => {
    entry.frames += 1
    push(entry.cpuMs, performance.now() - entry.tickStart)
  }
  registration.ticker.add(first, null, FIRST)
  registration.ticker.add(last, null, LAST)
  entries.set(entry.id, entry)
  return {
    id: entry.id,
    dispose: () => {
      registration.ticker.remove(first, null)
      registration.ticker.remove(last, null)
      entries.delete(entry.id)
    },
  }
}

/** Put `window.__tesseraCanvas` in place; idempotent. Exported for the hook's own tests. */
export function installCanvasTestHook(): CanvasTestHook {
  const existing = window[CANVAS_TEST_HOOK]
  if (existing) return existing
  const hook: CanvasTestHook = {
    list: () => [...entries.values()].map(inspectEntry),
    find: (scene) => {
      const found = [...entries.values()].map(inspectEntry).filter((c) => c.scene === scene)
      return found[found.length - 1] ?? null
    },
    takeFrames: (id) => {
      const entry = entries.get(id)
      if (!entry) return null
      const samples = { cpuMs: entry.cpuMs, intervalMs: entry.intervalMs }
      entry.cpuMs = []
      entry.intervalMs = []
      return samples
    },
    mountEmptyStage: async (size) => {
      if (!emptyStageMounter) {
        throw new Error('[CanvasTestHook] no canvas code has loaded on this page yet')
      }
      const stage = await emptyStageMounter(size)
      ownStages.set(stage.id, stage.unmount)
      return stage.id
    },
    release: (id) => {
      const unmount = ownStages.get(id)
      if (!unmount) return false
      ownStages.delete(id)
      unmount()
      return true
    },
  }
  window[CANVAS_TEST_HOOK] = hook
  return hook
}

/** Remove the global and forget every registration: for unit tests that compare builds. */
export function uninstallCanvasTestHook(): void {
  for (const unmount of ownStages.values()) unmount()
  ownStages.clear()
  entries.clear()
  delete window[CANVAS_TEST_HOOK]
}

function inspectEntry(entry: Entry): CanvasInspection {
  const { registration, recent } = entry
  const detail = registration.scene.inspect?.() ?? null
  const mean = recent.length > 0 ? recent.reduce((a, b) => a + b, 0) / recent.length : 0
  return {
    id: entry.id,
    scene: detail?.scene ?? 'unknown',
    state: registration.state(),
    size: registration.size(),
    frames: entry.frames,
    fps: mean > 0 ? Math.round((1000 / mean) * 10) / 10 : 0,
    reducedMotion: registration.context.reducedMotion,
    detail,
  }
}

function push(series: number[], value: number): void {
  if (series.length < MAX_SAMPLES) series.push(value)
}
