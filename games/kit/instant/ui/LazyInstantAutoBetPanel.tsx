import { lazy, Suspense, type ComponentType } from 'react'
import type { InstantAutoBetPanelProps } from './InstantAutoBetPanel'

const loadPanel = () => import('./InstantAutoBetPanel')

// The auto-bet form (its fields, their checks and its live line) shows only on the Auto tab,
// which most players never open: it loads then, not with every instant game's page.
const Panel = lazy(() =>
  loadPanel().then((m) => ({
    default: m.InstantAutoBetPanel as ComponentType<InstantAutoBetPanelProps<unknown>>,
  })),
)

/** Starts loading the auto-bet panel before it is asked for: the pointer is on the Auto tab. */
export function preloadInstantAutoBetPanel(): void {
  void loadPanel()
}

/** `InstantAutoBetPanel`, loaded when it first shows; the tab is empty for the moment it loads. */
export function LazyInstantAutoBetPanel<P>(props: InstantAutoBetPanelProps<P>) {
  return (
    <Suspense fallback={null}>
      <Panel {...(props as unknown as InstantAutoBetPanelProps<unknown>)} />
    </Suspense>
  )
}
