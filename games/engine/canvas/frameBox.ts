/**
 * Boxes in a game's canvas box, in CSS px from its top left, and the room the kit's frame keeps at
 * its top: what every board laid out under the frame (keno's numbers, miner's tiles) shares, so
 * the scene that draws the tiles and the buttons over them line up.
 */

/** Below this width (CSS px) the frame's top bar may wrap. */
const NARROW = 480

/**
 * Room kept at the top for the frame's round label and connection badge (CSS px): more on a
 * phone, where the label may take two lines.
 */
export const frameTop = (width: number): number => (width < NARROW ? 60 : 44)

/** One tile's square. */
export interface TileRect {
  readonly x: number
  readonly y: number
  readonly size: number
}

/** A box. */
export interface BoardBox {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}
