/**
 * Canvas host: mounts a Pixi `Scene` in React, sized, paused while hidden, honouring reduced motion
 * and releasing everything on unmount. Games implement `Scene`; the shell renders `CanvasHost`.
 */
export { CanvasHost, type CanvasHostProps, type CanvasStatus } from './CanvasHost'
export {
  CanvasRuntime,
  STAGE_DESTROY_OPTIONS,
  type CanvasRuntimeOptions,
  type CanvasRuntimeState,
} from './CanvasRuntime'
export { ApplicationPool, destroyApplication } from './ApplicationPool'
export { BundleRegistry, type AssetsLike } from './BundleRegistry'
export {
  MAX_RESOLUTION,
  REDUCED_MOTION_QUERY,
  capResolution,
  observeElementSize,
  type ApplicationLease,
  type ApplicationSetup,
  type BundleLoader,
  type CanvasApplication,
  type CanvasPlatform,
  type CssSize,
  type FrameTicker,
  type MediaQuerySource,
  type VisibilitySource,
} from './platform'
// Pixi's platform is not exported here: `CanvasHost` loads it when a canvas first mounts, so a
// page that imports this index for its first frame carries none of Pixi's code.
export type {
  AssetBundle,
  Scene,
  SceneClock,
  SceneContext,
  SceneFrame,
  SceneInspection,
  SceneSize,
} from './Scene'
// Types only: the hook's code reaches a bundle solely through test-build branches.
export type {
  CanvasFrameSamples,
  CanvasInspection,
  CanvasTestHook,
  EmptyStageSize,
} from './testHook'
// The example scene (`./examples/PulseScene`) is imported by path where a test needs it, for the
// same reason.
