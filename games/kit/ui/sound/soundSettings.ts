/**
 * The player's sound settings, kept in this browser across games and visits like the instant
 * settings (`instantSettings.ts`): muted or not, and the volume.
 */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'

/** The sound settings and their setters. */
export interface SoundSettings {
  muted: boolean
  /** 0…1, applied over each effect's own loudness. */
  volume: number
  setMuted(muted: boolean): void
  setVolume(volume: number): void
}

/** The sound settings store (`localStorage`, key `tessera.sound`). */
export const useSoundSettings = create<SoundSettings>()(
  persist(
    (set) => ({
      muted: false,
      volume: 0.6,
      setMuted: (muted) => set({ muted }),
      setVolume: (volume) => set({ volume: Math.min(1, Math.max(0, volume)) }),
    }),
    {
      name: 'tessera.sound',
      partialize: ({ muted, volume }) => ({ muted, volume }),
    },
  ),
)
