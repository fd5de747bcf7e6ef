import { lazy, Suspense, type ComponentType } from 'react'
import type { StatefulRoundProofProps } from './StatefulRoundProof'

// A round's proof (its dialog, rows and seed reveal) shows when a player opens one: it loads
// then, not with every stateful game's page. The dialog fetches the proof anyway, so the player
// waits for the slower of the two.
const Proof = lazy(() =>
  import('./StatefulRoundProof').then((m) => ({
    default: m.StatefulRoundProof as ComponentType<
      StatefulRoundProofProps<unknown, unknown, unknown, unknown>
    >,
  })),
)

/** `StatefulRoundProof`, loaded when it first shows. */
export function LazyStatefulRoundProof<P, A, O, R>(props: StatefulRoundProofProps<P, A, O, R>) {
  return (
    <Suspense fallback={null}>
      <Proof
        {...(props as unknown as StatefulRoundProofProps<unknown, unknown, unknown, unknown>)}
      />
    </Suspense>
  )
}
