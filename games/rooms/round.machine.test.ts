import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Minor } from '../engine/money'
import { roomsWire, type CommandKey } from './protocol'
import {
  countdownEvent,
  drawnEvent,
  openedEvent,
  rows,
  T0,
  ticketsEvent,
  wireDraw,
  wireRound,
  wireSnapshot,
} from './round.fixtures'
import { DRAW_SPIN_MS, SNAPSHOT_TIMEOUT_MS, roomsRoundMachine } from './round.machine'
import { NEXT_ROUND_PAUSE_MS } from './rules'
import type { BuyCommand, BuyIntent, SyncCommand } from './round.model'
import { roomEventFromStream } from './stream'

const toRed = roomEventFromStream('red')
const ROUND = 'red-1'
const key = (n: number) => `key-${n}` as CommandKey
const buy = (count: number, n = 1): BuyIntent => ({
  type: 'BUY',
  key: key(n),
  count,
  clientSeed: `my-seed-${n}`,
})
const okAck = (purchaseId: string, first: number, count: number, balance: number) => ({
  type: 'ok',
  v: 1,
  purchaseId,
  roundId: ROUND,
  room: 'red',
  currency: 'RUB',
  firstTicket: first,
  lastTicket: first + count - 1,
  count,
  cost: count * 100,
  balance,
})

/** A red room's machine whose server answers `buy` with `answer` and `sync` with ok. */
function start(
  options: {
    player?: boolean
    answer?: (command: BuyCommand) => Promise<unknown>
    sync?: () => Promise<unknown>
  } = {},
) {
  const sent: BuyCommand[] = []
  const syncs: unknown[] = []
  const player = options.player ?? true
  const actor = createActor(
    roomsRoundMachine.provide({
      actors: {
        // Answers parsed by the wire, as the page's command actors parse them.
        buyTickets: fromPromise(async ({ input }: { input: BuyCommand }) => {
          sent.push(input)
          const answer =
            options.answer?.(input) ?? Promise.resolve(okAck('p-mine', 0, input.count, 9_000))
          return roomsWire.parseAck('buy', await answer)
        }),
        requestSync: fromPromise(async ({ input }: { input: SyncCommand }) => {
          syncs.push(input)
          return roomsWire.parseAck(
            'sync',
            await (options.sync?.() ?? Promise.resolve({ type: 'ok', v: 1 })),
          )
        }),
      },
    }),
    {
      input: {
        room: 'red',
        currency: player ? 'RUB' : null,
        balance: player ? (10_000 as Minor) : null,
      },
    },
  ).start()
  /** Sends a stream message as the page's stream would, dropping other rooms' events. */
  const stream = (name: string, payload: unknown) => {
    const event = toRed(name, payload)
    if (event) actor.send(event)
  }
  stream('connect', { recovered: false, clockOffset: 12 })
  return { actor, sent, syncs, stream }
}

const snapshotWith = (balance = 10_000, purchaseIds: string[] = []) =>
  wireSnapshot({ me: { balance, purchaseIds } })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the rooms round machine: the round', () => {
  it('waits for a snapshot, then shows the room the page is for with its history', () => {
    const { actor, stream } = start()
    expect(actor.getSnapshot().value).toEqual({ round: { connecting: 'waiting' }, player: 'idle' })
    const purchases = rows([
      { purchaseId: 'a', player: 'alice', count: 2 },
      { purchaseId: 'b', player: 'bob', count: 1 },
    ])
    const past = wireDraw({ room: 'red', roundId: 'red-0', nonce: 0, purchases })
    stream(
      'snapshot',
      wireSnapshot({
        rounds: {
          yellow: wireRound({
            room: 'yellow',
            roundId: 'y-9',
            nonce: 9,
            status: 'counting',
            purchases,
          }),
        },
        history: { red: [past] },
        me: { balance: 7_700, purchaseIds: [] },
      }),
    )
    const { value, context } = actor.getSnapshot()
    expect(value).toEqual({ round: 'open', player: 'idle' })
    expect(context.round).toMatchObject({ id: ROUND, phase: 'open', room: 'red', tickets: 0 })
    expect(context.history.map((d) => d.roundId)).toEqual(['red-0'])
    expect(context.balance).toBe(7_700)
    expect(context.clockOffset).toBe(12)
  })

  it('enters the phase of the snapshot: a counting round is in its countdown', () => {
    const { actor, stream } = start()
    const purchases = rows([
      { purchaseId: 'a', player: 'alice', count: 2 },
      { purchaseId: 'b', player: 'bob', count: 1 },
    ])
    const round = wireRound({
      room: 'red',
      roundId: ROUND,
      nonce: 1,
      status: 'counting',
      purchases,
    })
    stream('snapshot', wireSnapshot({ rounds: { red: round } }))
    expect(actor.getSnapshot().value).toEqual({ round: 'countdown', player: 'idle' })
    expect(actor.getSnapshot().context.round?.countdownEndsAt).toBe(T0 + 60_000)
  })

  it('follows a round: batches, the countdown, the draw, the spin, the next round', () => {
    const { actor, stream } = start()
    stream('snapshot', snapshotWith())
    const first = rows([{ purchaseId: 'a', player: 'alice', count: 3 }])
    const second = rows([{ purchaseId: 'b', player: 'bob', count: 2 }], 3, ['alice'])
    stream('tickets', ticketsEvent('red', ROUND, first))
    stream('tickets', ticketsEvent('red', ROUND, second))
    expect(actor.getSnapshot().context.round).toMatchObject({ tickets: 5, pot: 500 })
    expect(actor.getSnapshot().context.round?.purchases.map((p) => p.purchaseId)).toEqual([
      'a',
      'b',
    ])

    stream('countdown', countdownEvent('red', ROUND, T0 + 61_000))
    expect(actor.getSnapshot().value).toMatchObject({ round: 'countdown' })
    expect(actor.getSnapshot().context.round?.countdownEndsAt).toBe(T0 + 61_000)

    const draw = wireDraw({
      room: 'red',
      roundId: ROUND,
      nonce: 1,
      purchases: [...first, ...second],
    })
    stream('drawn', drawnEvent(draw))
    expect(actor.getSnapshot().value).toMatchObject({ round: { drawing: 'spinning' } })
    expect(actor.getSnapshot().context.round?.draw?.winningTicket).toBe(draw.winningTicket)
    expect(actor.getSnapshot().context.history[0]?.roundId).toBe(ROUND)
    // The proof of the round recomputes from its whole list, which the history does not carry.
    expect(actor.getSnapshot().context.ticketLists[draw.roundId as never]).toHaveLength(2)
    vi.advanceTimersByTime(DRAW_SPIN_MS - 1)
    expect(actor.getSnapshot().value).toMatchObject({ round: { drawing: 'spinning' } })
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toMatchObject({ round: { drawing: 'announced' } })
    // The server opens the next round only after the spin and a while of the winner on screen.
    expect(NEXT_ROUND_PAUSE_MS).toBeGreaterThanOrEqual(DRAW_SPIN_MS + 3000)

    stream('opened', openedEvent('red', 'red-2', 2))
    expect(actor.getSnapshot().value).toMatchObject({ round: 'open' })
    expect(actor.getSnapshot().context.round).toMatchObject({ id: 'red-2', tickets: 0, draw: null })
    expect(actor.getSnapshot().context.history).toHaveLength(1)
  })

  it("hears neither other rooms' events nor late ones of a round over", () => {
    const { actor, stream } = start()
    stream('snapshot', snapshotWith())
    stream(
      'tickets',
      ticketsEvent('yellow', 'yellow-1', rows([{ purchaseId: 'y', player: 'y', count: 4 }])),
    )
    stream('countdown', countdownEvent('yellow', 'yellow-1'))
    stream('opened', openedEvent('purple', 'purple-2', 2))
    stream(
      'tickets',
      ticketsEvent('red', 'red-0', rows([{ purchaseId: 'old', player: 'o', count: 1 }])),
    )
    stream('countdown', countdownEvent('red', 'red-0'))
    const { value, context } = actor.getSnapshot()
    expect(value).toMatchObject({ round: 'open' })
    expect(context.round).toMatchObject({ id: ROUND, tickets: 0, purchases: [] })
  })

  it('keeps a purchase once when a batch repeats rows a snapshot already had', () => {
    const { actor, stream } = start()
    const purchases = rows([{ purchaseId: 'a', player: 'alice', count: 3 }])
    stream(
      'snapshot',
      wireSnapshot({
        rounds: { red: wireRound({ room: 'red', roundId: ROUND, nonce: 1, purchases }) },
      }),
    )
    stream('tickets', ticketsEvent('red', ROUND, purchases))
    expect(actor.getSnapshot().context.round?.purchases).toHaveLength(1)
  })

  it('returns to its phase on a recovered reconnection, and resyncs from a snapshot otherwise', () => {
    const { actor, stream, syncs } = start()
    stream('snapshot', snapshotWith())
    stream('countdown', countdownEvent('red', ROUND))
    stream('disconnect', {})
    expect(actor.getSnapshot().value).toMatchObject({ round: 'offline' })
    stream('connect', { recovered: true, clockOffset: 15 })
    expect(actor.getSnapshot().value).toMatchObject({ round: 'countdown' })
    expect(actor.getSnapshot().context.clockOffset).toBe(15)

    stream('disconnect', {})
    stream('connect', { recovered: false, clockOffset: 16 })
    expect(actor.getSnapshot().value).toMatchObject({ round: { resyncing: 'waiting' } })
    vi.advanceTimersByTime(SNAPSHOT_TIMEOUT_MS)
    expect(syncs).toEqual([{ type: 'sync', v: 1 }])
    const draw = wireDraw({
      room: 'red',
      roundId: ROUND,
      nonce: 1,
      purchases: rows([
        { purchaseId: 'a', player: 'alice', count: 1 },
        { purchaseId: 'b', player: 'bob', count: 1 },
      ]),
    })
    const drawn = wireRound({
      room: 'red',
      roundId: ROUND,
      nonce: 1,
      status: 'drawn',
      purchases: rows([
        { purchaseId: 'a', player: 'alice', count: 1 },
        { purchaseId: 'b', player: 'bob', count: 1 },
      ]),
    })
    stream('snapshot', wireSnapshot({ rounds: { red: drawn }, history: { red: [draw] } }))
    expect(actor.getSnapshot().value).toMatchObject({ round: { drawing: 'spinning' } })
  })
})

describe('the rooms round machine: buying tickets', () => {
  it('sends a purchase in its room and currency and takes the ack', async () => {
    const { actor, stream, sent } = start()
    stream('snapshot', snapshotWith())
    actor.send(buy(3))
    expect(actor.getSnapshot().value).toMatchObject({ player: 'buying' })
    await vi.runAllTimersAsync()
    expect(sent).toEqual([
      {
        type: 'buy',
        v: 1,
        key: key(1),
        room: 'red',
        currency: 'RUB',
        count: 3,
        clientSeed: 'my-seed-1',
      },
    ])
    const { value, context } = actor.getSnapshot()
    expect(value).toMatchObject({ player: 'idle' })
    expect(context).toMatchObject({ balance: 9_000, mine: ['p-mine'], lastError: null })
    expect(context.lastPurchase).toMatchObject({ firstTicket: 0, lastTicket: 2 })
  })

  it('keeps the refusal code of a refused purchase, and forgets it at the next try', async () => {
    const { actor, stream } = start({
      answer: async (c) =>
        c.count === 7
          ? { type: 'error', v: 1, code: 'round_full' }
          : okAck('p2', 0, c.count, 9_900),
    })
    stream('snapshot', snapshotWith())
    actor.send(buy(7))
    await vi.runAllTimersAsync()
    expect(actor.getSnapshot().context).toMatchObject({
      lastError: 'round_full',
      mine: [],
      balance: 10_000,
    })
    actor.send(buy(1, 2))
    expect(actor.getSnapshot().context.lastError).toBeNull()
  })

  it('refuses before sending: a guest, a bad count, too little money, a round drawing', () => {
    const guest = start({ player: false })
    guest.stream('snapshot', wireSnapshot())
    guest.actor.send(buy(1))
    expect(guest.actor.getSnapshot().context.lastError).toBe('unauthorized')
    expect(guest.sent).toEqual([])

    const { actor, stream, sent } = start()
    stream('snapshot', snapshotWith(250))
    for (const [count, error] of [
      [0, 'limits'],
      [101, 'limits'],
      [3, 'balance_not_enough'],
    ] as const) {
      actor.send(buy(count))
      expect(actor.getSnapshot().context.lastError).toBe(error)
    }
    const purchases = rows([
      { purchaseId: 'a', player: 'alice', count: 1 },
      { purchaseId: 'b', player: 'bob', count: 1 },
    ])
    stream('drawn', drawnEvent(wireDraw({ room: 'red', roundId: ROUND, nonce: 1, purchases })))
    actor.send(buy(1))
    expect(actor.getSnapshot().context.lastError).toBe('round_closed')
    expect(sent).toEqual([])
    expect(actor.getSnapshot().value).toMatchObject({ player: 'idle' })
  })

  it('asks for a snapshot when the answer is lost, and adopts the purchase it shows', async () => {
    const { actor, stream, syncs } = start({ answer: () => Promise.reject(new Error('timeout')) })
    stream('snapshot', snapshotWith())
    actor.send(buy(2))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toMatchObject({ player: 'confirming' })
    expect(syncs).toHaveLength(1)
    stream('snapshot', snapshotWith(9_800, ['p-lost']))
    expect(actor.getSnapshot().value).toMatchObject({ player: 'idle' })
    expect(actor.getSnapshot().context).toMatchObject({
      mine: ['p-lost'],
      lastError: null,
      balance: 9_800,
    })
  })

  it('says network when the snapshot shows no such purchase, or none comes in time', async () => {
    const lost = start({ answer: () => Promise.reject(new Error('timeout')) })
    lost.stream('snapshot', snapshotWith())
    lost.actor.send(buy(2))
    await vi.advanceTimersByTimeAsync(0)
    lost.stream('snapshot', snapshotWith())
    expect(lost.actor.getSnapshot().context.lastError).toBe('network')
    expect(lost.actor.getSnapshot().value).toMatchObject({ player: 'idle' })

    const silent = start({ answer: () => Promise.reject(new Error('timeout')) })
    silent.stream('snapshot', snapshotWith())
    silent.actor.send(buy(2))
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS)
    expect(silent.actor.getSnapshot().value).toMatchObject({ player: 'idle' })
    expect(silent.actor.getSnapshot().context.lastError).toBe('network')
  })

  it("credits the payout when the player's purchase wins, and only then", () => {
    const purchases = rows([
      { purchaseId: 'mine', player: 'me', count: 1 },
      { purchaseId: 'theirs', player: 'bob', count: 1 },
    ])
    const draw = wireDraw({ room: 'red', roundId: ROUND, nonce: 1, purchases })
    const round = wireRound({
      room: 'red',
      roundId: ROUND,
      nonce: 1,
      status: 'counting',
      purchases,
    })
    const iWin = draw.winner.purchaseId === 'mine'
    for (const owned of [['mine'], ['theirs']]) {
      const { actor, stream } = start()
      stream(
        'snapshot',
        wireSnapshot({ rounds: { red: round }, me: { balance: 1_000, purchaseIds: owned } }),
      )
      stream('drawn', drawnEvent(draw))
      const won = (owned[0] === 'mine') === iWin
      expect(actor.getSnapshot().context.balance).toBe(won ? 1_000 + draw.payout : 1_000)
    }
  })
})
