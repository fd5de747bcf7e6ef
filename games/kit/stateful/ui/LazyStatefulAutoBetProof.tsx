import { lazy, Suspense, type ComponentType } from 'react'
import type { StatefulAutoBetProofProps } from './StatefulAutoBetProof'

// An auto-bet's proof opens only from a link (`?bet=` of the history or the live tables): its
// code loads then, not with every stateful game's page.
const loadProof = () => import('./StatefulAutoBetProof')

const Proof = lazy(() =>
  loadProof().then((m) => ({
    default: m.StatefulAutoBetProof as ComponentType<StatefulAutoBetProofProps<unknown, unknown>>,
  })),
)

/** Starts loading the proof's code before it shows: a `?bet=` id may be an auto-bet's. */
export function preloadStatefulAutoBetProof(): void {
  void loadProof()
}

/** `StatefulAutoBetProof`, loaded when it first shows. */
export function LazyStatefulAutoBetProof<AP, AO>(props: StatefulAutoBetProofProps<AP, AO>) {
  return (
    <Suspense fallback={null}>
      <Proof {...(props as unknown as StatefulAutoBetProofProps<unknown, unknown>)} />
    </Suspense>
  )
}
