/**
 * What the keno scene draws, pure: the numbers picked, the last draw as far as it has been
 * revealed, and the result line once the draw is complete.
 */
import { hitsOf } from '../rules'

/** A tile's state, as the scene colours it and the page's button over it reads it. */
export type TileState = 'idle' | 'picked' | 'drawn' | 'hit'

/** The keno scene's view model. */
export interface KenoView {
  /** The numbers picked now (1–40). */
  picks: readonly number[]
  /** The last bet's draw in the order drawn, or empty before a bet (or once the picks change). */
  drawn: readonly number[]
  /** How many of `drawn` are shown: they light one by one, 0..10. */
  revealed: number
  /** The bet the draw belongs to: a new id starts the tiles' light-up again. */
  betId: string | null
  /** The result, translated, shown over the board once the whole draw is revealed. */
  result: { text: string; won: boolean } | null
}

/** Each number's state (index 0 is number 1) for the picks and the revealed part of the draw. */
export function tileStates(view: Pick<KenoView, 'picks' | 'drawn' | 'revealed'>): TileState[] {
  const picked = new Set(view.picks)
  const drawn = new Set(view.drawn.slice(0, view.revealed))
  return Array.from({ length: 40 }, (_, i) => {
    const n = i + 1
    if (drawn.has(n)) return picked.has(n) ? 'hit' : 'drawn'
    return picked.has(n) ? 'picked' : 'idle'
  })
}

/** The hits among the revealed draws (the pay table highlights their count as it grows). */
export function revealedHits(view: Pick<KenoView, 'picks' | 'drawn' | 'revealed'>): number {
  return hitsOf(view.picks, view.drawn.slice(0, view.revealed)).length
}
