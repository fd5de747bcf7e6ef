/**
 * What the instant kit needs from a game's rules, pure so the server (deciding), the CLI and the
 * browser (verifying) run the same code: check the params, bound the payout before the draw, and
 * settle a bet from its float stream.
 */
import type { FloatCursor } from '../../engine/fairness'
import type { Currency, Minor } from '../../engine/money'
import type { InstantMultiplier } from './protocol'

/** A settled instant bet: what was drawn and what it paid. */
export interface InstantResult<Outcome> {
  readonly outcome: Outcome
  /** payout / amount in ten-thousandths (0 for a loss). */
  readonly multiplier: InstantMultiplier
  readonly payout: Minor
}

/** An instant game's rules. */
export interface InstantRules<Params, Outcome> {
  /** The game's id, as the wire, the ledger keys and the history name it. */
  readonly game: string
  /**
   * Null when `params` make a legal bet of `amount` (the total stake), else why not: `bad_request`
   * (the params themselves) or `amount` (a roulette spin whose chips do not add up to the stake).
   */
  refusal(params: Params, amount: Minor): 'bad_request' | null
  /**
   * The game's own stake rule, in place of the kit's `betLimits` (cases: exactly the price × the
   * count, in the case's currency): true when `amount` may be staked on `params`. Absent: the
   * game's `betLimits`. A false answer is refused `limits`.
   */
  stakeAllowed?(params: Params, amount: Minor, currency: Currency): boolean
  /** The most the bet could pay, checked against the maximum payout per bet before the draw. */
  maxPayout(params: Params, amount: Minor): Minor
  /** Settles the bet from its float stream (`floatCursor(serverSeed, clientSeed, nonce)`). */
  settle(params: Params, amount: Minor, floats: FloatCursor): InstantResult<Outcome>
}
