import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/rooms.json'
import type * as StreamModule from '../../kit/stream/connectGameStream'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { RoomsLobby } from './RoomsLobby'

// The socket is the app's edge: a fake stream hands the lobby a snapshot of the three rooms (red
// counting with two players and one draw behind it), then the test sends it more.
const inbox = vi.hoisted(() => ({ send: (_event: unknown) => {} }))
vi.mock('../../kit/stream/connectGameStream', async (importOriginal) => {
  const { fakeConnectGameStream } = await import('../../kit/testing/fakeGameStream')
  const fixtures = await import('../round.fixtures')
  const purchases = fixtures.rows([
    { purchaseId: 'a', player: 'alice', count: 3 },
    { purchaseId: 'b', player: 'bob', count: 1 },
  ])
  return {
    ...(await importOriginal<typeof StreamModule>()),
    connectGameStream: fakeConnectGameStream({
      snapshot: () =>
        fixtures.wireSnapshot({
          rounds: {
            red: fixtures.wireRound({
              room: 'red',
              roundId: 'red-1',
              nonce: 1,
              status: 'counting',
              purchases,
              // Far ahead of the page's clock: the countdown shows a whole minute or more.
              countdownEndsAt: 10_000_000,
            }),
          },
          history: {
            red: [fixtures.wireDraw({ room: 'red', roundId: 'red-0', nonce: 0, purchases })],
          },
        }),
      connected: (page) => {
        inbox.send = page.send
      },
    }),
  }
})

i18nTestEnv({ en: { rooms: en } })

describe('the rooms at a glance', () => {
  it('shows each room live and links it to its page', async () => {
    const opened: string[] = []
    render(
      <RoomsLobby
        serviceUrl=""
        getToken={() => null}
        locale="en"
        roomHref={(room) => `/games/rooms/${room}`}
        openRoom={(room) => opened.push(room)}
      />,
    )
    await act(async () => {})
    const red = screen.getByTestId('rooms.lobby-red')
    expect(red.getAttribute('href')).toBe('/games/rooms/red')
    expect(red.querySelector('[data-testid="rooms.lobby-pot"]')?.textContent).toBe('Pot: ₽4.00')
    expect(red.querySelector('[data-testid="rooms.lobby-players"]')?.textContent).toBe('Players: 2')
    expect(red.querySelector('[data-testid="rooms.lobby-time"]')?.textContent).toMatch(
      /^Draw in: \d+ s$/,
    )
    expect(red.querySelector('[data-testid="rooms.lobby-winner"]')?.textContent).toMatch(
      /^Last winner: (alice|bob), ₽3\.80$/,
    )
    const purple = screen.getByTestId('rooms.lobby-purple')
    expect(purple.querySelector('[data-testid="rooms.lobby-time"]')?.textContent).toBe(
      'Waiting for a second player',
    )
    fireEvent.click(purple)
    expect(opened).toEqual(['purple'])
    // A new round opens in red: the lobby follows the stream.
    const { openedEvent } = await import('../round.fixtures')
    await act(async () => inbox.send(openedEvent('red', 'red-2', 2)))
    expect(red.querySelector('[data-testid="rooms.lobby-pot"]')?.textContent).toBe('Pot: ₽0.00')
  })
})
