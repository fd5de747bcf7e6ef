import { act, fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/rooms.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import type * as StreamModule from '../../kit/stream/connectGameStream'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { renderGamePage, signedInPage } from '../../kit/testing/gamePage'
import type { RoundId } from '../protocol'
import { RoomGame } from './RoomGame'

/** What the fake server sends and is asked, set by each test before the page connects. */
const server = vi.hoisted(() => ({
  me: null as { balance: number; purchaseIds: string[] } | null,
  sent: [] as { name: string; payload: Record<string, unknown> }[],
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
})

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

  it("opens a draw's proof by its round and checks the commitment in the browser", async () => {
    await renderGamePage(
      <RoomGame
        room="red"
        serviceUrl=""
        getToken={() => null}
        player={null}
        locale="en"
        proofRound={'red-0' as RoundId}
      />,
    )
    const dialog = screen.getByTestId('rooms.fairness-dialog')
    expect(within(dialog).getByTestId('rooms.proof-commitment').dataset.ok).toBe('true')
    // The page did not see round red-0's tickets sold: it says so rather than guess.
    expect(within(dialog).getByTestId('rooms.proof-no-list')).toBeTruthy()
  })

  it('says a round it does not hold is not found', async () => {
    await renderGamePage(
      <RoomGame
        room="red"
        serviceUrl=""
        getToken={() => null}
        player={null}
        locale="en"
        proofRound={'red-77' as RoundId}
      />,
    )
    expect(screen.getByTestId('rooms.fairness-dialog').dataset.status).toBe('notFound')
  })
})
