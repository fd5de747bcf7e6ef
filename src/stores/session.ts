import { create } from 'zustand'
import type { User } from '../../contract'

/** Shell state of the signed-in user; the API client fills it after GET /profile/user. */
export interface SessionState {
  /** The user of SPEC.md section 3, or null for a visitor. */
  user: User | null
  /** Replaces the user (after a profile fetch or log-in). */
  setUser: (user: User) => void
  /** Forgets the user (log-out, failed profile fetch). */
  clear: () => void
}

/** The session store: `useSession((s) => s.user)` in components, `useSession.getState()` elsewhere. */
export const useSession = create<SessionState>()((set) => ({
  user: null,
  setUser: (user) => set({ user }),
  clear: () => set({ user: null }),
}))
