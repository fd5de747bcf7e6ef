import type { AssetsBundle, Container } from 'pixi.js'

/**
 * A named group of assets a scene needs before it mounts, in Pixi's own bundle format
 * (`{ name, assets: { alias: 'url' } }`). Names are global: two scenes that declare the same name
 * must mean the same files, because the loader shares a bundle between hosts and counts its users.
 */
export type AssetBundle = AssetsBundle

/** Size of the drawing area in CSS pixels, with the renderer resolution the host chose. */
export interface SceneSize {
  readonly width: number
  readonly height: number
  /** Device pixels per CSS pixel, already capped by the host (see `MAX_RESOLUTION`). */
  readonly resolution: number
}

/** Timing of one frame; Pixi's `Ticker` satisfies it, so the host passes it without copying. */
export interface SceneFrame {
  /** Milliseconds since the previous frame, capped by the ticker after a stall. */
  readonly deltaMS: number
  /** Time of this frame on the `performance.now()` timeline, in milliseconds. */
  readonly lastTime: number
}

/** A monotonic clock in milliseconds; live games anchor server times to it. */
export interface SceneClock {
  now(): number
}

/** What the host gives a scene when it mounts. */
export interface SceneContext {
  /**
   * True while the player asks for reduced motion (`prefers-reduced-motion: reduce`). Live: read it
   * on every `update` rather than caching it at mount, since the setting can change mid-round.
   */
  readonly reducedMotion: boolean
  /** The clock frame times come from, for scenes that convert server times to local ones. */
  readonly clock: SceneClock
}

/**
 * The one interface every game scene implements (STYLE.md section 7). A scene is a plain Pixi class:
 * it draws the snapshot it is given and never holds game truth.
 *
 * The host calls, in this order: (bundles are loaded) `mount` once, `resize` at least once before
 * the first `update`, then `update` every frame while the tab is visible, interleaved with `resize`
 * when the container changes, and `destroy` once. A scene that was never mounted (the host was
 * unmounted while loading) is never destroyed either, so constructors only declare and `mount`
 * allocates.
 */
export interface Scene<Snapshot> {
  /** Bundles loaded before `mount` and unloaded after `destroy` (when no other host uses them). */
  readonly bundles: readonly AssetBundle[]
  /** Build the display tree under `stage`; remember `context` for later frames. */
  mount(stage: Container, context: SceneContext): void
  /**
   * Draw `snapshot` at this frame. Called every tick with the latest snapshot, changed or not.
   * Returns false when nothing on screen changed since the last frame, so the host skips drawing
   * it (a still scene then costs no GPU, nor CPU under software WebGL); anything else, or nothing,
   * draws the frame.
   */
  update(snapshot: Snapshot, frame: SceneFrame): boolean | void
  /** Lay out for a new size. */
  resize(size: SceneSize): void
  /**
   * Release everything `mount` created that the host cannot see: textures the scene generated
   * (render textures, canvases), listeners, timers. Display objects left on the stage are destroyed
   * by the host with their children and graphics contexts; textures from `bundles` belong to the
   * asset loader and must not be destroyed here.
   */
  destroy(): void
  /**
   * Test builds only (games/engine/canvas/testHook.ts): what the scene drew last, as plain data for
   * e2e tests and benchmarks to read through `window.__tesseraCanvas`. Must not draw or allocate
   * display objects; the host never calls it in a production build.
   */
  inspect?(): SceneInspection
}

/** What a scene reports it draws: its name and JSON-safe facts (texts shown, markers, counts). */
export interface SceneInspection {
  /** The scene's name as tests look it up, e.g. `'crash'`. */
  readonly scene: string
  readonly [fact: string]: unknown
}
