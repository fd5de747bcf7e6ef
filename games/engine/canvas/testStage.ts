/**
 * The "empty stage" of the canvas test hook: a scene that draws nothing, run by the same
 * `CanvasRuntime` on the same Pixi platform as the games, so benchmarks can tell what a game's
 * drawing costs over the renderer's own per-frame work. Test builds only (see testHook.ts).
 */
import type { Container } from 'pixi.js'
import { CanvasRuntime } from './CanvasRuntime'
import type { CanvasPlatform } from './platform'
import type { AssetBundle, Scene, SceneInspection } from './Scene'
import type { EmptyStageMounter } from './testHook'

/** A scene with nothing on its stage. */
export class EmptyScene implements Scene<null> {
  readonly bundles: readonly AssetBundle[] = []
  mount(_stage: Container): void {}
  update(): void {}
  resize(): void {}
  destroy(): void {}
  inspect(): SceneInspection {
    return { scene: 'empty' }
  }
}

/**
 * Makes the hook's `mountEmptyStage`: a fixed box of the given CSS size at the page's top left,
 * above everything, with an `EmptyScene` running in it on `platform()`.
 */
export function emptyStageMounter(platform: () => CanvasPlatform): EmptyStageMounter {
  return async ({ width, height }) => {
    const box = document.createElement('div')
    box.dataset.testid = 'canvas.empty-stage'
    Object.assign(box.style, {
      position: 'fixed',
      left: '0',
      top: '0',
      width: `${width}px`,
      height: `${height}px`,
      zIndex: '2147483647',
    })
    document.body.append(box)
    const runtime = new CanvasRuntime<null>({
      element: box,
      createScene: () => new EmptyScene(),
      snapshot: null,
      platform: platform(),
      onError: (error) => console.error('[CanvasTestHook] the empty stage did not start', error),
    })
    await runtime.start()
    const unmount = () => {
      runtime.destroy()
      box.remove()
    }
    if (runtime.testId === null) {
      unmount()
      throw new Error('[CanvasTestHook] the empty stage did not register (not a test build?)')
    }
    return { id: runtime.testId, unmount }
  }
}
