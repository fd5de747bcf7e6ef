import { describe, expect, it } from 'vitest'
import { STATEFUL_HISTORY_GAMES } from '../../../../contract'
import { MAX_BET_PAYOUT } from '../../../../games/engine/money'
import { GAMES } from '../../../../games/registry'
import { paidMultiplier } from './history'

describe('paidMultiplier', () => {
  const round = (multiplier: number) => ({ amount: 3, multiplier })

  it('is the round own multiplier when the payout is what it pays, floored', () => {
    // 3 x 1.98 pays 5 (floored): the round paid at 1.98x, not at 5 / 3.
    expect(paidMultiplier(round(19_800), 5)).toBe(19_800)
    expect(paidMultiplier(round(0), 0)).toBe(0)
  })

  it('is what was paid over the stake when the cap or an expiry decided the payout', () => {
    // Expired at step 0: settled at its stake, 1.00x.
    expect(paidMultiplier(round(0), 3)).toBe(10_000)
    const capped = { amount: 1_000, multiplier: 50_000_000_000 }
    expect(paidMultiplier(capped, MAX_BET_PAYOUT.RUB)).toBe(
      Math.floor((MAX_BET_PAYOUT.RUB * 10_000) / 1_000),
    )
  })
})

describe('the history contract of the stateful family', () => {
  it('names every registered stateful game', () => {
    // Read as plain definitions: before the family's games are registered the list is empty.
    const games: readonly { id: string; family: string }[] = GAMES
    const registered = games.filter((game) => game.family === 'stateful').map((game) => game.id)
    for (const id of registered) expect<readonly string[]>(STATEFUL_HISTORY_GAMES).toContain(id)
  })
})
