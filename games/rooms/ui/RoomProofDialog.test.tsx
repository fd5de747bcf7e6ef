import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/rooms.json'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { roomDrawSchema, roundProofSchema, type RoundId, type RoundProof } from '../protocol'
import { rows, wireDraw } from '../round.fixtures'
import { RoomProofDialog } from './RoomProofDialog'
import type { LoadRoundProof, RoundProofResult } from './roundProof'

i18nTestEnv({ en: { rooms: en } })

const ROUND = 'red-RUB-12' as RoundId
// Tickets 0-2 are alice's, 3 is hidden's; the draw is computed by the rules from the fixtures'
// server seed, so the browser's recomputation must find the same ticket.
const purchases = rows([
  { purchaseId: 'a', player: 'alice', count: 3 },
  { purchaseId: 'h', player: null, count: 1 },
])
const draw = wireDraw({ room: 'red', roundId: ROUND, nonce: 12, purchases })
const answer = (body: { draw: unknown; purchases: unknown }): RoundProof =>
  roundProofSchema.parse({ v: 1, ...body })
const honest = answer({ draw, purchases })

/** A loader answering `results` in turn, recording what it is asked. */
function fakeLoader(...results: RoundProofResult[]) {
  return vi.fn<LoadRoundProof>(async () => results.shift() ?? { type: 'failed' })
}

async function open(
  load: LoadRoundProof,
  held: Partial<Pick<RoundProof, 'draw' | 'purchases'>> = {},
) {
  await act(async () => {
    render(
      <RoomProofDialog
        roundId={ROUND}
        draw={held.draw}
        purchases={held.purchases}
        load={load}
        onClose={() => {}}
      />,
    )
  })
  return screen.getByTestId('rooms.fairness-dialog')
}

const text = (id: string) => screen.getByTestId(id).textContent

describe('a room draw proof', () => {
  it('asks the rooms once for a round the page does not hold, and recomputes it', async () => {
    const load = fakeLoader({ type: 'ok', proof: honest })
    const dialog = await open(load)
    expect(load).toHaveBeenCalledTimes(1)
    expect(load.mock.calls[0]?.[0]).toBe(ROUND)
    expect(dialog.dataset.status).toBe('ready')
    expect(screen.getByTestId('rooms.proof-commitment').dataset.ok).toBe('true')
    expect(text('rooms.proof-list')).toBe('0-2 a seed-a\n3-3 h seed-h\n')
    expect(screen.getByTestId('rooms.proof-recomputed').dataset.ok).toBe('true')
    expect(text('rooms.proof-recomputed')).toBe(
      `Recomputed in your browser: ticket ${draw.winningTicket}. The draw checks out.`,
    )
  })

  it('says so when the answer names another winning ticket than its seeds draw', async () => {
    // Consistently moved to another purchase's ticket, so the answer still parses.
    const other =
      draw.winningTicket === 3 ? { ticket: 0, row: purchases[0] } : { ticket: 3, row: purchases[1] }
    const tampered = answer({
      draw: { ...draw, winningTicket: other.ticket, winner: other.row },
      purchases,
    })
    await open(fakeLoader({ type: 'ok', proof: tampered }))
    expect(screen.getByTestId('rooms.proof-commitment').dataset.ok).toBe('true')
    expect(screen.getByTestId('rooms.proof-recomputed').dataset.ok).toBe('false')
    expect(text('rooms.proof-recomputed')).toBe(
      `Recomputed in your browser: ticket ${draw.winningTicket}. The recomputed draw differs!`,
    )
  })

  it('says so when the revealed server seed is not the committed one', async () => {
    const tampered = answer({ draw: { ...draw, serverSeed: 'cd'.repeat(32) }, purchases })
    await open(fakeLoader({ type: 'ok', proof: tampered }))
    expect(screen.getByTestId('rooms.proof-commitment').dataset.ok).toBe('false')
    expect(text('rooms.proof-commitment')).toBe(en.proof.commitmentBad)
  })

  it('says a round with no draw is not found', async () => {
    const dialog = await open(fakeLoader({ type: 'notFound' }))
    expect(dialog.dataset.status).toBe('notFound')
    expect(text('rooms.fairness-message')).toBe(en.proof.notFound)
    expect(screen.queryByRole('button', { name: en.proof.retry })).toBeNull()
  })

  it('offers a retry after a failed load, which asks again', async () => {
    const load = fakeLoader({ type: 'failed' }, { type: 'ok', proof: honest })
    const dialog = await open(load)
    expect(dialog.dataset.status).toBe('failed')
    expect(text('rooms.fairness-message')).toBe(en.proof.failed)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.proof.retry }))
    })
    expect(load).toHaveBeenCalledTimes(2)
    expect(dialog.dataset.status).toBe('ready')
    expect(screen.getByTestId('rooms.proof-recomputed').dataset.ok).toBe('true')
  })

  it('checks a draw the page holds with its whole list without asking', async () => {
    const load = fakeLoader()
    await open(load, { draw: roomDrawSchema.parse(draw), purchases: honest.purchases })
    expect(load).not.toHaveBeenCalled()
    expect(screen.getByTestId('rooms.proof-recomputed').dataset.ok).toBe('true')
  })

  it('asks for a held draw whose list the page saw only in part (it joined late)', async () => {
    const load = fakeLoader({ type: 'ok', proof: honest })
    await open(load, { draw: honest.draw, purchases: honest.purchases.slice(1) })
    expect(load).toHaveBeenCalledTimes(1)
    expect(text('rooms.proof-list')).toBe('0-2 a seed-a\n3-3 h seed-h\n')
  })
})
