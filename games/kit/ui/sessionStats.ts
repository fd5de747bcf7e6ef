/**
 * The player's session on a game page: every bet settled since the page opened, and what the
 * statistics panel (`SessionStats`) shows of them. Pure: the page feeds it, the panel reads it.
 */
import type { Minor } from '../../engine/money'

/** A bet as it settled: what it staked and what it paid (0 when lost). */
export interface SettledBet {
  /** The bet's (or the player's round bet's) id: a bet is counted once. */
  id: string
  amount: Minor
  payout: Minor
  /** Settled by the player's cash-out (crash), not by the round's end. */
  cashOut?: boolean
}

/** The session's figures. */
export interface SessionSummary {
  bets: number
  wagered: Minor
  profit: Minor
  /** Bets that paid more than they staked. */
  wins: number
  /** Bets that paid less than they staked. */
  losses: number
  /** The running profit after each bet, starting at 0 before the first: the chart's points. */
  curve: number[]
}

/** Adds `bet` to `bets` unless it is already there (a re-render, a snapshot repeating it). */
export function addSettled(bets: readonly SettledBet[], bet: SettledBet): readonly SettledBet[] {
  return bets.some((b) => b.id === bet.id) ? bets : [...bets, bet]
}

/** The figures of `bets`, in integer minor units. */
export function summarize(bets: readonly SettledBet[]): SessionSummary {
  let wagered = 0
  let profit = 0
  let wins = 0
  let losses = 0
  const curve = [0]
  for (const bet of bets) {
    wagered += bet.amount
    const result = bet.payout - bet.amount
    profit += result
    if (result > 0) wins += 1
    else if (result < 0) losses += 1
    curve.push(profit)
  }
  return {
    bets: bets.length,
    wagered: wagered as Minor,
    profit: profit as Minor,
    wins,
    losses,
    curve,
  }
}
