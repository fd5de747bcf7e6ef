/**
 * What a stateful game's rules provide to the kit (miner, hilo, coinflip): pure and isomorphic,
 * so the server plays them and the verifier replays them. The kit owns everything else: the stake,
 * the seed pair's cursor, the rows, the cap, the cash-out and the 30-day settlement.
 *
 * A round reads ONE float stream, `floatCursor(serverSeed, clientSeed, nonce)` of the nonce its
 * opening claimed. `open` reads from its start; each `step` gets the same stream positioned after
 * the floats earlier calls read (the kit stores how many), so a replay is the same calls in order.
 */
import type { FloatCursor } from '../../engine/fairness'
import type { Minor } from '../../engine/money'
import { MULTIPLIER_SCALE, type InstantMultiplier } from '../instant/protocol'

/** Where a round stands after its opening or a step, as the rules see it. */
export type StatefulPhase =
  /** Play on: the player may step again (and cash out if `multiplier` is above 0). */
  | 'open'
  /** The step lost: the round pays nothing. */
  | 'lost'
  /** Nothing is left to play (a full board, the last flip): the round pays `multiplier`. */
  | 'complete'

/** The result of a step: the new state and what the step showed (public from that instant). */
export interface StatefulStepResult<State, Outcome> {
  readonly state: State
  readonly outcome: Outcome
}

/**
 * A stateful game's rules. `State` is the whole truth of a round and may hold secrets (a mines
 * board drawn at the opening): it never leaves the server before the end except through `view`.
 */
export interface StatefulRules<Params, State, Action, Outcome, View, Reveal> {
  /** Why `params` are refused at this stake (null: playable); the kit answers `bad_request`. */
  refusal(params: Params, amount: Minor): string | null
  /** Opens a round: reads what it needs from the round's cursor (a board, a first card). */
  open(params: Params, cursor: FloatCursor): State
  /** Why `action` is not playable now (a tile already revealed, a skip past the limit), or null. */
  stepRefusal(state: State, action: Action): string | null
  /** Applies a playable action; reads from `cursor` what it draws (a card, a flip). */
  step(state: State, action: Action, cursor: FloatCursor): StatefulStepResult<State, Outcome>
  /** Whether the round is still in play, lost, or complete. */
  phase(state: State): StatefulPhase
  /**
   * The multiplier a cash-out (or a complete round) pays now, in ten-thousandths: 0 while a
   * cash-out is not allowed (hilo before the first correct guess) and after a loss.
   */
  multiplier(state: State): InstantMultiplier
  /** What the player may see of an open round: never a mine, an undrawn card or a future flip. */
  view(state: State): View
  /** Everything, once the round has ended (every mine); with the seeds, enough to verify. */
  reveal(state: State): Reveal
}

// --- Money: what a multiplier pays, and the cap ----------------------------------------------
/*
 * The money of a stateful round (miner, hilo, coinflip), pure so the server, the browser and the
 * CLI agree to the minor unit: what a multiplier pays on a stake, and the one maximum payout per
 * bet (`maxBetPayout`, games/engine/money) that caps it. Unlike an instant bet, which is refused
 * before the draw when its best outcome would pass the cap, a stateful round is capped as it goes:
 * a full miner board pays about 5 million times the stake, so the step that reaches the cap ends
 * the round with a cash-out at the cap.
 */
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
