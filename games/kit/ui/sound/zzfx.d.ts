/** Types of the parts of `zzfx` (which ships plain JavaScript) that the kit's sound engine calls. */
declare module 'zzfx' {
  /** Plays one effect from its parameters (volume, randomness, frequency, attack, …). */
  export function zzfx(...parameters: (number | undefined)[]): AudioBufferSourceNode
  /** The shared synth: its master volume and the audio context it made on import. */
  export const ZZFX: { volume: number; audioContext: AudioContext }
  /** An effect synthesised once, replayed with its randomness as a playback rate. */
  export class ZZFXSound {
    constructor(parameters: (number | undefined)[])
    play(volume?: number, pitch?: number): AudioBufferSourceNode | undefined
  }
}
