import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/crash.json'
import kitEn from '../../../locales/en/kit.json'
import { LIVE_BETS_SHOWN, leadingBets } from '../../kit/ui/LiveBets'
import type { BetRow } from '../protocol'
import { LiveBets, compareBets } from './LiveBets'
import { i18nTestEnv } from '../../kit/testing/i18n'

i18nTestEnv({ en: { crash: en, kit: kitEn } })

/** `count` rows from a fixed LCG: amounts repeat (ties), about a third cashed out. */
function rows(count: number, seed = 11): BetRow[] {
  let state = seed
  const next = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state % n
  }
  return Array.from({ length: count }, (_, i) => {
    const cashed = next(3) === 0
    const amount = 100 * (1 + next(20))
    const cashoutAt = cashed ? 101 + next(300) : null
    return {
      betId: `b${i}`,
      player: `player${i}`,
      amount,
      currency: 'RUB',
      status: cashed ? 'cashedOut' : 'active',
      cashoutAt,
      win: cashoutAt === null ? null : Math.floor((amount * cashoutAt) / 100),
    } as BetRow
  })
}

describe('leadingBets', () => {
  it('returns the same rows, in the same order, as a full stable sort cut to the limit', () => {
    for (const [count, limit] of [
      [0, 5],
      [3, 5],
      [500, 40],
      [1500, 40],
      [200, 1],
    ] as const) {
      const all = rows(count, count + limit)
      const expected = [...all].sort(compareBets).slice(0, limit)
      expect(leadingBets(all, limit, compareBets).map((r) => r.betId)).toEqual(
        expected.map((r) => r.betId),
      )
    }
  })

  it('returns nothing for a limit of zero', () => {
    expect(leadingBets(rows(10), 0, compareBets)).toEqual([])
  })
})

describe('LiveBets', () => {
  it('shows the leading rows only, winners first, and counts every bet', () => {
    const all = rows(300)
    render(<LiveBets bets={all} locale="en" />)
    expect(screen.getByTestId('crash.live-bets-count').textContent).toBe('Bets: 300')
    const body = screen.getByTestId('crash.live-bets').querySelector('tbody')!
    const shown = within(body).getAllByRole('row')
    expect(shown).toHaveLength(LIVE_BETS_SHOWN)
    const best = [...all].sort(compareBets)[0]!
    expect(shown[0]!.textContent).toContain(best.player)
    expect(shown[0]!.className).toContain('crash-bets__row--cashedOut')
  })

  it('shows a hidden player (no name on the wire) as "Hidden", beside a named one', () => {
    const [named, hidden] = rows(2)
    render(<LiveBets bets={[named!, { ...hidden!, player: null }]} locale="en" />)
    const body = screen.getByTestId('crash.live-bets').querySelector('tbody')!
    const names = within(body)
      .getAllByRole('row')
      .map((row) => row.querySelector('td')!.textContent)
    expect(names.sort()).toEqual([kitEn.bets.hidden, named!.player].sort())
  })

  it('says so when the round has no bets', () => {
    render(<LiveBets bets={[]} locale="en" />)
    expect(screen.getByText(kitEn.bets.empty)).toBeTruthy()
  })
})
