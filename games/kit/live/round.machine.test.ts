import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { assertEvent, assign, createActor, fromPromise, setup, stateIn } from 'xstate'
import type { CommandKey, RoundId } from '../protocol'
import type { ConnectionEvent } from '../wireLink'
import { liveSyncRequest } from './protocol'
import {
  SNAPSHOT_TIMEOUT_MS,
  confirmBySnapshot,
  liveCommandImplementations,
  liveRoundImplementations,
  liveRoundRegion,
  withAck,
} from './round.machine'

/**
 * A probe live game shaped like the rooms, the kit's second user and not crash: a round opens and
 * waits for a second player, counts down to a server time, then draws a winning ticket (revealed,
 * then a pause) until the next round opens. The player buys tickets with a command. Nothing here
 * is crash's: no curve, crash point, bets table or cash-out.
 */
const VERSION = 3
type Phase = 'open' | 'countdown' | 'drawing'
interface DrawRound {
  id: RoundId
  phase: Phase
  endsAt: number | null
  winner: number | null
}
interface DrawContext {
  clockOffset: number
  round: DrawRound | null
  tickets: number
  lastError: 'sold_out' | 'network' | null
}
type DrawAck = { type: 'ok'; v: 3; tickets: number } | { type: 'error'; v: 3; code: 'sold_out' }
type DrawEvent =
  | ConnectionEvent
  | { type: 'snapshot'; v: 3; serverTime: number; round: DrawRound; me: { tickets: number } }
  | { type: 'round'; v: 3; roundId: RoundId }
  | { type: 'tickets'; v: 3; roundId: RoundId; count: number }
  | { type: 'timer'; v: 3; roundId: RoundId; endsAt: number }
  | { type: 'draw'; v: 3; roundId: RoundId; winner: number }
  | { type: 'BUY'; key: CommandKey; count: number }

const REVEAL_MS = 3000
const notProvided = () => Promise.reject(new Error('[test] not provided'))

const live = liveRoundImplementations<DrawContext, DrawEvent>()
const commands = liveCommandImplementations<DrawContext, DrawEvent>()

const drawMachine = setup({
  types: { context: {} as DrawContext, events: {} as DrawEvent },
  actors: {
    requestSync: fromPromise<unknown, { type: 'sync'; v: 3 }>(notProvided),
    buyTickets: fromPromise<DrawAck, { key: CommandKey; count: number }>(notProvided),
  },
  delays: { ...live.delays, reveal: REVEAL_MS },
  guards: {
    ...live.guards,
    ...commands.guards,
    hasTickets: ({ event }) => event.type === 'snapshot' && event.me.tickets > 0,
  },
  actions: {
    ...live.actions,
    ...commands.actions,
    applySnapshot: assign(({ event }) => {
      assertEvent(event, 'snapshot')
      return { round: event.round, tickets: event.me.tickets }
    }),
    openRound: assign(({ event }) => {
      assertEvent(event, 'round')
      const round = { id: event.roundId, phase: 'open' as const, endsAt: null, winner: null }
      return { round, tickets: 0 }
    }),
    startTimer: assign(({ context, event }) => {
      assertEvent(event, 'timer')
      return context.round
        ? { round: { ...context.round, phase: 'countdown' as const, endsAt: event.endsAt } }
        : {}
    }),
    drawWinner: assign(({ context, event }) => {
      assertEvent(event, 'draw')
      return context.round
        ? { round: { ...context.round, phase: 'drawing' as const, winner: event.winner } }
        : {}
    }),
    countTickets: assign(({ context, event }) => {
      assertEvent(event, 'tickets')
      return { tickets: context.tickets + event.count }
    }),
    takeTickets: assign(({ context }, params: { ack: DrawAck }) =>
      params.ack.type === 'ok' ? { tickets: context.tickets + params.ack.tickets } : {},
    ),
  },
}).createMachine({
  id: 'drawRound',
  type: 'parallel',
  context: { clockOffset: 0, round: null, tickets: 0, lastError: null },
  states: {
    round: liveRoundRegion({
      version: VERSION,
      phases: {
        open: {},
        countdown: {},
        // A phase with its own chart: the winner is revealed, then a pause until the next round.
        drawing: {
          initial: 'revealing',
          states: { revealing: { after: { reveal: 'paused' } }, paused: {} },
        },
      },
      on: {
        round: { target: '.open', actions: 'openRound' },
        timer: { guard: 'isCurrentRound', target: '.countdown', actions: 'startTimer' },
        draw: { guard: 'isCurrentRound', target: '.drawing', actions: 'drawWinner' },
        tickets: { guard: 'isCurrentRound', actions: 'countTickets' },
      },
    }),
    player: {
      initial: 'idle',
      on: {
        // The snapshot is the truth about the player's tickets; an unanswered buy it does not
        // show never reached the server.
        snapshot: [
          { guard: 'hasTickets', target: '.holding' },
          {
            guard: stateIn('#drawRound.player.confirming'),
            target: '.idle',
            actions: 'commandFailed',
          },
        ],
      },
      states: {
        idle: { on: { BUY: { target: 'buying', actions: 'clearError' } } },
        buying: {
          invoke: {
            src: 'buyTickets',
            input: ({ event }) => {
              assertEvent(event, 'BUY')
              return { key: event.key, count: event.count }
            },
            onDone: [
              { guard: withAck('ackIsError'), target: 'idle', actions: withAck('commandRefused') },
              { target: 'holding', actions: withAck('takeTickets') },
            ],
            onError: 'confirming',
          },
        },
        confirming: confirmBySnapshot(VERSION, { target: 'idle', actions: 'commandFailed' }),
        holding: {},
      },
    },
  },
})

const T0 = 1_700_000_000_000
const id = (n: number) => String(n) as RoundId
const key = `key-${'0'.repeat(8)}` as CommandKey
const snapshot = (round: Partial<DrawRound> & { id: RoundId; phase: Phase }, tickets = 0) =>
  ({
    type: 'snapshot',
    v: 3,
    serverTime: T0,
    round: { endsAt: null, winner: null, ...round },
    me: { tickets },
  }) as const

interface Call {
  src: string
  input: unknown
  resolve(output: unknown): void
  reject(error: Error): void
}

/** The probe machine with command actors the test answers by hand. */
function start() {
  const calls: Call[] = []
  // The test answers with wire-shaped objects; the machine reads them as the actor's output.
  const fake = <O, I>(src: string) =>
    fromPromise<O, I>(
      ({ input }) =>
        new Promise((resolve, reject) =>
          calls.push({ src, input, resolve: (output) => resolve(output as O), reject }),
        ),
    )
  type BuyInput = { key: CommandKey; count: number }
  const actor = createActor(
    drawMachine.provide({
      actors: {
        requestSync: fake<unknown, { type: 'sync'; v: 3 }>('sync'),
        buyTickets: fake<DrawAck, BuyInput>('buy'),
      },
    }),
  ).start()
  const last = () => {
    const call = calls.at(-1)
    if (!call) throw new Error('no command was sent')
    return call
  }
  return {
    calls,
    send: (event: DrawEvent) => actor.send(event),
    value: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    answer: async (output: unknown) => {
      last().resolve(output)
      await vi.advanceTimersByTimeAsync(0)
    },
    fail: async () => {
      last().reject(new Error('timeout'))
      await vi.advanceTimersByTimeAsync(0)
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('live round region', () => {
  it('waits for the snapshot and asks for one with sync when it is late, and keeps asking', async () => {
    const h = start()
    expect(h.value()).toEqual({ round: { connecting: 'waiting' }, player: 'idle' })
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS - 1)
    expect(h.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.calls.map((c) => [c.src, c.input])).toEqual([['sync', { type: 'sync', v: VERSION }]])
    expect(h.value()).toEqual({ round: { connecting: 'requesting' }, player: 'idle' })
    // A refused request waits and asks again, as an ok one does while no snapshot comes.
    await h.fail()
    expect(h.value()).toEqual({ round: { connecting: 'waiting' }, player: 'idle' })
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS)
    await h.answer({ type: 'ok', v: VERSION })
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS)
    expect(h.calls.map((c) => c.src)).toEqual(['sync', 'sync', 'sync'])
    h.send(snapshot({ id: id(7), phase: 'open' }))
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS * 3)
    expect(h.calls).toHaveLength(3)
  })

  it('takes the clock offset of the connection, and its updates anywhere', () => {
    const h = start()
    h.send({ type: 'CONNECTED', recovered: false, clockOffset: 250 })
    expect(h.ctx().clockOffset).toBe(250)
    h.send(snapshot({ id: id(7), phase: 'countdown', endsAt: T0 + 5000 }))
    h.send({ type: 'CLOCK', clockOffset: -40 })
    expect(h.ctx().clockOffset).toBe(-40)
    expect(h.value()).toMatchObject({ round: 'countdown' })
  })

  it.each(['open', 'countdown'] as const)('enters %s from a snapshot in that phase', (phase) => {
    const h = start()
    h.send(snapshot({ id: id(7), phase }, 2))
    expect(h.value()).toEqual({ round: phase, player: 'holding' })
    expect(h.ctx()).toMatchObject({ round: { id: '7', phase }, tickets: 2 })
  })

  it("enters a phase with its own chart at that chart's start", async () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'drawing', winner: 42 }))
    expect(h.value()).toMatchObject({ round: { drawing: 'revealing' } })
    await vi.advanceTimersByTimeAsync(REVEAL_MS)
    expect(h.value()).toMatchObject({ round: { drawing: 'paused' } })
  })

  it("follows the stream's phases: open, countdown, the draw, the next round", async () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'open' }))
    h.send({ type: 'tickets', v: 3, roundId: id(7), count: 5 })
    h.send({ type: 'timer', v: 3, roundId: id(7), endsAt: T0 + 10_000 })
    expect(h.value()).toMatchObject({ round: 'countdown' })
    expect(h.ctx()).toMatchObject({
      round: { phase: 'countdown', endsAt: T0 + 10_000 },
      tickets: 5,
    })
    h.send({ type: 'draw', v: 3, roundId: id(7), winner: 3 })
    expect(h.value()).toMatchObject({ round: { drawing: 'revealing' } })
    expect(h.ctx().round).toMatchObject({ phase: 'drawing', winner: 3 })
    await vi.advanceTimersByTimeAsync(REVEAL_MS)
    h.send({ type: 'round', v: 3, roundId: id(8) })
    expect(h.value()).toMatchObject({ round: 'open' })
    expect(h.ctx()).toMatchObject({ round: { id: '8', phase: 'open', winner: null }, tickets: 0 })
  })

  it('does not move the round for events of another round', () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'open' }))
    h.send({ type: 'tickets', v: 3, roundId: id(6), count: 5 })
    h.send({ type: 'timer', v: 3, roundId: id(6), endsAt: T0 })
    h.send({ type: 'draw', v: 3, roundId: id(6), winner: 1 })
    expect(h.value()).toMatchObject({ round: 'open' })
    expect(h.ctx()).toMatchObject({ round: { id: '7', phase: 'open', winner: null }, tickets: 0 })
  })

  it('returns to the phase it knew when socket.io recovered the connection', () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'countdown', endsAt: T0 + 5000 }))
    h.send({ type: 'DISCONNECTED' })
    expect(h.value()).toEqual({ round: 'offline', player: 'idle' })
    h.send({ type: 'CONNECTED', recovered: true, clockOffset: 12 })
    expect(h.value()).toEqual({ round: 'countdown', player: 'idle' })
    expect(h.ctx().clockOffset).toBe(12)
    // The missed events follow, as socket.io replays them.
    h.send({ type: 'draw', v: 3, roundId: id(7), winner: 9 })
    expect(h.value()).toMatchObject({ round: { drawing: 'revealing' } })
  })

  it('resyncs from a new snapshot after a reconnection that lost the stream', async () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'countdown', endsAt: T0 + 5000 }, 2))
    h.send({ type: 'DISCONNECTED' })
    h.send({ type: 'CONNECTED', recovered: false, clockOffset: 30 })
    expect(h.value()).toEqual({ round: { resyncing: 'waiting' }, player: 'holding' })
    expect(h.ctx().clockOffset).toBe(30)
    // The round moved on meanwhile: the snapshot says where, whatever was known before.
    h.send(snapshot({ id: id(9), phase: 'open' }, 1))
    expect(h.value()).toEqual({ round: 'open', player: 'holding' })
    expect(h.ctx()).toMatchObject({ round: { id: '9', phase: 'open' }, tickets: 1 })
    expect(h.calls).toHaveLength(0)
  })

  it('asks for the snapshot when none comes after the reconnection', async () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'open' }))
    h.send({ type: 'DISCONNECTED' })
    h.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS)
    expect(h.value()).toMatchObject({ round: { resyncing: 'requesting' } })
    expect(h.calls.map((c) => [c.src, c.input])).toEqual([['sync', liveSyncRequest(VERSION)]])
    await h.answer({ type: 'ok', v: VERSION })
    h.send(snapshot({ id: id(7), phase: 'drawing', winner: 5 }))
    expect(h.value()).toMatchObject({ round: { drawing: 'revealing' } })
  })

  it('resyncs when the socket dropped before the first snapshot, recovered or not', () => {
    const h = start()
    h.send({ type: 'DISCONNECTED' })
    h.send({ type: 'CONNECTED', recovered: true, clockOffset: 0 })
    expect(h.value()).toMatchObject({ round: { resyncing: 'waiting' } })
  })
})

describe('live commands', () => {
  it('keeps a refusal code, and clears it on the next try', async () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'open' }))
    h.send({ type: 'BUY', key, count: 2 })
    expect(h.calls.at(-1)).toMatchObject({ src: 'buy', input: { key, count: 2 } })
    await h.answer({ type: 'error', v: 3, code: 'sold_out' })
    expect(h.value()).toMatchObject({ player: 'idle' })
    expect(h.ctx().lastError).toBe('sold_out')
    h.send({ type: 'BUY', key, count: 1 })
    expect(h.ctx().lastError).toBeNull()
    await h.answer({ type: 'ok', v: 3, tickets: 1 })
    expect(h.value()).toMatchObject({ player: 'holding' })
    expect(h.ctx().tickets).toBe(1)
  })

  it('asks for a snapshot when an answer is lost, and takes what it shows', async () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'open' }))
    h.send({ type: 'BUY', key, count: 2 })
    await h.fail()
    expect(h.value()).toMatchObject({ player: 'confirming' })
    expect(h.calls.at(-1)).toMatchObject({ src: 'sync', input: { type: 'sync', v: VERSION } })
    h.send(snapshot({ id: id(7), phase: 'open' }, 2))
    expect(h.value()).toMatchObject({ round: 'open', player: 'holding' })
    expect(h.ctx()).toMatchObject({ tickets: 2, lastError: null })
  })

  it('says network when no snapshot comes in time after a lost answer', async () => {
    const h = start()
    h.send(snapshot({ id: id(7), phase: 'open' }))
    h.send({ type: 'BUY', key, count: 2 })
    await h.fail()
    await vi.advanceTimersByTimeAsync(SNAPSHOT_TIMEOUT_MS - 1)
    expect(h.value()).toMatchObject({ player: 'confirming' })
    await vi.advanceTimersByTimeAsync(1)
    expect(h.value()).toMatchObject({ player: 'idle' })
    expect(h.ctx().lastError).toBe('network')
  })
})

describe('live kit types', () => {
  it("refuses a game whose events or errors miss what the kit's pieces read", () => {
    type NoConnection = Exclude<DrawEvent, ConnectionEvent>
    type NoPhase = ConnectionEvent | { type: 'snapshot'; round: { id: RoundId } }
    // @ts-expect-error the events lack the connection reports
    liveRoundImplementations<DrawContext, NoConnection>()
    // @ts-expect-error the snapshot does not name its round's phase
    liveRoundImplementations<DrawContext, NoPhase>()
    // @ts-expect-error a lost answer has no `network` error to show
    liveCommandImplementations<{ lastError: 'sold_out' | null }, DrawEvent>()
    // @ts-expect-error a phase may not take the name of one of the region's own states
    liveRoundRegion({ version: VERSION, phases: { open: {}, offline: {} }, on: {} })
    // @ts-expect-error the region answers the snapshot itself
    liveRoundRegion({ version: VERSION, phases: { open: {} }, on: { snapshot: '.open' } })
    expect(live.delays).toEqual({ snapshotTimeout: SNAPSHOT_TIMEOUT_MS })
  })
})
