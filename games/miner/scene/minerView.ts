/**
 * What the miner scene draws, pure: the round's revealed gems, the mines a step hit, the whole
 * board once the round has ended, the tiles of a step in flight, and the result line. The page
 * builds it from the round machine's snapshot; the scene never sees the wire.
 */
import { MINES_TILES } from '../rules'

/**
 * A tile's face: still covered, being revealed (a step in flight), picked for the auto-bet, a
 * gem or a mine the player revealed, or (once the round has ended) a gem or a mine nobody
 * revealed, shown dimmed.
 */
export type TileFace = 'hidden' | 'pending' | 'picked' | 'gem' | 'mine' | 'gemDim' | 'mineDim'

/** The miner scene's view model. */
export interface MinerSceneView {
  /** The round shown: a new id covers every tile again, without an animation. */
  roundId: string | null
  /** The safe tiles revealed, in order. */
  revealed: readonly number[]
  /** The mines the losing step hit (empty unless the round was lost). */
  hit: readonly number[]
  /** Every mine of the board once the round has ended; null while it is open (or none shown). */
  board: readonly number[] | null
  /** The tiles of the step in flight, shown pressed until the server answers. */
  pending: readonly number[]
  /** The tiles picked for the auto-bet (the Auto tab, before a bet shows its board). */
  picked?: readonly number[]
  /** Instant play: faces change at once, without the reveal's animation. */
  instant: boolean
  /** The result, translated, shown over the board once the round has ended. */
  result: { text: string; won: boolean } | null
}

/** Each tile's face (index = tile, row-major from the top left) for a view. */
export function tileFaces(
  view: Pick<MinerSceneView, 'revealed' | 'hit' | 'board' | 'pending' | 'picked'>,
): TileFace[] {
  const gems = new Set(view.revealed)
  const hit = new Set(view.hit)
  const mines = new Set(view.board ?? [])
  const pending = new Set(view.pending)
  const picked = new Set(view.picked)
  return Array.from({ length: MINES_TILES }, (_, tile): TileFace => {
    if (hit.has(tile)) return 'mine'
    if (gems.has(tile)) return 'gem'
    if (view.board !== null) return mines.has(tile) ? 'mineDim' : 'gemDim'
    if (pending.has(tile)) return 'pending'
    return picked.has(tile) ? 'picked' : 'hidden'
  })
}

/** True for a face that shows what the tile holds (a gem or a mine, revealed or dimmed). */
export function isShown(face: TileFace): boolean {
  return face !== 'hidden' && face !== 'pending' && face !== 'picked'
}
