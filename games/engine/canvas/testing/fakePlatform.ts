/**
 * Fakes for testing canvas code in jsdom, which has no WebGL: an application whose stage is a real
 * Pixi `Container` (so destroy options act on real display objects), a hand-driven ticker, an
 * `Assets` stand-in that makes real `Texture`s, a media query and a `ResizeObserver`, each counting
 * what is live so a test can assert that everything returns to where it started.
 */
import { Container, Texture, TextureSource, type DestroyOptions } from 'pixi.js'
import { ApplicationPool } from '../ApplicationPool'
import { BundleRegistry, type AssetsLike } from '../BundleRegistry'
import {
  REDUCED_MOTION_QUERY,
  observeElementSize,
  type ApplicationSetup,
  type CanvasApplication,
  type CanvasPlatform,
  type FrameTicker,
  type MediaQuerySource,
} from '../platform'
import type { AssetBundle, SceneFrame } from '../Scene'

/** A promise with its settle functions, for steps a test finishes by hand. */
export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

/** Make a `Deferred`. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

/** Counts listeners added to and not yet removed from an `EventTarget`, by wrapping its methods. */
export class ListenerCounter {
  readonly #live = new Set<string>()
  readonly #ids = new WeakMap<object, number>()
  #nextId = 0
  readonly #restore: () => void

  constructor(target: EventTarget) {
    // jsdom's window has these as own properties, a document inherits them: keep whichever exists.
    const ownAdd = Object.getOwnPropertyDescriptor(target, 'addEventListener')
    const ownRemove = Object.getOwnPropertyDescriptor(target, 'removeEventListener')
    const add = target.addEventListener.bind(target)
    const remove = target.removeEventListener.bind(target)
    target.addEventListener = (type, listener, options) => {
      if (listener) this.#live.add(this.#key(type, listener, options))
      add(type, listener, options)
    }
    target.removeEventListener = (type, listener, options) => {
      if (listener) this.#live.delete(this.#key(type, listener, options))
      remove(type, listener, options)
    }
    this.#restore = () => {
      if (ownAdd) Object.defineProperty(target, 'addEventListener', ownAdd)
      else Reflect.deleteProperty(target, 'addEventListener')
      if (ownRemove) Object.defineProperty(target, 'removeEventListener', ownRemove)
      else Reflect.deleteProperty(target, 'removeEventListener')
    }
  }

  /** Listeners currently attached through this target. */
  get live(): number {
    return this.#live.size
  }

  /** Put the target's own methods back. */
  restore(): void {
    this.#restore()
  }

  // Same identity rule as the DOM: type, listener and capture flag.
  #key(type: string, listener: object, options?: boolean | EventListenerOptions): string {
    let id = this.#ids.get(listener)
    if (id === undefined) {
      id = this.#nextId++
      this.#ids.set(listener, id)
    }
    const capture = typeof options === 'boolean' ? options : (options?.capture ?? false)
    return `${type}:${id}:${capture}`
  }
}

/** A ticker advanced by `tick`; runs its callbacks only while started, like Pixi's. */
export class FakeTicker implements FrameTicker {
  started = false
  maxFPS = 0
  deltaMS = 0
  lastTime = 0
  destroyed = false
  readonly callbacks = new Set<(frame: SceneFrame) => void>()
  /** Priorities as Pixi orders them: higher first, then in the order added. */
  readonly #priorities = new Map<(frame: SceneFrame) => void, number>()

  add(fn: (frame: SceneFrame) => void, _context?: unknown, priority = 0): void {
    this.callbacks.add(fn)
    this.#priorities.set(fn, priority)
  }
  remove(fn: (frame: SceneFrame) => void): void {
    this.callbacks.delete(fn)
    this.#priorities.delete(fn)
  }
  start(): void {
    this.started = true
  }
  stop(): void {
    this.started = false
  }
  /** One frame of `deltaMS`; returns whether it ran (false while stopped). */
  tick(deltaMS = 16): boolean {
    if (!this.started || this.destroyed) return false
    this.deltaMS = deltaMS
    this.lastTime += deltaMS
    const order = [...this.callbacks]
    order.sort((a, b) => (this.#priorities.get(b) ?? 0) - (this.#priorities.get(a) ?? 0))
    for (const fn of order) fn(this)
    return true
  }
  destroy(): void {
    this.stop()
    this.callbacks.clear()
    this.destroyed = true
  }
}

/** An application with a real stage and canvas and a fake renderer and ticker. */
export class FakeApplication implements CanvasApplication {
  readonly canvas = document.createElement('canvas')
  readonly stage = new Container()
  readonly ticker = new FakeTicker()
  /** How many frames the runtime drew (`render`). */
  renders = 0
  render(): void {
    this.renders++
  }
  readonly resizes: { width: number; height: number; resolution: number | undefined }[] = []
  readonly renderer = {
    resize: (width: number, height: number, resolution?: number) => {
      this.resizes.push({ width, height, resolution })
    },
  }
  destroyed = false
  destroyOptions: DestroyOptions | undefined
  readonly #onDestroy: () => void

  constructor(
    readonly setup: ApplicationSetup,
    onDestroy: () => void,
  ) {
    this.#onDestroy = onDestroy
  }

  /** Mirrors Pixi: plugins (the ticker) first, then the stage with `options`, then the view. */
  destroy(rendererOptions?: boolean | { removeView?: boolean }, options?: DestroyOptions): void {
    if (this.destroyed) throw new Error('[FakeApplication] destroyed twice')
    this.destroyed = true
    this.destroyOptions = options
    this.ticker.destroy()
    this.stage.destroy(options)
    const removeView = rendererOptions === true || (rendererOptions || {}).removeView === true
    if (removeView) this.canvas.remove()
    this.#onDestroy()
  }
}

/** `Assets` stand-in: each loaded bundle holds one real texture per asset; unload destroys them. */
export class FakeAssets implements AssetsLike {
  readonly declared = new Map<string, AssetBundle['assets']>()
  readonly loaded = new Map<string, Texture[]>()
  /** Every texture ever made, to count the live ones. */
  readonly textures: Texture[] = []
  /** When set, loads wait for the test to resolve the returned deferreds. */
  holdLoads = false
  readonly pendingLoads: Deferred<void>[] = []
  readonly resolver = { hasBundle: (name: string) => this.declared.has(name) }

  addBundle(name: string, assets: AssetBundle['assets']): void {
    if (this.declared.has(name)) throw new Error(`[FakeAssets] bundle "${name}" added twice`)
    this.declared.set(name, assets)
  }

  async loadBundle(name: string): Promise<Record<string, Texture>> {
    const assets = this.declared.get(name)
    if (!assets) throw new Error(`[FakeAssets] unknown bundle "${name}"`)
    if (this.holdLoads) {
      const wait = deferred<void>()
      this.pendingLoads.push(wait)
      await wait.promise
    }
    const aliases = Array.isArray(assets) ? assets.map((_, i) => String(i)) : Object.keys(assets)
    const textures = aliases.map(() => makeTexture())
    this.textures.push(...textures)
    this.loaded.set(name, [...(this.loaded.get(name) ?? []), ...textures])
    return Object.fromEntries(aliases.map((alias, i) => [alias, textures[i] as Texture]))
  }

  async unloadBundle(name: string): Promise<void> {
    for (const texture of this.loaded.get(name) ?? []) texture.destroy(true)
    this.loaded.delete(name)
  }

  /** A loaded texture of `name`, as a scene would get it from the cache. */
  texture(name: string): Texture {
    const texture = this.loaded.get(name)?.[0]
    if (!texture) throw new Error(`[FakeAssets] bundle "${name}" is not loaded`)
    return texture
  }

  get liveTextures(): number {
    return this.textures.filter((texture) => !texture.destroyed).length
  }
}

/** A real (non-GPU) Pixi texture: a 1x1 source with nothing uploaded. */
export function makeTexture(): Texture {
  return new Texture({ source: new TextureSource({ width: 1, height: 1 }) })
}

/** A `MediaQueryList` whose `matches` the test sets; `set` fires `change` like the browser. */
export class FakeMediaQuery implements MediaQuerySource {
  matches: boolean
  readonly listeners = new Set<() => void>()
  constructor(
    readonly media: string,
    matches = false,
  ) {
    this.matches = matches
  }
  addEventListener(_type: 'change', listener: () => void): void {
    this.listeners.add(listener)
  }
  removeEventListener(_type: 'change', listener: () => void): void {
    this.listeners.delete(listener)
  }
  set(matches: boolean): void {
    this.matches = matches
    for (const listener of [...this.listeners]) listener()
  }
}

/** A `ResizeObserver` for jsdom (which has none) that counts live observers; install it globally. */
export class FakeResizeObserver {
  static readonly live = new Set<FakeResizeObserver>()
  readonly #callback: ResizeObserverCallback
  readonly targets = new Set<Element>()

  constructor(callback: ResizeObserverCallback) {
    this.#callback = callback
  }
  observe(target: Element): void {
    this.targets.add(target)
    FakeResizeObserver.live.add(this)
  }
  unobserve(target: Element): void {
    this.targets.delete(target)
    if (this.targets.size === 0) FakeResizeObserver.live.delete(this)
  }
  disconnect(): void {
    this.targets.clear()
    FakeResizeObserver.live.delete(this)
  }
  /** Report a new content size of `target` to every observer watching it. */
  static resize(target: Element, width: number, height: number): void {
    for (const observer of [...FakeResizeObserver.live]) {
      if (!observer.targets.has(target)) continue
      const entry = { target, contentRect: { width, height } } as unknown as ResizeObserverEntry
      observer.#callback([entry], observer as unknown as ResizeObserver)
    }
  }
}

/** Options of `createFakePlatform`. */
export interface FakePlatformOptions {
  devicePixelRatio?: number
  reducedMotion?: boolean
  /** When true, creating an application waits for the test to resolve `pendingApps`. */
  holdApplications?: boolean
}

/** A `CanvasPlatform` of fakes over the real jsdom `document`, with its counters. */
export function createFakePlatform(options: FakePlatformOptions = {}) {
  const assets = new FakeAssets()
  const motion = new FakeMediaQuery(REDUCED_MOTION_QUERY, options.reducedMotion ?? false)
  /** Every query the code under test asked for, the reduced-motion one first. */
  const queries: FakeMediaQuery[] = [motion]
  const apps: FakeApplication[] = []
  const pendingApps: Deferred<void>[] = []
  const registry = new BundleRegistry(assets)
  const state = {
    devicePixelRatio: options.devicePixelRatio ?? 1,
    liveApps: 0,
    maxLiveApps: 0,
    holdApplications: options.holdApplications ?? false,
    now: 0,
  }
  /**
   * How the fake makes an application; a test may replace `create` (to fail a start, say). The
   * platform lends them through the real `ApplicationPool`, so tests run the page-wide policy.
   */
  const factory = {
    async create(setup: ApplicationSetup): Promise<CanvasApplication> {
      // Counted live from creation, as a real one holds its WebGL context from `init` on.
      state.liveApps += 1
      state.maxLiveApps = Math.max(state.maxLiveApps, state.liveApps)
      const app = new FakeApplication(setup, () => {
        state.liveApps -= 1
      })
      apps.push(app)
      if (state.holdApplications) {
        const wait = deferred<void>()
        pendingApps.push(wait)
        await wait.promise
      }
      return app
    },
  }
  const pool = new ApplicationPool((setup) => factory.create(setup))
  const platform: CanvasPlatform = {
    acquireApplication: (setup) => pool.acquire(setup),
    bundles: registry,
    observeSize: observeElementSize,
    visibility: document,
    matchMedia: (media) => {
      if (media === REDUCED_MOTION_QUERY) return motion
      const query = new FakeMediaQuery(media, true)
      queries.push(query)
      return query
    },
    devicePixelRatio: () => state.devicePixelRatio,
    clock: { now: () => state.now },
    createRoot: () => new Container(),
  }
  /** Listeners attached to any media query and not yet removed. */
  const mediaListeners = () => queries.reduce((sum, query) => sum + query.listeners.size, 0)
  return {
    platform,
    factory,
    pool,
    assets,
    registry,
    motion,
    queries,
    mediaListeners,
    apps,
    pendingApps,
    state,
  }
}

/** Set what jsdom reports as an element's CSS size (it lays nothing out, so it reports 0). */
export function setElementSize(element: HTMLElement, width: number, height: number): void {
  Object.defineProperty(element, 'clientWidth', { value: width, configurable: true })
  Object.defineProperty(element, 'clientHeight', { value: height, configurable: true })
}

/** Make `document.hidden` report `hidden` and fire `visibilitychange`, as a tab switch does. */
export function setDocumentHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Undo `setDocumentHidden` (the own property shadows jsdom's getter). */
export function restoreDocumentHidden(): void {
  Reflect.deleteProperty(document, 'hidden')
}

/** Let queued promise callbacks and one macrotask run (bundle unloads are asynchronous). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
