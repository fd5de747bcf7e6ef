import type { ComponentType } from 'react'
import { lazyComponent } from '../../ui/lazyComponent'
import type { StatefulAutoBetProofProps } from './StatefulAutoBetProof'

type AnyProps = StatefulAutoBetProofProps<unknown, unknown>

// An auto-bet's proof opens only from a link (`?bet=` of the history or the live tables): its
// code loads then, not with every stateful game's page.
const proof = lazyComponent<AnyProps>(() =>
  import('./StatefulAutoBetProof').then((m) => m.StatefulAutoBetProof as ComponentType<AnyProps>),
)

/** Starts loading the proof's code before it shows: a `?bet=` id may be an auto-bet's. */
export const preloadStatefulAutoBetProof = proof.preload

/** `StatefulAutoBetProof`, loaded when it first shows. */
export function LazyStatefulAutoBetProof<AP, AO>(props: StatefulAutoBetProofProps<AP, AO>) {
  return <proof.Component {...(props as unknown as AnyProps)} />
}
