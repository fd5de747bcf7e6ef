import { lazy, Suspense } from 'react'
import type { SeedsDialogProps } from './SeedsDialog'

// The seeds dialog (and the hashing it shows) is opened by few players and never before a click:
// it loads then, not with every game page.
const SeedsDialog = lazy(() => import('./SeedsDialog').then((m) => ({ default: m.SeedsDialog })))

/** The seeds dialog, loaded when a player first opens it; nothing shows while it loads. */
export function LazySeedsDialog(props: SeedsDialogProps) {
  return (
    <Suspense fallback={null}>
      <SeedsDialog {...props} />
    </Suspense>
  )
}
