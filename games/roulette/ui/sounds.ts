/**
 * Roulette's own sound, beside the kit's (bet, win, loss): a chip set down on the table. A ZzFX
 * effect like the kit's (games/kit/ui/sound/effects.ts), generated in code when played.
 */
import type { SoundEffect } from '../../kit/ui/sound/effects'

/** A short, low click: a chip on the felt. */
export const CHIP_SOUND: SoundEffect = [0.35, 0, 320, 0, 0.01, 0.04, 4, 1.6, 0, 0, 0, 0, 0, 0.4]
