import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { assign, setup } from 'xstate'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import type { GameModule } from './gameModule'
import { GamePage } from './GamePage'
import { i18nTestEnv } from '../testing/i18n'

i18nTestEnv({ en: { kit: kitEn } })

/** A made-up game: a balance and an error the stream sets, a round it names. */
const coinMachine = setup({
  types: {
    context: {} as { balance: Minor | null; error: string | null; round: string | null },
    events: {} as
      | { type: 'STATE'; balance: number; error: string | null; round: string }
      | { type: 'CONNECTED'; recovered: boolean; clockOffset: number },
    input: {} as { balance: Minor | null },
  },
}).createMachine({
  context: ({ input }) => ({ balance: input.balance, error: null, round: null }),
  on: {
    STATE: {
      actions: assign(({ event }) => ({
        balance: event.balance as Minor,
        error: event.error,
        round: event.round,
      })),
    },
  },
})

function coinGame() {
  const inboxes: { send(event: unknown): void }[] = []
  const stop = vi.fn()
  const game: GameModule<typeof coinMachine> = {
    id: 'coin',
    machine: () => coinMachine,
    input: (player) => ({ balance: player?.balance ?? null }),
    connect: ({ inbox }) => {
      inboxes.push(inbox as { send(event: unknown): void })
      return {
        stream: {
          getState: () => ({ status: 'online', rttMs: 7, resyncing: false }),
          subscribe: () => () => {},
          request: async () => ({}),
        },
        stop,
      }
    },
    hooks: {
      balance: (s) => s.context.balance,
      errorKey: (s) => (s.context.error ? `kit:error.${s.context.error}` : null),
      frame: (s) => ({ roundId: s.context.round, phase: s.context.round ? 'open' : 'idle' }),
    },
    Layout: ({ snapshot, connection }) => (
      <p data-testid="coin.layout">{`${connection.status} ${snapshot.context.balance ?? ''}`}</p>
    ),
  }
  return { game, inboxes, stop }
}

describe('GamePage', () => {
  it('runs any game module: its machine, stream, root data, balances and errors', async () => {
    const { game, inboxes, stop } = coinGame()
    const onBalance = vi.fn()
    const onError = vi.fn()
    const view = render(
      <GamePage
        game={game}
        serviceUrl="http://coin.test"
        getToken={() => null}
        player={{ currency: 'RUB', balance: 500 as Minor }}
        locale="en"
        onBalance={onBalance}
        onError={onError}
      />,
    )
    await act(async () => {})
    const root = screen.getByTestId('coin.game')
    expect(root.className).toBe('game coin')
    expect(root.dataset.phase).toBe('idle')
    expect(screen.getByTestId('coin.layout').textContent).toBe('online 500')
    expect(onBalance).toHaveBeenLastCalledWith(500)

    act(() => inboxes[0]?.send({ type: 'STATE', balance: 400, error: 'limits', round: '9' }))
    expect(root.dataset.roundId).toBe('9')
    expect(root.dataset.phase).toBe('open')
    expect(onBalance).toHaveBeenLastCalledWith(400)
    expect(onError).toHaveBeenCalledExactlyOnceWith(kitEn.error.limits)

    // The same error again is not a new one; the page reports changes only.
    act(() => inboxes[0]?.send({ type: 'STATE', balance: 400, error: 'limits', round: '10' }))
    expect(onError).toHaveBeenCalledOnce()
    view.unmount()
    expect(stop).toHaveBeenCalledOnce()
  })
})
