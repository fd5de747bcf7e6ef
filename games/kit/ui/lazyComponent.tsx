import { lazy, Suspense, type ComponentType } from 'react'

/** A component whose code loads when it first shows, and a way to start that load earlier. */
export interface LazyComponent<Props extends object> {
  /** The component in a Suspense boundary of its own: nothing shows while its code loads. */
  Component: (props: Props) => React.JSX.Element
  /** Starts loading the code before it is asked for (the pointer is on the tab that shows it). */
  preload: () => void
}

/**
 * A part of a game page most players never see, or see only later (the Auto tab's form, a proof,
 * the live tables below the fold): its code is a chunk of its own, fetched when it first shows,
 * not with the page. `load` names the chunk (`() => import('./X').then((m) => m.X)`).
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyComponent<Props> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })))
  return {
    Component: (props) => (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    ),
    preload: () => void load(),
  }
}
