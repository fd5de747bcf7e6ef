import type { ComponentType } from 'react'
import { lazyComponent } from '../../ui/lazyComponent'
import type { InstantAutoBetPanelProps } from './InstantAutoBetPanel'

type AnyProps = InstantAutoBetPanelProps<unknown>

// The auto-bet form (its fields, their checks and its live line) shows only on the Auto tab,
// which most players never open: it loads then, not with every instant game's page.
const panel = lazyComponent<AnyProps>(() =>
  import('./InstantAutoBetPanel').then((m) => m.InstantAutoBetPanel as ComponentType<AnyProps>),
)

/** Starts loading the auto-bet panel before it is asked for: the pointer is on the Auto tab. */
export const preloadInstantAutoBetPanel = panel.preload

/** `InstantAutoBetPanel`, loaded when it first shows; the tab is empty for the moment it loads. */
export function LazyInstantAutoBetPanel<P>(props: InstantAutoBetPanelProps<P>) {
  return <panel.Component {...(props as unknown as AnyProps)} />
}
