import { useSyncExternalStore } from 'react'
import { useSession } from '../../stores/session'

/** Where flags come from besides the user's list: the analytics facade once it has started. */
export interface FlagSource {
  isFeatureEnabled(flag: string): boolean
  subscribe(run: () => void): () => void
}

let source: FlagSource | null = null
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((run) => run())

/** Hands the flag service to {@link useFeature} (start.ts, once analytics has started). */
export function setFlagSource(next: FlagSource): void {
  source = next
  next.subscribe(changed)
  changed()
}

function subscribe(run: () => void): () => void {
  listeners.add(run)
  return () => listeners.delete(run)
}

/**
 * Whether a feature is on for this player (SPEC.md section 6): named in the signed-in user's
 * `features`, or on in the analytics flag service. Re-renders when either changes.
 */
export function useFeature(name: string): boolean {
  const listed = useSession((s) => s.user?.features.includes(name) ?? false)
  const flagged = useSyncExternalStore(subscribe, () => source?.isFeatureEnabled(name) ?? false)
  return listed || flagged
}
