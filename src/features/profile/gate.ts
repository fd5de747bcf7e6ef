import { useEffect, useReducer } from 'react'

import type { User } from '../../../contract'
import { useSession } from '../../stores/session'
import { readToken } from '../session/cookies'

/** Who is looking at a profile page. */
export type SessionGate =
  | { readonly status: 'user'; readonly user: User }
  /** A token is kept but the profile has not answered yet (start is slow, see BOOTSTRAP_WAIT_MS). */
  | { readonly status: 'loading' }
  | { readonly status: 'guest' }

/**
 * The signed-in user, or whether the page is still waiting for them, or a visitor. Re-renders on
 * every session store change, including a `clear()` after a failed profile fetch (which leaves
 * `user` null, so a selector alone would not notice that the token is gone).
 */
export function useSessionGate(): SessionGate {
  const user = useSession((s) => s.user)
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  useEffect(() => useSession.subscribe(() => rerender()), [])
  if (user) return { status: 'user', user }
  return readToken() === undefined ? { status: 'guest' } : { status: 'loading' }
}
