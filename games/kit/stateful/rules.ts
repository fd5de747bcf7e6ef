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
import type { InstantMultiplier } from '../instant/protocol'

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
