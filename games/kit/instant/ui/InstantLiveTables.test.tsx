import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { Socket } from 'socket.io-client'
import { describe, expect, it, vi } from 'vitest'
import kitEn from '../../../../locales/en/kit.json'
import pagesEn from '../../../../locales/en/pages.json'
import type { SocketFactory } from '../../../engine/stream'
import { LIVE_TABLE_LENGTH } from '../protocol'
import type { LiveTablesShell } from '../../ui/gameModule'
import { InstantLiveTables, connectLiveTables, type ConnectLiveTables } from './InstantLiveTables'
import { i18nTestEnv } from '../../testing/i18n'

i18nTestEnv({ en: { kit: kitEn, pages: pagesEn } })

type Listener = (...args: unknown[]) => void

/**
 * The socket under the real stream (games/engine/stream): it connects on the next microtask,
 * answers the stream's own `time` and the live wire's `sync`, and lets the test play the server
 * (`serverSends`). Every event still goes through the stream's zod parsing, as in the browser.
 */
class FakeSocket {
  connected = false
  active = true
  recovered = false
  readonly io = { on: () => {}, off: () => {} }
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly anyListeners = new Set<Listener>()

  on(name: string, listener: Listener) {
    const set = this.listeners.get(name) ?? new Set()
    set.add(listener)
    this.listeners.set(name, set)
    return this
  }
  once(name: string, listener: Listener) {
    const once: Listener = (...args) => {
      this.off(name, once)
      listener(...args)
    }
    return this.on(name, once)
  }
  off(name: string, listener: Listener) {
    this.listeners.get(name)?.delete(listener)
    return this
  }
  onAny(listener: Listener) {
    this.anyListeners.add(listener)
    return this
  }
  offAny(listener: Listener) {
    this.anyListeners.delete(listener)
    return this
  }
  connect() {
    queueMicrotask(() => {
      this.connected = true
      for (const listener of [...(this.listeners.get('connect') ?? [])]) listener()
    })
    return this
  }
  disconnect() {
    this.connected = false
    this.active = false
    return this
  }
  timeout() {
    return this
  }
  emitWithAck(name: string) {
    return Promise.resolve(
      name === 'time' ? { serverTime: 1_700_000_000_000 } : { type: 'ok', v: 1 },
    )
  }
  /** The server emits `name` with `payload` on this socket. */
  serverSends(name: string, payload: unknown) {
    for (const listener of [...this.anyListeners]) listener(name, payload)
  }
}

/** A dice bet's live row; `n` orders them in time and names the bet and the player. */
function row(n: number, extra: Record<string, unknown> = {}) {
  return {
    betId: `bet-${n}`,
    game: 'dice',
    player: `player${n}`,
    amount: 500,
    currency: 'RUB',
    multiplier: 19_800,
    payout: 990,
    time: 1_700_000_000_000 + n * 1000,
    highRoller: false,
    ...extra,
  }
}

let services = 0

/** The tables on a fresh service over a fake socket, with the shell's links spied on. */
async function renderTables() {
  const socket = new FakeSocket()
  const io = vi.fn(() => socket as unknown as Socket) as unknown as SocketFactory
  const connect: ConnectLiveTables = (options) => connectLiveTables({ ...options, io })
  const live: LiveTablesShell = {
    serviceUrl: `http://general-${++services}.test`,
    betHref: (game, betId) => `/ru/games/${game}?bet=${betId}`,
    openBet: vi.fn(),
  }
  const view = render(
    <InstantLiveTables
      game="dice"
      live={live}
      getToken={() => 'token'}
      locale="en"
      connect={connect}
    />,
  )
  await act(async () => {})
  const send = (name: string, payload: unknown) => act(() => socket.serverSends(name, payload))
  const rows = () =>
    screen.queryAllByTestId('dice.live-row').map((tr) => tr.getAttribute('data-bet-id'))
  return { view, live, send, rows }
}

const snapshot = (tables: { all: unknown[]; highRollers?: unknown[]; mine: unknown[] | null }) => ({
  type: 'snapshot',
  v: 1,
  serverTime: 1_700_000_000_000,
  highRollers: [],
  ...tables,
})

describe('InstantLiveTables', () => {
  it('shows the snapshot, then each batch on top, each row linking to its proof', async () => {
    const { live, send, rows, view } = await renderTables()
    expect(screen.getByTestId('dice.live-table').textContent).toBe(kitEn.live.empty.all)

    send('snapshot', snapshot({ all: [row(2), row(1)], mine: [row(1)] }))
    expect(rows()).toEqual(['bet-2', 'bet-1'])
    // The wire sends a batch oldest first; the table reads newest first, each bet once.
    send('bets', { type: 'bets', v: 1, rows: [row(2), row(3), row(4, { payout: 0 })] })
    expect(rows()).toEqual(['bet-4', 'bet-3', 'bet-2', 'bet-1'])

    const first = screen.getAllByTestId('dice.live-row')[0]!
    expect(first.className).toContain('dice-bets__row--lost')
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells[0]).toBe('Dice')
    expect(cells[2]).toBe('player4')
    expect(cells[4]).toBe('1.98×')
    expect(cells[5]).toBe('—')
    const link = within(first).getByRole('link', { name: "Dice: open the proof of player4's bet" })
    expect(link.getAttribute('href')).toBe('/ru/games/dice?bet=bet-4')
    fireEvent.click(link)
    expect(live.openBet).toHaveBeenCalledExactlyOnceWith('dice', 'bet-4')
    view.unmount()
  })

  it('switches tables by click and by arrow keys; a guest is asked to log in for their own', async () => {
    const { send, rows, view } = await renderTables()
    send(
      'snapshot',
      snapshot({
        all: [row(3, { highRoller: true, amount: 200_000 }), row(2)],
        highRollers: [row(3, { highRoller: true, amount: 200_000 })],
        mine: [row(2)],
      }),
    )
    send('myBets', { type: 'myBets', v: 1, rows: [row(5)] })
    const tab = (id: string) => screen.getByTestId(`dice.live-tab-${id}`)

    fireEvent.click(tab('highRollers'))
    expect(tab('highRollers').getAttribute('aria-selected')).toBe('true')
    expect(rows()).toEqual(['bet-3'])
    fireEvent.keyDown(tab('highRollers'), { key: 'ArrowRight' })
    expect(tab('mine')).toBe(document.activeElement)
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('mine').id)
    expect(rows()).toEqual(['bet-5', 'bet-2'])
    fireEvent.keyDown(tab('mine'), { key: 'Home' })
    expect(rows()).toEqual(['bet-3', 'bet-2'])

    // A guest's snapshot has no table of their own.
    send('snapshot', snapshot({ all: [], mine: null }))
    fireEvent.click(tab('mine'))
    expect(screen.getByTestId('dice.live-table').textContent).toBe(kitEn.live.guest)
    view.unmount()
  })

  it(`keeps ${LIVE_TABLE_LENGTH} rows, newest first, and ignores an event that breaks the wire`, async () => {
    const { send, rows, view } = await renderTables()
    const full = Array.from({ length: LIVE_TABLE_LENGTH }, (_, i) => row(LIVE_TABLE_LENGTH - i))
    send('snapshot', snapshot({ all: full, mine: [] }))
    send('bets', {
      type: 'bets',
      v: 1,
      rows: [row(31), row(32), row(33)],
    })
    const shown = rows()
    expect(shown).toHaveLength(LIVE_TABLE_LENGTH)
    expect(shown.slice(0, 4)).toEqual(['bet-33', 'bet-32', 'bet-31', 'bet-30'])
    expect(shown.at(-1)).toBe('bet-4')

    // A negative stake, too long a name, another version, an empty batch: each dropped (and
    // reported) by the stream, the tables unchanged.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {})
    send('bets', { type: 'bets', v: 1, rows: [row(40, { amount: -5 })] })
    send('bets', { type: 'bets', v: 1, rows: [row(41, { player: 'x'.repeat(65) })] })
    send('bets', { type: 'bets', v: 2, rows: [row(42)] })
    send('myBets', { type: 'myBets', v: 1, rows: [] })
    expect(rows()).toEqual(shown)
    expect(reported).toHaveBeenCalledTimes(4)
    reported.mockRestore()
    send('bets', { type: 'bets', v: 1, rows: [row(43)] })
    expect(rows()[0]).toBe('bet-43')
    view.unmount()
  })
})
