import { lazy, Suspense } from 'react'
import type { InstantLiveTablesProps } from './InstantLiveTables'

// The live tables sit under the game, below the first screen of a phone, and open their own
// socket: their code loads after the page's, not with it.
const Tables = lazy(() =>
  import('./InstantLiveTables').then((m) => ({ default: m.InstantLiveTables })),
)

/** `InstantLiveTables`, loaded when the page first draws them. */
export function LazyInstantLiveTables(props: InstantLiveTablesProps) {
  return (
    <Suspense fallback={null}>
      <Tables {...props} />
    </Suspense>
  )
}
