/**
 * Crash rules shared by the server (which decides) and the client (which animates and
 * pre-validates): the multiplier curve, payouts, bet validation and auto cash-out semantics.
 * Multipliers are integer hundredths (153 is 1.53x) so that no float ever multiplies money.
 */
import type { CrashPoint } from '../engine/fairness'
import { betLimits, maxBetPayout, type Currency, type Minor } from '../engine/money'

export type { CrashPoint }

/** A multiplier in integer hundredths: 100 is 1.00x, 153 is 1.53x. */
export type Multiplier = number & { readonly __brand: 'Multiplier' }

/** Growth rate of the curve, per millisecond: m(t) = e^(k t), so 2x at ~11.55 s, 10x at ~38.4 s. */
export const GROWTH_PER_MS = 0.00006

/** The lowest auto cash-out target: 1.00x would return the stake and is never useful. */
export const MIN_AUTO_CASHOUT = 101 as Multiplier

/** The highest auto cash-out target, 10,000x; higher targets are rejected as limits errors. */
export const MAX_AUTO_CASHOUT = 1_000_000 as Multiplier

/** The multiplier `elapsedMs` after the round started: floor(100 * e^(k t)) hundredths. */
export function multiplierAt(elapsedMs: number): Multiplier {
  if (!(elapsedMs > 0)) return 100 as Multiplier
  return Math.floor(100 * Math.exp(GROWTH_PER_MS * elapsedMs)) as Multiplier
}

/**
 * The first whole millisecond at which the curve reaches `target` hundredths, the exact inverse of
 * `multiplierAt` on integers: multiplierAt(msToReach(h)) >= h > multiplierAt(msToReach(h) - 1).
 * The log gives the neighbourhood; the checks make float error on either side harmless.
 */
export function msToReach(target: number): number {
  if (target <= 100) return 0
  let ms = Math.max(0, Math.ceil(Math.log(target / 100) / GROWTH_PER_MS))
  while (ms > 0 && multiplierAt(ms - 1) >= target) ms--
  while (multiplierAt(ms) < target) ms++
  return ms
}

/** When a round with this crash point ends, in ms after its start (0 for a 1.00x crash). */
export function crashTimeMs(crashPoint: CrashPoint): number {
  return msToReach(crashPoint)
}

/**
 * The payout cap for one bet in `currency`: the maximum payout per bet of every game
 * (`maxBetPayout`, games/engine/money), so a cash-out never pays more than an instant game may.
 */
export function maxWin(currency: Currency): Minor {
  return maxBetPayout(currency)
}

/**
 * What a bet of `amount` returns when cashed out at `cashoutAt`: floor(amount * cashoutAt / 100)
 * minor units (stake included), never above `cap`. BigInt keeps the product and the division exact
 * at any size; a float division can round x.995 up at large amounts.
 */
export function payout(amount: Minor, cashoutAt: Multiplier, cap: Minor): Minor {
  const raw = Number((BigInt(amount) * BigInt(cashoutAt)) / 100n)
  return Math.min(raw, cap) as Minor
}

/**
 * The multiplier a cash-out gets when requested `elapsedMs` after the start, or null when the
 * round has crashed by then. An auto cash-out at or below the crash point fires first, at exactly
 * its target, even in the very millisecond of the crash.
 */
export function cashOutMultiplier(
  elapsedMs: number,
  crashPoint: CrashPoint,
  autoCashoutAt: Multiplier | null,
): Multiplier | null {
  if (autoWins(autoCashoutAt, crashPoint) && elapsedMs >= msToReach(autoCashoutAt)) {
    return autoCashoutAt
  }
  const current = multiplierAt(elapsedMs)
  return current < crashPoint ? current : null
}

/** True when an auto cash-out target was reached: autoCashoutAt <= crashPoint (ties win). */
export function autoWins(
  autoCashoutAt: Multiplier | null,
  crashPoint: CrashPoint,
): autoCashoutAt is Multiplier {
  return autoCashoutAt !== null && autoCashoutAt <= crashPoint
}

/** How one bet ended. */
export type BetOutcome =
  { type: 'cashedOut'; cashoutAt: Multiplier; win: Minor } | { type: 'lost'; win: Minor }

/** The parts of a bet that decide its outcome. */
export interface SettleableBet {
  amount: Minor
  currency: Currency
  autoCashoutAt: Multiplier | null
  /** Set when a manual cash-out was accepted before the crash. */
  cashedOutAt: Multiplier | null
}

/** Settles a bet against the round's crash point: manual cash-out, else auto cash-out, else lost. */
export function settle(bet: SettleableBet, crashPoint: CrashPoint): BetOutcome {
  const at = bet.cashedOutAt ?? (autoWins(bet.autoCashoutAt, crashPoint) ? bet.autoCashoutAt : null)
  if (at === null) return { type: 'lost', win: 0 as Minor }
  return { type: 'cashedOut', cashoutAt: at, win: payout(bet.amount, at, maxWin(bet.currency)) }
}

/** Why a bet is refused before it is sent; each code has a translated message. */
export type BetProblem =
  'not_whole_minor_units' | 'below_min' | 'above_max' | 'auto_cashout_range' | 'balance_not_enough'

/** The result of validating a bet: fine, or the first problem found. */
export type BetCheck = { type: 'ok' } | { type: 'invalid'; problem: BetProblem }

/** A bet as the player composed it. */
export interface BetDraft {
  amount: number
  currency: Currency
  autoCashoutAt: number | null
}

/**
 * Checks a bet against the currency's crash limits, the auto cash-out range and, when known, the
 * balance. The server checks again; this only spares the player a round trip.
 */
export function validateBet(draft: BetDraft, balance: Minor | null): BetCheck {
  const limits = betLimits('crash', draft.currency)
  const invalid = (problem: BetProblem): BetCheck => ({ type: 'invalid', problem })
  if (!Number.isSafeInteger(draft.amount)) return invalid('not_whole_minor_units')
  if (draft.amount < limits.min) return invalid('below_min')
  if (draft.amount > limits.max) return invalid('above_max')
  const auto = draft.autoCashoutAt
  if (
    auto !== null &&
    (!Number.isInteger(auto) || auto < MIN_AUTO_CASHOUT || auto > MAX_AUTO_CASHOUT)
  ) {
    return invalid('auto_cashout_range')
  }
  if (balance !== null && draft.amount > balance) return invalid('balance_not_enough')
  return { type: 'ok' }
}
