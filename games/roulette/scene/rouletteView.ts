/** What the roulette scene draws, pure: the last spin's pocket, and whether to animate it. */
import { colorOf } from '../rules'

/** The roulette scene's view model. */
export interface RouletteView {
  /** The last spin's pocket, or null before the first spin. */
  pocket: number | null
  /** The spin the pocket belongs to: a new id spins the wheel again. */
  betId: string | null
  /** Show the ball in its pocket at once (instant play or reduced motion). */
  instant: boolean
}

/** The view for the last settled spin. */
export function toRouletteView(
  last: { betId: string; outcome: { pocket: number } } | null,
  instant: boolean,
): RouletteView {
  return { pocket: last?.outcome.pocket ?? null, betId: last?.betId ?? null, instant }
}

/** A pocket's colour as the wheel paints it. */
export const POCKET_FILL = { green: 0x15803d, red: 0xb91c1c, black: 0x111827 } as const

/** The fill of `pocket`. */
export const pocketFill = (pocket: number) => POCKET_FILL[colorOf(pocket)]
