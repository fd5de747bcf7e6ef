import type { ComponentType } from 'react'
import { lazyComponent } from '../../ui/lazyComponent'
import type { StatefulRoundProofProps } from './StatefulRoundProof'

type AnyProps = StatefulRoundProofProps<unknown, unknown, unknown, unknown>

// A round's proof (its dialog, rows and seed reveal) shows when a player opens one: it loads
// then, not with every stateful game's page. The dialog fetches the proof anyway, so the player
// waits for the slower of the two.
const proof = lazyComponent<AnyProps>(() =>
  import('./StatefulRoundProof').then((m) => m.StatefulRoundProof as ComponentType<AnyProps>),
)

/** `StatefulRoundProof`, loaded when it first shows. */
export function LazyStatefulRoundProof<P, A, O, R>(props: StatefulRoundProofProps<P, A, O, R>) {
  return <proof.Component {...(props as unknown as AnyProps)} />
}
