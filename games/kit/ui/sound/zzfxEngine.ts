/**
 * The sound engine on ZzFX, loaded only by `soundPlayer` after the player's first gesture:
 * importing ZzFX makes its AudioContext, which a browser keeps suspended (and warns about)
 * before a gesture, and the synth's bytes stay off the game page's first load.
 */
import { ZZFX, zzfx } from 'zzfx'
import type { SoundEngine } from './soundPlayer'

/** ZzFX's master volume at full volume; its own default (0.3) leaves room for loud effects. */
const MASTER = 0.3

/** Plays an effect at `volume` (0…1), waking the audio context if the browser suspended it. */
export const zzfxEngine: SoundEngine = {
  play(effect, volume) {
    if (ZZFX.audioContext.state === 'suspended') void ZZFX.audioContext.resume()
    ZZFX.volume = MASTER * volume
    zzfx(...effect)
  },
}
