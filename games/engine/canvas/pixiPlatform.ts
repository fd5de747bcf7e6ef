// Pixi compiles shaders with `new Function` unless this is loaded; the server's CSP forbids eval,
// so without it every canvas stays blank. It swaps in eval-free code paths for the whole app.
import 'pixi.js/unsafe-eval'
import { Application, Container } from 'pixi.js'
import { ApplicationPool } from './ApplicationPool'
import { BundleRegistry } from './BundleRegistry'
import {
  observeElementSize,
  type ApplicationSetup,
  type CanvasApplication,
  type CanvasPlatform,
} from './platform'

/**
 * Create and initialise a Pixi application for the runtime. WebGL is preferred: it is what every
 * target browser has and what the e2e run checks (Chromium with SwiftShader); WebGPU is still
 * uneven across the phones players use.
 */
export async function createPixiApplication(setup: ApplicationSetup): Promise<CanvasApplication> {
  const app = new Application()
  await app.init({
    ...setup,
    preference: 'webgl',
    // Pixi would otherwise download its whole browser extension set on the first init:
    // accessibility, DOM containers, pointer events, filters and spritesheet loading. Scenes only
    // draw what they are given (no pointer events, no filters, no spritesheets: the players'
    // intents come from React controls), so they need none of it, and the crash page loads
    // about 15 KB gzip less (`npm run bench -- bundle`). A scene that needs one adds its
    // subpath import here (`import 'pixi.js/events'`, `'pixi.js/filters'`...).
    skipExtensionImports: true,
  })
  // Pixi draws the stage on every tick; the runtime draws only the frames whose scene changed.
  app.ticker.remove(app.render, app)
  const canvas = app.canvas
  // The WebGL and WebGPU renderers always make a DOM canvas in the browser; an OffscreenCanvas
  // would mean this ran in a worker, which the host does not support.
  if (!(canvas instanceof HTMLCanvasElement)) {
    app.destroy(true, true)
    throw new Error('[Canvas] the renderer did not create an HTMLCanvasElement')
  }
  return {
    canvas,
    stage: app.stage,
    ticker: app.ticker,
    renderer: app.renderer,
    render: () => app.render(),
    destroy: (rendererOptions, options) => app.destroy(rendererOptions, options),
  }
}

let shared: CanvasPlatform | null = null

/**
 * The browser platform: Pixi applications from one page-wide `ApplicationPool`, bundles shared through one `BundleRegistry` over the
 * global `Assets` cache (one registry per page, since the cache is per page), the page's document,
 * `matchMedia` and `devicePixelRatio`, and `performance.now()` as the clock.
 */
export function pixiPlatform(): CanvasPlatform {
  if (shared) return shared
  // One renderer for the page's life, lent to each mount in turn (see `ApplicationPool`).
  const applications = new ApplicationPool(createPixiApplication)
  shared = {
    acquireApplication: (setup) => applications.acquire(setup),
    // `Assets` comes with its loaders for every kind of file (textures, video, SVG, fonts, JSON,
    // spritesheets): about 10 KB gzip that no game page needs while its scenes declare no bundles,
    // so it loads with the first bundle a scene asks for.
    bundles: new BundleRegistry(() => import('./pixiAssets').then((m) => m.Assets)),
    observeSize: observeElementSize,
    visibility: document,
    matchMedia: (query) => window.matchMedia(query),
    devicePixelRatio: () => window.devicePixelRatio,
    clock: performance,
    createRoot: () => new Container(),
  }
  return shared
}
