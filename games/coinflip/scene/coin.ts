/**
 * The coin's motion and the scene's layout, pure so they are tested without Pixi. The coin turns
 * about its vertical axis: at angle θ it shows heads while cos θ ≥ 0 and tails otherwise, squeezed
 * to |cos θ| of its width, so heads rests at 2πk and tails at π + 2πk.
 */
import type { Side } from '../rules'

/** Radians a millisecond while the coin spins awaiting its answer: a turn every 360 ms. */
export const SPIN_RATE = (2 * Math.PI) / 360
/** How long the coin takes to land once its side is known. */
export const LAND_MS = 700
/** The least the coin turns while landing, so even a quick answer shows a flip. */
const MIN_LANDING_TURN = 2 * Math.PI

/** The angle at which the coin rests on `side`, in [0, 2π). */
export const restAngle = (side: Side) => (side === 'heads' ? 0 : Math.PI)

/** The face the coin shows at `angle`. */
export function faceAt(angle: number): Side {
  return Math.cos(angle) >= 0 ? 'heads' : 'tails'
}

/** Where a landing from `from` ends: the first rest angle of `side` at least a turn ahead. */
export function landingTarget(from: number, side: Side): number {
  const least = from + MIN_LANDING_TURN
  const turns = Math.ceil((least - restAngle(side)) / (2 * Math.PI))
  return restAngle(side) + turns * 2 * Math.PI
}

/** The angle `elapsed` ms into a landing from `from` to `to`, eased out to a stop. */
export function landingAngle(from: number, to: number, elapsed: number): number {
  const t = Math.min(1, Math.max(0, elapsed / LAND_MS))
  return from + (to - from) * (1 - (1 - t) ** 3)
}

/** Where the coin, its caption and the row of flips sit in a canvas box (CSS px). */
export interface CoinLayout {
  readonly coin: { readonly x: number; readonly y: number; readonly radius: number }
  readonly caption: { readonly x: number; readonly y: number; readonly size: number }
  /** Each of the 20 chips' centre, and their radius. */
  readonly chips: readonly { readonly x: number; readonly y: number }[]
  readonly chipRadius: number
}

/** Room kept at the top for the frame's round label and badge; more on a phone, where it wraps. */
const top = (width: number) => (width < 480 ? 60 : 44)
/**
 * Room kept at the bottom for the page's Heads and Tails buttons over the canvas (CSS px;
 * coinflip.css places them in it: 48 px high, 10 px from the bottom).
 */
export const CONTROLS_BAND = 68
const SIDE = 12
const GAP = 6

/**
 * The layout of `chips` flips (20) in a box of `width` × `height`: the coin, its caption, then the
 * row of flips (one row, or two on a phone) above the buttons' band.
 */
export function coinLayout(width: number, height: number, chips: number): CoinLayout {
  const columns = width >= 560 ? chips : Math.ceil(chips / 2)
  const rows = Math.ceil(chips / columns)
  const cell = Math.max(14, Math.min(34, (width - 2 * SIDE) / columns))
  const chipRadius = (cell - GAP) / 2
  const rowTop = height - CONTROLS_BAND - rows * cell
  const left = (width - columns * cell) / 2
  const positions = Array.from({ length: chips }, (_, i) => ({
    x: left + (i % columns) * cell + cell / 2,
    y: rowTop + Math.floor(i / columns) * cell + cell / 2,
  }))
  const captionSize = Math.max(14, Math.min(22, width / 24))
  const captionY = rowTop - captionSize
  const space = captionY - captionSize - top(width)
  const radius = Math.max(16, Math.min(110, width * 0.3, space / 2 - 4))
  return {
    coin: { x: width / 2, y: top(width) + Math.max(radius, space / 2), radius },
    caption: { x: width / 2, y: captionY, size: captionSize },
    chips: positions,
    chipRadius,
  }
}
