/**
 * The player's play settings, kept in this browser across games and visits: instant play (results
 * settle at once, no animation) and keyboard shortcuts (on by default). Named after the instant
 * games that had them first; the stateful games (miner, hilo, coinflip) read the same two.
 */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'

/** The settings and their setters. */
export interface InstantSettings {
  instantPlay: boolean
  hotkeys: boolean
  setInstantPlay(on: boolean): void
  setHotkeys(on: boolean): void
}

/** The settings store (`localStorage`, key `tessera.instant`). */
export const useInstantSettings = create<InstantSettings>()(
  persist(
    (set) => ({
      instantPlay: false,
      hotkeys: true,
      setInstantPlay: (instantPlay) => set({ instantPlay }),
      setHotkeys: (hotkeys) => set({ hotkeys }),
    }),
    {
      name: 'tessera.instant',
      partialize: ({ instantPlay, hotkeys }) => ({ instantPlay, hotkeys }),
    },
  ),
)
