import type { BundleLoader } from './platform'
import type { AssetBundle } from './Scene'

/** The part of Pixi's global `Assets` the registry drives; `Assets` itself satisfies it. */
export interface AssetsLike {
  readonly resolver: { hasBundle(name: string): boolean }
  addBundle(name: string, assets: AssetBundle['assets']): void
  loadBundle(name: string): Promise<unknown>
  unloadBundle(name: string): Promise<void>
}

/**
 * Reference-counted bundle loading over Pixi's global `Assets` cache.
 *
 * `Assets` is one cache for the whole page, so two hosts that show the same game (a lobby preview
 * and the game page, or StrictMode's second mount while the first is still tearing down) share
 * each bundle's textures. A bundle is loaded by its first user and unloaded when its last user
 * releases it; loads and unloads of one bundle run strictly in order, so an unload still in flight
 * never removes textures that a new load has just handed out.
 */
export class BundleRegistry implements BundleLoader {
  readonly #loadAssets: () => Promise<AssetsLike>
  #assets: Promise<AssetsLike> | null = null
  readonly #onUnloadError: (error: unknown) => void
  readonly #users = new Map<string, number>()
  /** The last queued load or unload of each bundle; the next one starts after it settles. */
  readonly #queue = new Map<string, Promise<void>>()

  /**
   * @param assets - Pixi's `Assets`, or a fake in tests; or a function that loads it, called when
   *   the first bundle is acquired, so a page whose scenes declare none never downloads Pixi's
   *   asset loaders (see `pixiPlatform`).
   * @param onUnloadError - where a failed unload goes, since no caller awaits it.
   */
  constructor(
    assets: AssetsLike | (() => Promise<AssetsLike>),
    onUnloadError: (error: unknown) => void = console.error,
  ) {
    this.#loadAssets = typeof assets === 'function' ? assets : () => Promise.resolve(assets)
    this.#onUnloadError = onUnloadError
  }

  /** How many hosts hold `name` right now (0 when none). */
  users(name: string): number {
    return this.#users.get(name) ?? 0
  }

  acquire(bundles: readonly AssetBundle[]): Promise<void> {
    return Promise.all(bundles.map((bundle) => this.#acquireOne(bundle))).then(() => undefined)
  }

  release(bundles: readonly AssetBundle[]): void {
    for (const { name } of bundles) {
      const users = this.users(name)
      if (users === 0)
        throw new Error(`[Canvas] bundle "${name}" released more often than acquired`)
      this.#users.set(name, users - 1)
      if (users === 1) {
        this.#users.delete(name)
        this.#enqueue(name, async () => (await this.#assetsLoaded()).unloadBundle(name)).catch(
          this.#onUnloadError,
        )
      }
    }
  }

  #acquireOne(bundle: AssetBundle): Promise<void> {
    const { name } = bundle
    const users = this.users(name) + 1
    this.#users.set(name, users)
    if (users === 1) {
      return this.#enqueue(name, async () => {
        const assets = await this.#assetsLoaded()
        // The resolver warns and overwrites when a bundle is added twice; it keeps bundles after
        // unload, so a remount reuses the entry.
        if (!assets.resolver.hasBundle(name)) assets.addBundle(name, bundle.assets)
        await assets.loadBundle(name)
      })
    }
    // Another host holds it: its load (the last queued operation while users > 0) is ours too.
    return this.#queue.get(name) ?? Promise.resolve()
  }

  /** `Assets`, loaded once; a failed load is forgotten, so the next bundle tries again. */
  #assetsLoaded(): Promise<AssetsLike> {
    this.#assets ??= this.#loadAssets().catch((error: unknown) => {
      this.#assets = null
      throw error
    })
    return this.#assets
  }

  #enqueue(name: string, operation: () => Promise<unknown>): Promise<void> {
    const previous = this.#queue.get(name) ?? Promise.resolve()
    // A failed earlier step must not block the ones after it; its own caller saw the failure.
    const next = previous
      .catch(() => undefined)
      .then(operation)
      .then(() => undefined)
    this.#queue.set(name, next)
    return next
  }
}
