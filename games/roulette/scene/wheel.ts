/**
 * The wheel's geometry and the ball's path, pure: the European pocket order, where each pocket
 * sits on the wheel, and the spin as angles over time, so that the ball's last position is the
 * server's pocket by construction (the scene draws these numbers; the test reads them back).
 */

/** The pockets clockwise from 0, as on a European wheel. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
]

const TAU = Math.PI * 2
/** One pocket's angle on the wheel. */
export const SECTOR = TAU / WHEEL_ORDER.length

/** How long a spin takes, from the answer to the ball at rest (ms). */
export const SPIN_MS = 3200
/** Whole turns the wheel makes in a spin (clockwise), and the ball against it. */
const WHEEL_TURNS = 1
const BALL_TURNS = 3

/** The middle of `pocket`'s sector, in the wheel's own frame (0 at the top, clockwise). */
export function pocketAngle(pocket: number): number {
  const index = WHEEL_ORDER.indexOf(pocket)
  if (index < 0) throw new Error(`[roulette/wheel] no pocket ${pocket}`)
  return index * SECTOR
}

/** The pocket under an angle of the wheel's own frame. */
export function pocketAt(angle: number): number {
  const turn = ((angle % TAU) + TAU) % TAU
  return WHEEL_ORDER[Math.round(turn / SECTOR) % WHEEL_ORDER.length]!
}

/** Where the wheel and the ball are at one moment of a spin. */
export interface SpinPose {
  /** The wheel's rotation. */
  wheel: number
  /** The ball's angle on the table (not the wheel's frame). */
  ball: number
  /** The ball's distance from the centre, 1 on the outer track, 0 in the pocket ring. */
  track: number
}

const easeOut = (t: number) => 1 - (1 - t) ** 3

/**
 * The pose `elapsed` ms into a spin that starts with the wheel at `wheelFrom` and ends with the
 * ball in `pocket`: the wheel turns on and slows, the ball runs the other way on the outer track,
 * drops in the last third and comes to rest on the pocket as the wheel stops.
 */
export function spinPose(wheelFrom: number, pocket: number, elapsed: number): SpinPose {
  const t = Math.min(1, Math.max(0, elapsed / SPIN_MS))
  const wheelTo = wheelFrom + WHEEL_TURNS * TAU
  const wheel = wheelFrom + (wheelTo - wheelFrom) * easeOut(t)
  const ballTo = wheelTo + pocketAngle(pocket)
  const ball = ballTo + BALL_TURNS * TAU * (1 - easeOut(t))
  const track = t < 2 / 3 ? 1 : 1 - easeOut((t - 2 / 3) * 3)
  return { wheel, ball, track }
}
