import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Minor } from '../../engine/money'
import { useGameSession } from './gameSession'
import type { SettledBet } from './sessionStats'

const played: unknown[] = []
vi.mock('./sound/soundPlayer', () => ({
  soundPlayer: () => ({ arm: () => {}, play: (sound: unknown) => played.push(sound) }),
}))

const bet = (id: string, amount: number, payout: number, cashOut?: boolean): SettledBet => ({
  id,
  amount: amount as Minor,
  payout: payout as Minor,
  ...(cashOut ? { cashOut } : {}),
})

beforeEach(() => {
  played.length = 0
})

describe('useGameSession', () => {
  it('counts each settled bet once and sounds its end', () => {
    const { result, rerender } = renderHook(
      ({ settled }: { settled: SettledBet | null }) => useGameSession(settled, 'RUB', 'en'),
      { initialProps: { settled: null as SettledBet | null } },
    )
    rerender({ settled: bet('a', 100, 200) })
    rerender({ settled: bet('a', 100, 200) })
    rerender({ settled: bet('b', 100, 0) })
    rerender({ settled: bet('c', 100, 150, true) })
    expect(result.current.bets.map((b) => b.id)).toEqual(['a', 'b', 'c'])
    expect(played).toEqual(['win', 'loss', 'cashout'])
  })

  it("counts and sounds a bet reported beside the page's machine (a stateful game's auto-bet)", () => {
    const { result } = renderHook(() => useGameSession(null, 'RUB', 'en'))
    act(() => result.current.report(bet('auto-1', 100, 0)))
    act(() => result.current.report(bet('auto-2', 100, 300)))
    expect(result.current.bets.map((b) => b.id)).toEqual(['auto-1', 'auto-2'])
    expect(played).toEqual(['loss', 'win'])
  })

  it('leaves out a bet already settled when the page opened, and resets', () => {
    const { result, rerender } = renderHook(
      ({ settled }: { settled: SettledBet | null }) => useGameSession(settled, 'RUB', 'en'),
      { initialProps: { settled: bet('old', 100, 0) } },
    )
    expect(result.current.bets).toEqual([])
    expect(played).toEqual([])
    rerender({ settled: bet('new', 100, 0) })
    expect(result.current.bets).toHaveLength(1)
    act(() => result.current.reset())
    rerender({ settled: bet('new', 100, 0) })
    expect(result.current.bets).toEqual([])
  })
})
