/**
 * What the stateful panel shows of money, pure: the profit a cash-out pays now and the profit of
 * the next step, both capped at the one maximum payout per bet of the round's currency, exactly as
 * the server pays them (`cappedPayout`, rules.ts).
 */
import { formatPaidMultiplier, maxBetPayout, type Currency, type Minor } from '../../engine/money'
import { cappedPayout, type StakeCap } from './rules'

/** A round's stake and the most it may pay, from its amount and currency. */
export function stakeCapOf(round: { amount: Minor; currency: Currency }): StakeCap {
  return { amount: round.amount, cap: maxBetPayout(round.currency) }
}

/** The profit (payout minus stake, capped) of a cash-out at `multiplier`; negative below 1x. */
export function nextProfit(stake: StakeCap, multiplier: number): number {
  return cappedPayout(stake, multiplier) - stake.amount
}

/**
 * The profit a cash-out of an open round pays now: the round's `payout` (the server's capped
 * cash-out value) minus its stake; null while a cash-out is not allowed (multiplier 0).
 */
export function cashOutProfit(round: { amount: Minor; multiplier: number; payout: Minor }) {
  return round.multiplier > 0 ? round.payout - round.amount : null
}

/**
 * A multiplier in ten-thousandths as the player reads it, floored to hundredths (`1.12×` for
 * 1.125): the panel, the scenes and the sentences of every stateful game, as the live tables show
 * it (`formatPaidMultiplier`).
 */
export const multiplierText = formatPaidMultiplier
