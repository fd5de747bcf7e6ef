/**
 * Plays the game's sounds by the player's settings and the browser's rules: nothing before the
 * page's first gesture (pointer or key), nothing while the tab is hidden, nothing when muted or at
 * volume 0. The engine (ZzFX) is loaded lazily, when the first gesture comes, so a page that never
 * plays a sound never fetches it.
 */
import { lazyModule, type LazyModule } from '../lazyModule'
import { KIT_SOUNDS, type KitSound, type SoundEffect } from './effects'
import { useSoundSettings } from './soundSettings'

/** What makes the noise: `zzfxEngine`, or a fake in tests. */
export interface SoundEngine {
  play(effect: SoundEffect, volume: number): void
}

/** The page as the player sees it: a fake in tests. */
export interface SoundPage {
  /** The tab is hidden (another tab, a minimised window). */
  hidden(): boolean
  /** Calls `listener` once, at the page's first gesture (at once if one already happened). */
  onFirstGesture(listener: () => void): void
}

/** The browser page: `visibilityState`, and the first `pointerdown` or `keydown`. */
export const browserPage: SoundPage = {
  hidden: () => document.visibilityState === 'hidden',
  onFirstGesture(listener) {
    if (navigator.userActivation?.hasBeenActive) {
      listener()
      return
    }
    const once = () => {
      window.removeEventListener('pointerdown', once, true)
      window.removeEventListener('keydown', once, true)
      listener()
    }
    window.addEventListener('pointerdown', once, true)
    window.addEventListener('keydown', once, true)
  },
}

/** Options of `createSoundPlayer`. */
export interface SoundPlayerOptions {
  engine: LazyModule<SoundEngine>
  page: SoundPage
  settings: () => { muted: boolean; volume: number }
}

/** Plays kit sounds by name, or a game's own effect. */
export interface SoundPlayer {
  /** Starts listening for the page's first gesture (a game page calls it when it mounts). */
  arm(): void
  play(sound: KitSound | SoundEffect): void
}

/** A sound player over `engine`, gated by `page` and `settings`. */
export function createSoundPlayer({ engine, page, settings }: SoundPlayerOptions): SoundPlayer {
  let gestured = false
  let started = false
  const arm = () => {
    if (started) return
    started = true
    page.onFirstGesture(() => {
      gestured = true
      // Load now, so the first effect after the gesture plays without waiting for the chunk.
      if (!settings().muted) void engine.load().catch(() => undefined)
    })
  }
  return {
    arm,
    play(sound) {
      arm()
      const { muted, volume } = settings()
      if (!gestured || muted || volume <= 0 || page.hidden()) return
      const effect = typeof sound === 'string' ? KIT_SOUNDS[sound] : sound
      const loaded = engine.peek()
      if (loaded) loaded.play(effect, volume)
      // Not loaded yet (the first sound, or a muted start): load it, and play this one when in,
      // unless the moment has passed (the tab hidden meanwhile).
      else
        void engine.load().then(
          (ready) => {
            if (!page.hidden()) ready.play(effect, volume)
          },
          () => undefined, // no sound is no failure of the game
        )
    },
  }
}

let shared: SoundPlayer | null = null

/** The page's one sound player (the browser, ZzFX, the persisted settings). */
export function soundPlayer(): SoundPlayer {
  shared ??= createSoundPlayer({
    engine: lazyModule(() => import('./zzfxEngine').then((m) => m.zzfxEngine)),
    page: browserPage,
    settings: () => useSoundSettings.getState(),
  })
  return shared
}
