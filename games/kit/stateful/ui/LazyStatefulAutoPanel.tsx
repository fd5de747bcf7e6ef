import { lazy, Suspense, type ComponentType } from 'react'
import type { StatefulAutoPanelProps } from './StatefulAutoPanel'

const loadPanel = () => import('./StatefulAutoPanel')

// The Auto tab's form and its machines (the instant kit's round and auto-bet machines) load with
// the tab, which most players never open, not with every stateful game's page.
const Panel = lazy(() =>
  loadPanel().then((m) => ({
    default: m.StatefulAutoPanel as ComponentType<StatefulAutoPanelProps<unknown, unknown>>,
  })),
)

/** Starts loading the auto panel before it is asked for: the pointer or focus is on the tab. */
export function preloadStatefulAutoPanel(): void {
  void loadPanel()
}

/** `StatefulAutoPanel`, loaded when it first shows; the tab is empty for the moment it loads. */
export function LazyStatefulAutoPanel<P, O>(props: StatefulAutoPanelProps<P, O>) {
  return (
    <Suspense fallback={null}>
      <Panel {...(props as unknown as StatefulAutoPanelProps<unknown, unknown>)} />
    </Suspense>
  )
}
