/**
 * The money of a stateful round (miner, hilo, coinflip), pure so the server, the browser and the
 * CLI agree to the minor unit: what a multiplier pays on a stake, and the one maximum payout per
 * bet (`maxBetPayout`, games/engine/money) that caps it. Unlike an instant bet, which is refused
 * before the draw when its best outcome would pass the cap, a stateful round is capped as it goes:
 * a full miner board pays about 5 million times the stake, so the step that reaches the cap ends
 * the round with a cash-out at the cap.
 */
import type { Minor } from '../../engine/money'
import { MULTIPLIER_SCALE } from '../instant/protocol'

/** The scale read once into this module: an imported binding can be a getter, and hot loops pay. */
const SCALE = MULTIPLIER_SCALE

/** A round's stake and the most it may pay (stake included), both in minor units. */
export interface StakeCap {
  readonly amount: Minor
  readonly cap: Minor
}

/**
 * `floor(amount × multiplier / MULTIPLIER_SCALE)`, uncapped. BigInt keeps it exact: a maximum
 * miner stake (500,000 KZT minor units) times a full board's multiplier (about 5.1e10
 * ten-thousandths) passes 2^53, where a double would round.
 */
export function exactPayout(amount: Minor, multiplier: number): bigint {
  return (BigInt(amount) * BigInt(multiplier)) / BigInt(MULTIPLIER_SCALE)
}

/** What a cash-out at `multiplier` pays: {@link exactPayout}, never above `stake.cap`. */
export function cappedPayout(stake: StakeCap, multiplier: number): Minor {
  const product = stake.amount * multiplier
  // Below 2^53 the product of two integers is exact in a double, and so is `%` on it, so the
  // floor needs no BigInt (every step of the RTP simulations takes this path).
  if (Number.isSafeInteger(product)) {
    return Math.min((product - (product % SCALE)) / SCALE, stake.cap) as Minor
  }
  const payout = exactPayout(stake.amount, multiplier)
  return (payout > BigInt(stake.cap) ? stake.cap : Number(payout)) as Minor
}

/** True when a cash-out at `multiplier` would pay the cap or more: the round ends there. */
export function reachesCap(stake: StakeCap, multiplier: number): boolean {
  return cappedPayout(stake, multiplier) >= stake.cap
}
