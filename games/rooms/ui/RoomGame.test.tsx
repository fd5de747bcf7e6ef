import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/rooms.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import type * as StreamModule from '../../kit/stream/connectGameStream'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { renderGamePage, signedInPage } from '../../kit/testing/gamePage'
import { roundProofSchema, type RoundId } from '../protocol'
import { rows, wireDraw } from '../round.fixtures'
import { RoomGame } from './RoomGame'
import type { LoadRoundProof } from './roundProof'

/** What the fake server sends and is asked, set by each test before the page connects. */
const server = vi.hoisted(() => ({
  me: null as { balance: number; purchaseIds: string[] } | null,
  sent: [] as { name: string; payload: Record<string, unknown> }[],
  /** Red's counting round red-1 draws once the page has joined: the page watched its sale. */
  drawRed1: false,
}))

// The socket and the Pixi canvas are the app's edges: a fake stream hands the machine a snapshot
// of the three rooms (red's round with two players, one draw in its history) and answers `buy`.
vi.mock('../../kit/stream/connectGameStream', async (importOriginal) => {
  const { fakeConnectGameStream } = await import('../../kit/testing/fakeGameStream')
  const fixtures = await import('../round.fixtures')
  const purchases = fixtures.rows([
    { purchaseId: 'a', player: 'alice', count: 3 },
    { purchaseId: 'h', player: null, count: 1 },
  ])
  const past = fixtures.wireDraw({ room: 'red', roundId: 'red-0', nonce: 0, purchases })
  const round = fixtures.wireRound({
    room: 'red',
    roundId: 'red-1',
    nonce: 1,
    status: 'counting',
    purchases,
  })
  return {
    ...(await importOriginal<typeof StreamModule>()),
    connectGameStream: fakeConnectGameStream({
      snapshot: () =>
        fixtures.wireSnapshot({ rounds: { red: round }, history: { red: [past] }, me: server.me }),
      connected: (inbox) => {
        if (!server.drawRed1) return
        const drawn = fixtures.wireDraw({ room: 'red', roundId: 'red-1', nonce: 1, purchases })
        inbox.send(fixtures.drawnEvent(drawn))
      },
      request: async (name: string, payload: Record<string, unknown>) => {
        server.sent.push({ name, payload })
        const count = payload.count as number
        return {
          type: 'ok',
          v: 1,
          purchaseId: 'p-mine',
          roundId: 'red-1',
          room: 'red',
          currency: 'RUB',
          firstTicket: 4,
          lastTicket: 3 + count,
          count,
          cost: count * 100,
          balance: 10_000 - count * 100,
        }
      },
    }),
  }
})
vi.mock('../../engine/canvas', () => import('../../engine/canvas/testing/overlayOnlyCanvas'))

i18nTestEnv({ en: { rooms: en, kit: kitEn } })

beforeEach(() => {
  server.me = null
  server.sent = []
  server.drawRed1 = false
})

// A drawn round of red the page never saw, as the rooms answer its proof.
const proofPurchases = rows([
  { purchaseId: 'x', player: 'xenia', count: 2 },
  { purchaseId: 'y', player: 'yuri', count: 5 },
])
const proofOf = (roundId: string, nonce: number) =>
  roundProofSchema.parse({
    v: 1,
    draw: wireDraw({ room: 'red', roundId, nonce, purchases: proofPurchases }),
    purchases: proofPurchases,
  })

/** The red room for a guest, with the proof of `round` open, fetched by `load`. */
async function openProof(round: string, load: LoadRoundProof) {
  await renderGamePage(
    <RoomGame
      room="red"
      serviceUrl=""
      getToken={() => null}
      player={null}
      locale="en"
      proofRound={round as RoundId}
      loadRoundProof={load}
    />,
  )
  // The loader's answer lands in an effect after the page's first frame.
  await act(async () => {})
  return screen.getByTestId('rooms.fairness-dialog')
}

describe('a room page', () => {
  it('shows a guest the round, its players and chances, and the call to log in', async () => {
    await renderGamePage(
      <RoomGame room="red" serviceUrl="" getToken={() => null} player={null} locale="en" />,
    )
    expect(screen.getByTestId('rooms.guest-note').textContent).toBe('Log in to play')
    expect(screen.getByTestId('rooms.pot').textContent).toBe('Pot: ₽4.00')
    const rows = screen.getAllByTestId('rooms.player')
    expect(rows.map((row) => row.textContent)).toEqual(['alice375 %', 'Hidden125 %'])
    expect(screen.getByTestId('rooms.history').textContent).toMatch(/^Round red-0: /)
  })

  it('buys with the keyboard: the count, its price, total and chance, then Enter', async () => {
    server.me = { balance: 10_000, purchaseIds: [] }
    await renderGamePage(<RoomGame room="red" {...signedInPage('rooms', 10_000 as Minor)} />)
    expect(screen.getByTestId('rooms.price').textContent).toBe('Ticket price: ₽1.00')
    fireEvent.change(screen.getByTestId('rooms.count'), { target: { value: '4' } })
    expect(screen.getByTestId('rooms.total').textContent).toBe('Total: ₽4.00')
    // 4 of 8 tickets once bought.
    expect(screen.getByTestId('rooms.chance').textContent).toBe('Chance to win after buying: 50 %')
    fireEvent.click(screen.getByTestId('rooms.count-more'))
    await act(async () => {
      fireEvent.submit(screen.getByTestId('rooms.count').closest('form')!)
    })
    expect(server.sent).toEqual([
      {
        name: 'buy',
        payload: expect.objectContaining({ type: 'buy', room: 'red', currency: 'RUB', count: 5 }),
      },
    ])
    expect(server.sent[0]?.payload.clientSeed).toMatch(/^[0-9a-f]{32}$/)
    expect(screen.getByTestId('rooms.bought').textContent).toBe('Bought: tickets 4–8')
    // Space outside a field buys again, with the count shown.
    await act(async () => {
      fireEvent.keyDown(document.body, { code: 'Space' })
    })
    expect(server.sent.map((c) => c.payload.count)).toEqual([5, 5])
    expect(screen.getByTestId('rooms.buy-button').hasAttribute('disabled')).toBe(false)
  })

  it('asks the rooms for a round it does not hold, once, and checks the answer', async () => {
    const proof = proofOf('red-RUB-12', 12)
    const load = vi.fn<LoadRoundProof>(async () => ({ type: 'ok', proof }))
    const dialog = await openProof('red-RUB-12', load)
    expect(load).toHaveBeenCalledTimes(1)
    expect(load.mock.calls[0]?.[0]).toBe('red-RUB-12')
    expect(within(dialog).getByTestId('rooms.proof-commitment').dataset.ok).toBe('true')
    expect(within(dialog).getByTestId('rooms.proof-list').textContent).toBe(
      '0-1 x seed-x\n2-6 y seed-y\n',
    )
    expect(within(dialog).getByTestId('rooms.proof-recomputed').textContent).toBe(
      `Recomputed in your browser: ticket ${proof.draw.winningTicket}. The draw checks out.`,
    )
  })

  it('asks for a draw among the last ones whose tickets it did not see sold', async () => {
    // red-0 is in the snapshot's history, but the page joined after its sale.
    const load = vi.fn<LoadRoundProof>(async () => ({ type: 'notFound' }))
    const dialog = await openProof('red-0', load)
    expect(load).toHaveBeenCalledTimes(1)
    expect(dialog.dataset.status).toBe('notFound')
    expect(within(dialog).getByTestId('rooms.fairness-message').textContent).toBe(en.proof.notFound)
  })

  it('checks a draw it watched sold from what it holds, with no request', async () => {
    server.drawRed1 = true
    const load = vi.fn<LoadRoundProof>(async () => ({ type: 'failed' }))
    const page = (round: string | null) => (
      <RoomGame
        room="red"
        serviceUrl=""
        getToken={() => null}
        player={null}
        locale="en"
        proofRound={round as RoundId | null}
        loadRoundProof={load}
      />
    )
    // The player opens the draw from the page's history, so the page has joined and holds it.
    const { rerender } = render(page(null))
    await act(async () => {})
    await act(async () => rerender(page('red-1')))
    const dialog = screen.getByTestId('rooms.fairness-dialog')
    expect(load).not.toHaveBeenCalled()
    expect(within(dialog).getByTestId('rooms.proof-list').textContent).toBe(
      '0-2 a seed-a\n3-3 h seed-h\n',
    )
    expect(within(dialog).getByTestId('rooms.proof-recomputed').dataset.ok).toBe('true')
  })
})
