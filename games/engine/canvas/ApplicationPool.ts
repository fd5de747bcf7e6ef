import type { DestroyOptions } from 'pixi.js'
import type { ApplicationLease, ApplicationSetup, CanvasApplication } from './platform'

/**
 * How an application's stage is destroyed with it, and how the runtime destroys the root container
 * it gives each scene. Display objects, graphics contexts and text styles are per-host, so they go.
 * Textures do not (`texture: false`): a sprite's texture usually comes from a bundle in Pixi's
 * global `Assets` cache, shared with any other host of the same game, and Pixi itself warns that
 * such textures must be unloaded, not destroyed. Bundle textures are freed by the `BundleLoader`
 * when their last user leaves; textures a scene generates are freed by the scene's `destroy` (the
 * `Scene` contract).
 */
export const STAGE_DESTROY_OPTIONS = {
  children: true,
  context: true,
  style: true,
  texture: false,
  textureSource: false,
} as const satisfies DestroyOptions

/** Destroy an application with its stage and WebGL context, taking its canvas out of the page. */
export function destroyApplication(app: CanvasApplication): void {
  app.canvas.remove()
  app.destroy({ removeView: true }, STAGE_DESTROY_OPTIONS)
}

/**
 * One renderer per page, lent to one host at a time and kept between mounts.
 *
 * Why not a renderer per mount: Pixi 8 compiles each new renderer's shaders under a fresh numbered
 * name and keeps every full shader source in a module-level map that nothing clears
 * (pixijs/pixijs#12213), so every mount and unmount of a game left ~6.5 KB on the heap for the
 * page's life (`npm run bench -- memory`). Reusing the renderer compiles the shaders once. The
 * application kept here is a designed cache, not a leak: lifecycle tests take their baseline after
 * the first mount and unmount, when it exists.
 *
 * A released application is parked: its ticker stops (nothing draws while no scene is mounted) and
 * its canvas leaves the page; the next host appends the canvas to its own element and resizes it.
 * Everything a scene owned is destroyed by the runtime before it releases the lease.
 *
 * A host that asks while the shared application is lent out (two canvases on one page: the test
 * hook's empty stage beside a game, never two games today) gets a dedicated application of its
 * own, destroyed when it is released, as every application was before. It is not refused: a blank
 * canvas in production is worse than the shader entries one extra renderer leaves.
 */
export class ApplicationPool {
  readonly #create: (setup: ApplicationSetup) => Promise<CanvasApplication>
  /** The shared application, created on first use; null again if its creation failed. */
  #shared: Promise<CanvasApplication> | null = null
  /** The shared application once it has arrived, so it is parked synchronously on release. */
  #sharedReady: CanvasApplication | null = null
  #sharedLent = false

  constructor(create: (setup: ApplicationSetup) => Promise<CanvasApplication>) {
    this.#create = create
  }

  /** Whether the shared application is lent to a host right now. */
  get sharedLent(): boolean {
    return this.#sharedLent
  }

  /**
   * Lend an application for one mount. `setup` sizes an application created for this call; a
   * reused one is resized by the runtime when it mounts.
   */
  acquire(setup: ApplicationSetup): ApplicationLease {
    return this.#sharedLent ? this.#dedicated(setup) : this.#lendShared(setup)
  }

  #lendShared(setup: ApplicationSetup): ApplicationLease {
    this.#sharedLent = true
    let creating = this.#shared
    if (!creating) {
      creating = this.#create(setup)
      this.#shared = creating
      const attempt = creating
      attempt.then(
        (app) => {
          if (this.#shared === attempt) this.#sharedReady = app
        },
        () => {
          // The next host tries again (a lost WebGL context at init is not forever).
          if (this.#shared === attempt) this.#shared = null
        },
      )
    }
    let released = false
    return {
      application: creating,
      release: () => {
        if (released) return
        released = true
        this.#sharedLent = false
        const app = this.#sharedReady
        if (app) {
          app.ticker.stop()
          app.canvas.remove()
        }
      },
    }
  }

  #dedicated(setup: ApplicationSetup): ApplicationLease {
    let released = false
    let arrived: CanvasApplication | null = null
    const application = this.#create(setup).then((app) => {
      // Pixi cannot destroy an application during its async init: one released before it
      // arrived is destroyed on arrival.
      if (released) destroyApplication(app)
      else arrived = app
      return app
    })
    return {
      application,
      release: () => {
        if (released) return
        released = true
        if (arrived) destroyApplication(arrived)
      },
    }
  }
}
