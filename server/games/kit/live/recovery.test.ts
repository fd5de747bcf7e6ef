import { describe, expect, it } from 'vitest'
import { recoverLive, type RecoveryGates } from './recovery'

interface Round {
  game: number
  phase: 'open' | 'running' | 'ended'
}
interface Bet {
  id: string
  game: number
  hold_id: number | null
}

/**
 * Gates over rounds and bets in memory that log every call, so a test sees the order. Ending a
 * round under way marks it ended (as crash's abort does), which later gates must see.
 */
function gates(rounds: Round[], bets: Bet[], reconciled: Record<string, number | null> = {}) {
  const calls: string[] = []
  const gates: RecoveryGates<Round, Bet, string> = {
    roundsUnderWay: () => Promise.resolve(rounds.filter((r) => r.phase === 'running')),
    endUnderWay(round) {
      calls.push(`end ${round.game}`)
      round.phase = 'ended'
      return Promise.resolve()
    },
    latestRound() {
      calls.push('latest')
      return Promise.resolve(rounds.at(-1) ?? null)
    },
    roundAt(game) {
      calls.push(`round ${game}`)
      return Promise.resolve(rounds.find((r) => r.game === game) ?? null)
    },
    takesBets: (round) => round.phase === 'open',
    openBets: () => Promise.resolve(bets),
    reconcile(bet) {
      calls.push(`reconcile ${bet.id}`)
      return Promise.resolve(bet.id in reconciled ? reconciled[bet.id]! : bet.hold_id)
    },
    stand(bet, latest) {
      calls.push(`stand ${bet.id} hold ${bet.hold_id} latest ${latest?.game ?? '-'}`)
      return Promise.resolve(bet.id)
    },
    settle(bet, round) {
      calls.push(`settle ${bet.id} hold ${bet.hold_id} in ${round.game} ${round.phase}`)
      return Promise.resolve()
    },
  }
  return { gates, calls }
}

describe('the live recovery gates', () => {
  it('ends rounds under way first, then reconciles, stands or settles each open bet in order', async () => {
    const rounds: Round[] = [
      { game: 1, phase: 'ended' },
      { game: 2, phase: 'running' },
      { game: 3, phase: 'open' },
    ]
    const bets: Bet[] = [
      { id: 'a', game: 1, hold_id: 10 },
      { id: 'b', game: 2, hold_id: 11 },
      { id: 'c', game: 2, hold_id: null },
      { id: 'd', game: 3, hold_id: 13 },
      { id: 'e', game: 4, hold_id: 14 },
      { id: 'f', game: 1, hold_id: 15 },
    ]
    // c was written but never held (found now as hold 12); f's hold the ledger already closed.
    const { gates: g, calls } = gates(rounds, bets, { c: 12, f: null })
    const recovered = await recoverLive(g)
    expect(calls).toEqual([
      'end 2',
      'latest',
      'reconcile a',
      'round 1',
      'settle a hold 10 in 1 ended',
      'reconcile b',
      'round 2',
      // Round 2 was ended at the first gate: its bets settle by the game's rules.
      'settle b hold 11 in 2 ended',
      'reconcile c',
      'settle c hold 12 in 2 ended',
      'reconcile d',
      'round 3',
      'stand d hold 13 latest 3',
      'reconcile e',
      'round 4',
      'stand e hold 14 latest 3',
      'reconcile f',
    ])
    // The latest round still takes bets: it reopens.
    expect(recovered).toEqual({ next: 3, standing: ['d', 'e'] })
  })

  it('opens the round after the latest once it stopped taking bets, and round 1 on an empty table', async () => {
    const ended = gates([{ game: 7, phase: 'running' }], [])
    expect(await recoverLive(ended.gates)).toEqual({ next: 8, standing: [] })
    expect(ended.calls).toEqual(['end 7', 'latest'])
    expect(await recoverLive(gates([], []).gates)).toEqual({ next: 1, standing: [] })
  })
})
