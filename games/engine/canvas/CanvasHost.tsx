import { useEffect, useEffectEvent, useRef, type CSSProperties, type ReactNode } from 'react'
import { CanvasRuntime } from './CanvasRuntime'
import { firstContentfulPaint } from '../paint'
import type { CanvasPlatform } from './platform'
import type { Scene } from './Scene'

let loadingPixi: Promise<CanvasPlatform> | null = null

/**
 * Pixi's platform, loaded once the page's first contentful paint is on screen: a page's first
 * scripts carry none of Pixi, and evaluating it and starting WebGL (long tasks on a slow phone)
 * come after that paint, not before it. The canvas's box is sized by CSS, so nothing moves when
 * the drawing arrives.
 */
function loadPixiPlatform(): Promise<CanvasPlatform> {
  loadingPixi ??= firstContentfulPaint()
    .then(() => import('./pixiPlatform'))
    .then((m) => m.pixiPlatform())
  return loadingPixi
}

// Test builds only: the canvas test hook can mount an empty stage for the benchmarks' baseline.
// Vite folds the condition to `false` in production, and these modules are never loaded.
if (import.meta.env.VITE_TEST_HOOKS === 'true') {
  void Promise.all([import('./testHook'), import('./testStage'), import('./pixiPlatform')]).then(
    ([hook, stage, pixi]) =>
      hook.provideEmptyStageMounter(stage.emptyStageMounter(pixi.pixiPlatform)),
  )
}

/** Props of `CanvasHost`. */
export interface CanvasHostProps<Snapshot> {
  /**
   * Makes the scene. A factory rather than an instance because the host owns the scene's whole life:
   * StrictMode mounts twice and a scene cannot be mounted again after `destroy`. Read once per mount
   * (an inline arrow is fine); to switch scenes, change the host's `key`.
   */
  createScene: () => Scene<Snapshot> | Promise<Scene<Snapshot>>
  /** What the scene draws; the latest value reaches `scene.update` on the next frame. */
  snapshot: Snapshot
  /** Accessible name of the drawing (translated by the caller), e.g. "Crash round, 2.41x". */
  label: string
  /** DOM overlays drawn above the canvas. The layer lets pointer events through to the canvas, so
   * interactive overlays set `pointer-events: auto` on themselves. */
  children?: ReactNode
  /** Class of the outer box; size the host with it (or `style`), it fills that box. */
  className?: string
  /** Inline style of the outer box, merged over the host's own positioning. */
  style?: CSSProperties
  /** Reports a start that failed (no WebGL, a bundle that did not load). */
  onError?: (error: unknown) => void
  /**
   * Where the drawing stands: `loading` from the mount (Pixi, the scene's code and its bundles on
   * their way), then `ready` once the scene draws, or `failed`. The caller shows a loading state
   * and, on failure, a retry (remount the host with a new `key`).
   */
  onStatus?: (status: CanvasStatus) => void
  /** Injected platform; tests pass fakes. Defaults to Pixi in the browser. Read once per mount. */
  platform?: CanvasPlatform
}

/** Where a host's drawing stands (see `CanvasHostProps.onStatus`). */
export type CanvasStatus = 'loading' | 'ready' | 'failed'

const rootStyle: CSSProperties = { position: 'relative', overflow: 'hidden' }
const layerStyle: CSSProperties = { position: 'absolute', inset: 0 }
const overlayStyle: CSSProperties = { ...layerStyle, pointerEvents: 'none' }

/**
 * Hosts one `Scene` on its own Pixi application, filling the parent box it is given (size that with
 * CSS on the host's `className`). All lifecycle work lives in `CanvasRuntime`; this component only
 * ties it to React's mount, unmount and props.
 *
 * The canvas layer carries `role="img"` and the label, and the overlays sit beside it rather than
 * inside: children of an `img` role are hidden from assistive technology, and overlays are often
 * buttons.
 */
export function CanvasHost<Snapshot>({
  createScene,
  snapshot,
  label,
  children,
  className,
  style,
  onError,
  onStatus,
  platform,
}: CanvasHostProps<Snapshot>) {
  const layerRef = useRef<HTMLDivElement>(null)
  const runtimeRef = useRef<CanvasRuntime<Snapshot> | null>(null)

  // Effect events read the props of the latest render without making the mount effect depend on
  // them: a new `createScene` arrow or snapshot on every render must not rebuild the application.
  const reportStatus = useEffectEvent((status: CanvasStatus) => onStatus?.(status))
  const reportError = useEffectEvent((error: unknown) => {
    reportStatus('failed')
    if (onError) onError(error)
    else console.error('[Canvas] the canvas could not start', error)
  })
  const makeRuntime = useEffectEvent((element: HTMLElement, loaded: CanvasPlatform) => {
    return new CanvasRuntime<Snapshot>({
      element,
      createScene,
      snapshot,
      platform: loaded,
      onError: (error) => reportError(error),
    })
  })
  const givenPlatform = useEffectEvent(() => platform)

  useEffect(() => {
    const element = layerRef.current
    if (!element) throw new Error('[Canvas] the canvas layer is not mounted')
    let live = true
    let runtime: CanvasRuntime<Snapshot> | null = null
    // The runtime is made once the platform is at hand, a microtask at the earliest: StrictMode's
    // mount, unmount, mount all run before that, so the first mount never creates a WebGL context.
    reportStatus('loading')
    const given = givenPlatform()
    void (given ? Promise.resolve(given) : loadPixiPlatform()).then(
      (loaded) => {
        if (!live) return
        const started = makeRuntime(element, loaded)
        runtime = started
        runtimeRef.current = started
        void started.start().then(() => {
          if (live && started.state === 'running') reportStatus('ready')
        })
      },
      (error: unknown) => {
        if (live) reportError(error)
      },
    )
    return () => {
      live = false
      runtimeRef.current = null
      runtime?.destroy()
    }
  }, [])

  // Declared after the mount effect so that, on mount, it runs against the runtime just created.
  useEffect(() => {
    runtimeRef.current?.setSnapshot(snapshot)
  }, [snapshot])

  return (
    <div className={className} style={style ? { ...rootStyle, ...style } : rootStyle}>
      <div ref={layerRef} role="img" aria-label={label} style={layerStyle} />
      {children === undefined ? null : <div style={overlayStyle}>{children}</div>}
    </div>
  )
}
