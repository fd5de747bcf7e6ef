import type { Container, DestroyOptions, RendererDestroyOptions } from 'pixi.js'
import type { AssetBundle, SceneFrame } from './Scene'

/**
 * Everything `CanvasRuntime` needs from the outside world, injected so the lifecycle runs in jsdom
 * with fakes (no WebGL there) and in the browser with Pixi (`createPixiPlatform`).
 */
export interface CanvasPlatform {
  /**
   * Lend a renderer application (Pixi's `Application` after `await init`) for one mount. The
   * platform decides whether it is created for this mount or reused from an earlier one
   * (`ApplicationPool`: one per page, since Pixi leaks per renderer created); the runtime only
   * ever releases it, never destroys it.
   */
  acquireApplication(options: ApplicationSetup): ApplicationLease
  /** Shared, reference-counted asset bundles. */
  readonly bundles: BundleLoader
  /** Call `onSize` with the element's CSS size now and on every change; returns the disposer. */
  observeSize(element: HTMLElement, onSize: (size: CssSize) => void): () => void
  /** Source of `hidden` and `visibilitychange` (the page's `document`). */
  readonly visibility: VisibilitySource
  /** `window.matchMedia`, or a fake. */
  matchMedia(query: string): MediaQuerySource
  /** Current `window.devicePixelRatio`, read on every resize since it changes with zoom. */
  devicePixelRatio(): number
  /** Clock for `SceneContext.clock`. */
  readonly clock: { now(): number }
  /**
   * An empty container to mount one scene under. The platform makes it, not the runtime, so the
   * runtime (and every page that hosts a canvas) loads none of Pixi's code before the platform.
   */
  createRoot(): Container
}

/**
 * One mount's use of an application. The application may have drawn other scenes before and will
 * draw others after: the runtime mounts its scene under a root container of its own, and before
 * `release` removes everything it added (ticker callbacks, the root and its children).
 */
export interface ApplicationLease {
  /** Resolves with the application once initialised; rejects if it could not be created. */
  readonly application: Promise<CanvasApplication>
  /** Give the application back; safe before it has arrived and more than once. */
  release(): void
}

/** Options the runtime passes to `acquireApplication`; a subset of Pixi's `ApplicationOptions`. */
export interface ApplicationSetup {
  width: number
  height: number
  resolution: number
  /** Keep the canvas at CSS size while its backing store is `resolution` times larger. */
  autoDensity: true
  backgroundAlpha: number
  antialias: boolean
  /** The runtime starts the ticker itself, after the scene is mounted and only if visible. */
  autoStart: false
  sharedTicker: false
}

/** The part of Pixi's `Application` the runtime uses; a real `Application` satisfies it. */
export interface CanvasApplication {
  readonly canvas: HTMLCanvasElement
  readonly stage: Container
  readonly ticker: FrameTicker
  readonly renderer: { resize(width: number, height: number, resolution?: number): void }
  /**
   * Draw the stage now. The application does not draw by itself on every tick: the runtime calls
   * this on the frames whose scene changed (see `Scene.update`).
   */
  render(): void
  destroy(rendererOptions?: RendererDestroyOptions, options?: DestroyOptions): void
}

/** The part of Pixi's `Ticker` the runtime uses. */
export interface FrameTicker extends SceneFrame {
  readonly started: boolean
  /** Frames per second at most (0: every animation frame), as Pixi's `Ticker.maxFPS`. */
  maxFPS: number
  /** `context` and `priority` as in Pixi (higher priority runs first; Pixi renders at -25). */
  add(fn: (frame: SceneFrame) => void, context?: unknown, priority?: number): unknown
  remove(fn: (frame: SceneFrame) => void, context?: unknown): unknown
  start(): void
  stop(): void
}

/** Loads bundles for the hosts that use them and unloads each when its last user releases it. */
export interface BundleLoader {
  /** Take one use of each bundle; resolves when all are loaded. */
  acquire(bundles: readonly AssetBundle[]): Promise<void>
  /** Give back one use of each bundle taken by `acquire`, even if that load has not finished. */
  release(bundles: readonly AssetBundle[]): void
}

/** CSS pixel size of an element. */
export interface CssSize {
  readonly width: number
  readonly height: number
}

/** The page visibility API surface the runtime listens to. */
export interface VisibilitySource {
  readonly hidden: boolean
  addEventListener(type: 'visibilitychange', listener: () => void): void
  removeEventListener(type: 'visibilitychange', listener: () => void): void
}

/** The `MediaQueryList` surface the runtime listens to. */
export interface MediaQuerySource {
  readonly matches: boolean
  addEventListener(type: 'change', listener: () => void): void
  removeEventListener(type: 'change', listener: () => void): void
}

/** Media query for the player's reduced-motion preference. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

/**
 * Highest renderer resolution the host uses. Pixel count grows with its square: a 3x phone at full
 * density fills 9 device pixels per CSS pixel against 4 at 2x, which costs frame rate and battery
 * on exactly the devices that have least of both, for sharpness few players can see on a moving
 * curve. 2 keeps text and edges crisp on every retina screen.
 */
export const MAX_RESOLUTION = 2

/** Renderer resolution for a device pixel ratio: capped at `MAX_RESOLUTION`, 1 when unknown. */
export function capResolution(devicePixelRatio: number): number {
  if (!Number.isFinite(devicePixelRatio) || devicePixelRatio <= 0) return 1
  return Math.min(devicePixelRatio, MAX_RESOLUTION)
}

/**
 * `observeSize` with a `ResizeObserver` on the element's content box. The observer reports the
 * initial size on its own after `observe`, so the caller measures once itself for the first frame.
 */
export function observeElementSize(
  element: HTMLElement,
  onSize: (size: CssSize) => void,
): () => void {
  const observer = new ResizeObserver((entries) => {
    const entry = entries[entries.length - 1]
    if (entry) onSize({ width: entry.contentRect.width, height: entry.contentRect.height })
  })
  observer.observe(element)
  return () => observer.disconnect()
}
