/**
 * The kit's sound effects as ZzFX parameters: generated in code when played, so there are no
 * recorded files to license or download. Randomness (the second parameter) is 0, so an effect
 * sounds the same every time. A game adds its own effects the same way (a `SoundEffect` array)
 * and plays them with `useGameSound`.
 */

/** One effect: ZzFX's parameters (volume, randomness, frequency, attack, sustain, release, …). */
export type SoundEffect = readonly (number | undefined)[]

/** The effects every game has. */
export type KitSound = 'bet' | 'win' | 'loss' | 'tick' | 'cashout'

/** The kit's effects: a short click for a bet, a rising pair for a win, a falling tone for a loss. */
export const KIT_SOUNDS: Readonly<Record<KitSound, SoundEffect>> = {
  bet: [0.5, 0, 440, 0.005, 0.02, 0.06, 1, 1.8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.7, 0.01],
  win: [0.7, 0, 660, 0.01, 0.1, 0.25, 0, 1.5, 0, 0, 220, 0.07, 0, 0, 0, 0, 0, 0.8, 0.03],
  loss: [0.5, 0, 220, 0.01, 0.08, 0.25, 2, 1, -3, 0, 0, 0, 0, 0, 0, 0, 0, 0.6, 0.05],
  tick: [0.25, 0, 1400, 0, 0.005, 0.02, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5],
  cashout: [0.7, 0, 880, 0.005, 0.08, 0.3, 0, 1.2, 0, 0, 440, 0.05, 0.1, 0, 0, 0, 0, 0.9, 0.02],
}
