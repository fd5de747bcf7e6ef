/**
 * The sound engine on ZzFX, loaded only by `soundPlayer` after the player's first gesture:
 * importing ZzFX makes its AudioContext, which a browser keeps suspended (and warns about)
 * before a gesture, and the synth's bytes stay off the game page's first load.
 */
import { ZZFX, ZZFXSound } from 'zzfx'
import type { SoundEffect } from './effects'
import type { SoundEngine } from './soundPlayer'

/** ZzFX's master volume at full volume; its own default (0.3) leaves room for loud effects. */
const MASTER = 0.3

/**
 * Each effect's samples, synthesised on its first play and replayed after (ZzFX's `ZZFXSound`
 * keeps the effect's pitch randomness as a playback rate). Synthesising on every play took the
 * main thread at each of keno's ten draws and each tick (`npm run bench -- render`).
 */
const synthesised = new WeakMap<SoundEffect, ZZFXSound>()

/** Plays an effect at `volume` (0…1), waking the audio context if the browser suspended it. */
export const zzfxEngine: SoundEngine = {
  play(effect, volume) {
    if (ZZFX.audioContext.state === 'suspended') void ZZFX.audioContext.resume()
    let sound = synthesised.get(effect)
    if (!sound) {
      // A copy: ZZFXSound zeroes the randomness parameter of the array it is given.
      sound = new ZZFXSound([...effect])
      synthesised.set(effect, sound)
    }
    ZZFX.volume = MASTER
    sound.play(volume)
  },
}
