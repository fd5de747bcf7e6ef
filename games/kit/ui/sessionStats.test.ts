import { describe, expect, it } from 'vitest'
import type { Minor } from '../../engine/money'
import { addSettled, summarize, type SettledBet } from './sessionStats'

const bet = (id: string, amount: number, payout: number): SettledBet => ({
  id,
  amount: amount as Minor,
  payout: payout as Minor,
})

describe('session statistics', () => {
  it('sums the wager and the profit, and counts wins and losses', () => {
    const bets = [bet('a', 100, 198), bet('b', 100, 0), bet('c', 300, 150), bet('d', 50, 50)]
    expect(summarize(bets)).toEqual({
      bets: 4,
      wagered: 550,
      profit: -152,
      wins: 1,
      losses: 2,
      curve: [0, 98, -2, -152, -152],
    })
  })

  it('counts a bet once, however often it is reported', () => {
    let bets = addSettled([], bet('a', 100, 0))
    bets = addSettled(bets, bet('a', 100, 0))
    bets = addSettled(bets, bet('b', 100, 0))
    expect(bets.map((b) => b.id)).toEqual(['a', 'b'])
  })

  it('starts empty, at zero', () => {
    expect(summarize([])).toEqual({
      bets: 0,
      wagered: 0,
      profit: 0,
      wins: 0,
      losses: 0,
      curve: [0],
    })
  })
})
