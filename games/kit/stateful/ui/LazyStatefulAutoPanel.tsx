import type { ComponentType } from 'react'
import { lazyComponent } from '../../ui/lazyComponent'
import type { StatefulAutoPanelProps } from './StatefulAutoPanel'

type AnyProps = StatefulAutoPanelProps<unknown, unknown>

// The Auto tab's form and its machines (the instant kit's round and auto-bet machines) load with
// the tab, which most players never open, not with every stateful game's page.
const panel = lazyComponent<AnyProps>(() =>
  import('./StatefulAutoPanel').then((m) => m.StatefulAutoPanel as ComponentType<AnyProps>),
)

/** Starts loading the auto panel before it is asked for: the pointer or focus is on the tab. */
export const preloadStatefulAutoPanel = panel.preload

/** `StatefulAutoPanel`, loaded when it first shows; the tab is empty for the moment it loads. */
export function LazyStatefulAutoPanel<P, O>(props: StatefulAutoPanelProps<P, O>) {
  return <panel.Component {...(props as unknown as AnyProps)} />
}
