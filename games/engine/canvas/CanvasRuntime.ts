import type { Container } from 'pixi.js'
import { STAGE_DESTROY_OPTIONS } from './ApplicationPool'
import {
  REDUCED_MOTION_QUERY,
  capResolution,
  type ApplicationLease,
  type CanvasApplication,
  type CssSize,
  type CanvasPlatform,
  type MediaQuerySource,
} from './platform'
import type { AssetBundle, Scene, SceneClock, SceneFrame, SceneSize } from './Scene'
import { registerCanvas, testFrameCap } from './testHook'

// Kept here too: it was first exported from this module.
export { STAGE_DESTROY_OPTIONS }

/** Where a runtime is in its life; it only moves forward. */
export type CanvasRuntimeState = 'idle' | 'starting' | 'running' | 'failed' | 'destroyed'

/** Options of `CanvasRuntime`. */
export interface CanvasRuntimeOptions<Snapshot> {
  /** The element the canvas is appended to and sized after. */
  readonly element: HTMLElement
  /**
   * Called once, at `start`; the runtime owns the scene it returns. A promise lets a page load the
   * scene's code (and Pixi's drawing classes with it) after its first frame.
   */
  readonly createScene: () => Scene<Snapshot> | Promise<Scene<Snapshot>>
  /** The first snapshot; later ones come through `setSnapshot`. */
  readonly snapshot: Snapshot
  readonly platform: CanvasPlatform
  /** Reports a failed start (no WebGL, a bundle that will not load); the runtime has cleaned up. */
  readonly onError?: (error: unknown) => void
}

/**
 * The lifecycle of one canvas: create the application, load the scene's bundles, mount the scene,
 * keep it sized, fed, paused while hidden and told about reduced motion, then release all of it.
 * `CanvasHost` is a thin React shell around this class; this class knows nothing of React.
 *
 * `destroy` may come at any point, including while `start` is awaiting the application or the
 * bundles: whatever exists by then is released, and what arrives later is released on arrival.
 */
export class CanvasRuntime<Snapshot> {
  readonly #options: CanvasRuntimeOptions<Snapshot>
  #state: CanvasRuntimeState = 'idle'
  #snapshot: Snapshot
  #size: SceneSize | null = null
  #lease: ApplicationLease | null = null
  #app: CanvasApplication | null = null
  /** The scene's own root under the (possibly reused) application's stage; destroyed on teardown. */
  #root: Container | null = null
  #scene: Scene<Snapshot> | null = null
  #mounted = false
  /** The canvas must be drawn on the next tick whatever the scene says (mounted, resized). */
  #stale = true
  /**
   * The container has no area now (display: none, as React hides a page it keeps mounted while the
   * next route loads, or a closed tab panel): nothing is updated or drawn until it has one again.
   * A live scene would otherwise go on drawing every frame unseen, which under software WebGL
   * takes the CPU the next page needs to load.
   */
  #collapsed = false
  #heldBundles: readonly AssetBundle[] = []
  /** Id in the canvas test hook (test builds only), else null. */
  #testId: number | null = null
  /** Disposers of listeners and observers, run in reverse order on teardown. */
  readonly #disposers: (() => void)[] = []

  constructor(options: CanvasRuntimeOptions<Snapshot>) {
    this.#options = options
    this.#snapshot = options.snapshot
  }

  /** The current lifecycle state. */
  get state(): CanvasRuntimeState {
    return this.#state
  }

  /** This canvas's id in `window.__tesseraCanvas` once running in a test build, else null. */
  get testId(): number | null {
    return this.#testId
  }

  /** The size last applied to the renderer and the scene, or null before the first one. */
  get size(): SceneSize | null {
    return this.#size
  }

  /**
   * Create the application and mount the scene. Resolves when running, or when it stopped early
   * because `destroy` was called or the start failed (reported through `onError`). Calling it again,
   * or after `destroy`, does nothing.
   */
  async start(): Promise<void> {
    if (this.#state !== 'idle') return
    this.#state = 'starting'
    const { platform, element } = this.#options
    try {
      const scene = await this.#options.createScene()
      // A destroy while the scene's code loaded ends the start before anything is held.
      if (!this.#isStarting()) return
      this.#scene = scene
      // Held from the moment they are requested, so a destroy during the load releases them.
      this.#heldBundles = scene.bundles
      const loading = platform.bundles.acquire(scene.bundles)
      const initial = measure(element)
      const lease = platform.acquireApplication({
        width: Math.max(1, initial.width),
        height: Math.max(1, initial.height),
        resolution: capResolution(platform.devicePixelRatio()),
        autoDensity: true,
        backgroundAlpha: 0,
        antialias: true,
        autoStart: false,
        sharedTicker: false,
      })
      // Held from the moment it is asked for, so a destroy during init gives it back (the platform
      // destroys or parks one that arrives after that).
      this.#lease = lease
      const creating = lease.application.then((app) => {
        if (this.#isStarting()) this.#app = app
      })
      await Promise.all([creating, loading])
      if (!this.#isStarting() || !this.#app) return
      this.#mount(this.#app, scene)
      this.#state = 'running'
    } catch (error) {
      if (!this.#isStarting()) return
      const report = this.#options.onError ?? reportToConsole
      try {
        this.#teardown('failed')
      } catch (teardownError) {
        report(teardownError)
      }
      report(error)
    }
  }

  /** Replace the snapshot the next frames draw. Cheap: nothing else happens until the next tick. */
  setSnapshot(snapshot: Snapshot): void {
    this.#snapshot = snapshot
  }

  /** Release everything; safe to call in any state and more than once. */
  destroy(): void {
    if (this.#state === 'destroyed' || this.#state === 'failed') {
      this.#state = 'destroyed'
      return
    }
    this.#teardown('destroyed')
  }

  /** A method, not an inline comparison, because `destroy` may change the state across awaits. */
  #isStarting(): boolean {
    return this.#state === 'starting'
  }

  #mount(app: CanvasApplication, scene: Scene<Snapshot>): void {
    const { platform, element } = this.#options
    // Block, not the default inline, so no baseline gap makes the layer scroll or grow.
    app.canvas.style.display = 'block'
    element.append(app.canvas)

    // The scene sees this object as a read-only `SceneContext`; the runtime keeps it current.
    const context: { reducedMotion: boolean; readonly clock: SceneClock } = {
      reducedMotion: false,
      clock: platform.clock,
    }
    const motion = platform.matchMedia(REDUCED_MOTION_QUERY)
    const onMotion = () => {
      context.reducedMotion = motion.matches
    }
    onMotion()
    motion.addEventListener('change', onMotion)
    this.#disposers.push(() => motion.removeEventListener('change', onMotion))

    // A root of its own, not the stage: the application may be reused by the next mount, and
    // destroying this root with its children leaves the stage as the previous mount found it.
    const root = platform.createRoot()
    this.#root = root
    app.stage.addChild(root)
    scene.mount(root, context)
    this.#mounted = true
    this.#applySize(measure(element))
    this.#disposers.push(platform.observeSize(element, (size) => this.#applySize(size)))
    this.#watchPixelRatio()

    const { visibility } = platform
    const onVisibility = () => {
      if (visibility.hidden) app.ticker.stop()
      else app.ticker.start()
    }
    visibility.addEventListener('visibilitychange', onVisibility)
    this.#disposers.push(() => visibility.removeEventListener('visibilitychange', onVisibility))

    app.ticker.add(this.#onTick)
    // Test builds only: Vite folds this to `false` in production and drops the hook with it.
    if (import.meta.env.VITE_TEST_HOOKS === 'true') {
      app.ticker.maxFPS = testFrameCap()
      const registered = registerCanvas({
        ticker: app.ticker,
        scene: scene as Scene<unknown>,
        context,
        state: () => this.#state,
        size: () => this.#size,
      })
      this.#testId = registered.id
      this.#disposers.push(registered.dispose)
    }
    if (!visibility.hidden) app.ticker.start()
  }

  /**
   * Re-apply the size when the device pixel ratio changes without the CSS size changing, as when
   * the window moves to a screen of another density. A `(resolution: Ndppx)` query matches one ratio
   * only, so each change re-registers on a query for the new ratio.
   */
  #watchPixelRatio(): void {
    const { platform, element } = this.#options
    let query: MediaQuerySource | null = null
    const onChange = () => {
      listen()
      const last = this.#size
      this.#applySize(last ? { width: last.width, height: last.height } : measure(element))
    }
    const listen = () => {
      query?.removeEventListener('change', onChange)
      query = platform.matchMedia(`(resolution: ${platform.devicePixelRatio()}dppx)`)
      query.addEventListener('change', onChange)
    }
    listen()
    this.#disposers.push(() => query?.removeEventListener('change', onChange))
  }

  readonly #onTick = (frame: SceneFrame): void => {
    // No size yet means the container was collapsed at mount; the scene has not been laid out
    // (the contract promises `resize` before the first `update`) and there is nothing to see.
    if (!this.#size || !this.#scene || this.#collapsed) return
    const changed = this.#scene.update(this.#snapshot, frame)
    // A frame the scene reports unchanged is not drawn again: the canvas keeps the last one. A
    // resize or a new mount always draws once.
    if (changed === false && !this.#stale) return
    this.#stale = false
    this.#app?.render()
  }

  #applySize(css: CssSize): void {
    const app = this.#app
    const scene = this.#scene
    if (!app || !scene) return
    // A collapsed container keeps the last good size rather than handing the renderer and the
    // scene a zero-area stage, and pauses the frames (see `#collapsed`).
    if (css.width <= 0 || css.height <= 0) {
      this.#collapsed = true
      return
    }
    if (this.#collapsed) {
      this.#collapsed = false
      // Shown again: draw once even if the scene says nothing changed since its last frame.
      this.#stale = true
    }
    const resolution = capResolution(this.#options.platform.devicePixelRatio())
    const last = this.#size
    if (last && last.width === css.width && last.height === css.height) {
      if (last.resolution === resolution) return
    }
    const size: SceneSize = { width: css.width, height: css.height, resolution }
    this.#size = size
    app.renderer.resize(size.width, size.height, size.resolution)
    scene.resize(size)
    this.#stale = true
  }

  /**
   * Release in the reverse order of acquisition. Every step runs even if an earlier one throws (a
   * buggy scene `destroy` must not leak the WebGL context); the first error is rethrown at the end.
   */
  #teardown(finalState: 'destroyed' | 'failed'): void {
    this.#state = finalState
    const errors: unknown[] = []
    const step = (release: () => void) => {
      try {
        release()
      } catch (error) {
        errors.push(error)
      }
    }
    while (this.#disposers.length > 0) step(this.#disposers.pop() ?? noop)
    const app = this.#app
    const scene = this.#scene
    if (app) {
      step(() => {
        app.ticker.stop()
        app.ticker.remove(this.#onTick)
      })
    }
    if (scene && this.#mounted) step(() => scene.destroy())
    const root = this.#root
    if (root) step(() => root.destroy(STAGE_DESTROY_OPTIONS))
    const lease = this.#lease
    // Stops the ticker and takes the canvas out of the page, or destroys a dedicated application.
    if (lease) step(() => lease.release())
    const bundles = this.#heldBundles
    if (bundles.length > 0) step(() => this.#options.platform.bundles.release(bundles))
    this.#lease = null
    this.#app = null
    this.#root = null
    this.#scene = null
    this.#mounted = false
    this.#heldBundles = []
    if (errors.length === 1) throw errors[0]
    if (errors.length > 1)
      throw new AggregateError(errors, '[Canvas] several teardown steps failed')
  }
}

function measure(element: HTMLElement): CssSize {
  return { width: element.clientWidth, height: element.clientHeight }
}

function noop(): void {}

function reportToConsole(error: unknown): void {
  console.error('[Canvas] the canvas could not start', error)
}
