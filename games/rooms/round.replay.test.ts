import { describe, expect, it } from 'vitest'
import { parseRecording, type Recording } from '../engine/replay'
import { recordedStartBalance, replayRound } from '../kit/testing/replayRound'
import { roomsWire } from './protocol'
import {
  countdownEvent,
  drawnEvent,
  openedEvent,
  rows,
  T0,
  ticketsEvent,
  wireDraw,
  wireSnapshot,
} from './round.fixtures'
import { DRAW_SPIN_MS, roomsRoundMachine } from './round.machine'
import { roomEventFromStream, roomsCommandActors } from './stream'

/**
 * A whole red round as a recording stores it (the stream both ways and the player's input, with
 * times): the player buys 3 tickets, another player's purchase starts the countdown, the round
 * draws and the next one opens. Generated from the rules, not recorded live (the rooms' server is
 * being built): its draw is the rules' from a fixed seed, so it verifies; a live recording of the
 * same scenario replaces it once the server runs (tests/recordings/README.md's `npm run record`).
 */
function wholeRound(): Recording {
  const mine = rows([{ purchaseId: 'p-mine', player: 'me', count: 3, clientSeed: 'my-seed' }])
  const theirs = rows([{ purchaseId: 'p-bob', player: 'bob', count: 2 }], 3, ['me'])
  const draw = wireDraw({
    room: 'red',
    roundId: 'red-1',
    nonce: 1,
    purchases: [...mine, ...theirs],
  })
  const buy = {
    type: 'buy',
    v: 1,
    key: 'rec-rooms-buy-0001',
    room: 'red',
    currency: 'RUB',
    count: 3,
    clientSeed: 'my-seed',
  }
  const ack = {
    type: 'ok',
    v: 1,
    purchaseId: 'p-mine',
    roundId: 'red-1',
    room: 'red',
    currency: 'RUB',
    firstTicket: 0,
    lastTicket: 2,
    count: 3,
    cost: 300,
    balance: 9_700,
  }
  const entries: [number, 'in' | 'out', string, unknown][] = [
    [10, 'in', 'connect', { recovered: false, clockOffset: T0 - 1_000 }],
    [20, 'in', 'snapshot', wireSnapshot({ me: { balance: 10_000, purchaseIds: [] } })],
    [501, 'out', 'buy', buy],
    [540, 'in', 'buy:ack', ack],
    [560, 'in', 'tickets', ticketsEvent('red', 'red-1', mine)],
    // Another room's batch on the same socket: the red page never hears it.
    [
      700,
      'in',
      'tickets',
      ticketsEvent('yellow', 'yellow-1', rows([{ purchaseId: 'y', player: 'y', count: 1 }])),
    ],
    [2_000, 'in', 'tickets', ticketsEvent('red', 'red-1', theirs)],
    [2_001, 'in', 'countdown', countdownEvent('red', 'red-1', T0 + 62_000)],
    [62_010, 'in', 'drawn', drawnEvent(draw)],
    [62_010 + DRAW_SPIN_MS + 3_000, 'in', 'opened', openedEvent('red', 'red-2', 2)],
  ]
  let seq = 0
  const events = entries.map(([at, dir, name, payload]) => {
    // The input is seq 2, before the command it sends.
    if (seq === 2) seq++
    return { seq: seq++, at, dir, name, payload }
  })
  return parseRecording({
    format: 'tessera-recording',
    version: 1,
    service: 'general',
    protocolVersion: 1,
    startedAt: T0 - 1_000,
    meta: {
      description: 'Generated: a red round bought into, drawn and followed by the next.',
      source: 'generated',
    },
    events,
    inputs: [
      { seq: 2, at: 500, intent: { type: 'BUY', key: buy.key, count: 3, clientSeed: 'my-seed' } },
    ],
  })
}

describe('a whole room round, replayed', () => {
  it('goes open, buying, countdown, drawing, announced, open, and ends with the draw in its history', async () => {
    const recording = wholeRound()
    const draw = roomsWire.parseEvent(
      'drawn',
      recording.events.find((e) => e.name === 'drawn')?.payload,
    )
    if (draw.type !== 'drawn') throw new Error('not a draw')
    const result = await replayRound(recording, {
      wire: roomsWire,
      machine: (transport) => roomsRoundMachine.provide({ actors: roomsCommandActors(transport) }),
      eventFromStream: roomEventFromStream('red'),
      input: { room: 'red' as const },
    })
    expect(result.states).toEqual([
      { round: { connecting: 'waiting' }, player: 'idle' },
      { round: 'open', player: 'idle' },
      { round: 'open', player: 'buying' },
      { round: 'open', player: 'idle' },
      { round: 'countdown', player: 'idle' },
      { round: { drawing: 'spinning' }, player: 'idle' },
      { round: { drawing: 'announced' }, player: 'idle' },
      { round: 'open', player: 'idle' },
    ])
    const won = draw.winner.purchaseId === 'p-mine'
    expect(recordedStartBalance(roomsWire, recording)).toBe(10_000)
    expect(result.context).toMatchObject({
      room: 'red',
      clockOffset: T0 - 1_000,
      balance: won ? 9_700 + draw.payout : 9_700,
      mine: ['p-mine'],
      lastPurchase: null,
      lastError: null,
      round: { id: 'red-2', phase: 'open', tickets: 0 },
    })
    expect(result.context.history).toEqual([
      expect.objectContaining({ roundId: 'red-1', winningTicket: draw.winningTicket, tickets: 5 }),
    ])
  })
})
