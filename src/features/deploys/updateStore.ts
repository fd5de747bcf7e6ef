import { create } from 'zustand'

/** A deployed client newer than this one, as the update notice shows it. */
export interface AppUpdateState {
  /** The deployed id that is not this client's; null while none is known. */
  available: string | null
  /** The id the player chose "Later" for: the notice comes back only for a newer one. */
  dismissed: string | null
  /** The build watch found `id` deployed. */
  found: (id: string) => void
  /** The player chose "Later". */
  dismiss: () => void
}

/** The one owner of "a new version is out" (set by the build watch, read by `UpdateNotice`). */
export const useAppUpdate = create<AppUpdateState>()((set) => ({
  available: null,
  dismissed: null,
  found: (id) => set({ available: id }),
  dismiss: () => set((state) => ({ dismissed: state.available })),
}))
