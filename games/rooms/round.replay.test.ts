import { describe, expect, it } from 'vitest'
import guestFile from '../../tests/recordings/rooms-round.guest.json'
import playerFile from '../../tests/recordings/rooms-round.json'
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
import { myTickets } from './round.model'
import { replayRoomsGuest, replayRoomsPlayer } from './round.replay'
import { commitmentOf, drawRoom, type Room } from './rules'
import { roomEventFromStream, roomsCommandActors } from './stream'

/**
 * A whole red round as a recording stores it (the stream both ways and the player's input, with
 * times): the player buys 3 tickets, another player's purchase starts the countdown, the round
 * draws and the next one opens. Generated from the rules (its draw is the rules' from a fixed
 * seed, so it verifies), with another room's batch on the socket; the live recording of the same
 * scenario (tests/recordings/rooms-round*.json, `npm run record -- rooms`) is replayed below.
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

/** The recording's server events of `name` as the wire parses them. */
function received(recording: Recording, name: string) {
  return recording.events
    .filter((e) => e.dir === 'in' && e.name === name)
    .map((e) => roomsWire.parseEvent(name, e.payload))
}

/**
 * What the room's watchers saw of its round, read from the file: the round the snapshot showed,
 * its ticket list (the snapshot's rows, then each batch's), the draw and the next round.
 */
function watchedRound(recording: Recording, room: Room) {
  const [snapshot] = received(recording, 'snapshot')
  if (snapshot?.type !== 'snapshot') throw new Error('no snapshot')
  const round = snapshot.rooms[room].round
  const list = new Map(round.purchases.map((p) => [p.purchaseId, p]))
  for (const batch of received(recording, 'tickets')) {
    if (batch.type !== 'tickets' || batch.room !== room || batch.roundId !== round.roundId) continue
    for (const row of batch.purchases) if (!list.has(row.purchaseId)) list.set(row.purchaseId, row)
  }
  const draws = received(recording, 'drawn').filter((d) => d.type === 'drawn' && d.room === room)
  const next = received(recording, 'opened').filter(
    (o) => o.type === 'opened' && o.round.room === room,
  )
  const [draw] = draws
  const [opened] = next
  if (draws.length !== 1 || draw?.type !== 'drawn') throw new Error('expected one draw')
  if (next.length !== 1 || opened?.type !== 'opened') throw new Error('expected one opening')
  return { snapshot, round, purchases: [...list.values()], draw, opened: opened.round }
}

describe('a live room round (rooms-round.json and rooms-round.guest.json), replayed', () => {
  const player = parseRecording(playerFile)
  const guest = parseRecording(guestFile)
  const room = 'red'

  it('draws the winner the rules recompute from the recorded ticket list and seeds', () => {
    for (const recording of [player, guest]) {
      const { round, purchases, draw } = watchedRound(recording, room)
      expect(draw.roundId).toBe(round.roundId)
      // The seed revealed is the one committed at the opening.
      expect(commitmentOf(draw.serverSeed)).toBe(round.commitment)
      const again = drawRoom({
        room,
        currency: 'RUB',
        nonce: round.nonce,
        serverSeed: draw.serverSeed,
        purchases,
        beacon: draw.beacon,
      })
      expect(again).toMatchObject({
        clientSeed: draw.clientSeed,
        tickets: draw.tickets,
        winningTicket: draw.winningTicket,
        pot: draw.pot,
        commission: draw.commission,
        payout: draw.payout,
      })
      expect(purchases[again.winner.index]).toEqual(draw.winner)
    }
    // Both sockets watched the same round and the same draw.
    expect(watchedRound(guest, room).draw).toEqual(watchedRound(player, room).draw)
  })

  it('the player: buys, watches the countdown, the spin, the winner and the next round', async () => {
    const { purchases, draw, opened } = watchedRound(player, room)
    const buys = player.events.filter((e) => e.dir === 'out')
    expect(buys.map((e) => e.name)).toEqual(['buy'])
    expect(player.inputs.map((i) => i.intent.type)).toEqual(['BUY'])
    const ack = roomsWire.parseAck('buy', player.events.find((e) => e.name === 'buy:ack')?.payload)
    if (ack.type !== 'ok') throw new Error('the purchase was refused')
    const start = recordedStartBalance(roomsWire, player)
    expect(ack).toMatchObject({ room, currency: 'RUB', count: 3, cost: 300, balance: start - 300 })

    // After the ack and the batch that lists the purchase (the recording cut there): the player
    // holds their 3 tickets and has paid for them.
    const listed = player.events.find((e) => e.name === 'tickets')!.seq
    const cut = {
      ...player,
      events: player.events.filter((e) => e.seq <= listed),
      inputs: player.inputs.filter((i) => i.seq <= listed),
    }
    const afterAck = await replayRoomsPlayer(cut, room)
    expect(afterAck.context).toMatchObject({
      balance: ack.balance,
      mine: [ack.purchaseId],
      lastPurchase: ack,
      lastError: null,
    })
    expect(myTickets(afterAck.context.round, afterAck.context.mine)).toBe(3)

    const result = await replayRoomsPlayer(player, room)
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
    // The player's 3 tickets lead the list; the other buyer's 2 started the countdown.
    expect(purchases.map((p) => [p.purchaseId === ack.purchaseId, p.count])).toEqual([
      [true, 3],
      [false, 2],
    ])
    const won = draw.winner.purchaseId === ack.purchaseId
    expect(result.context).toMatchObject({
      room,
      currency: 'RUB',
      balance: won ? ack.balance + draw.payout : ack.balance,
      mine: [ack.purchaseId],
      lastError: null,
      round: { id: opened.roundId, phase: 'open', tickets: 0 },
    })
    // The winner announced is the draw's, and the page keeps the list it was drawn from.
    expect(result.context.history[0]).toMatchObject({
      roundId: draw.roundId,
      winningTicket: draw.winningTicket,
      winner: draw.winner,
    })
    expect(result.context.ticketLists[draw.roundId]).toEqual(purchases)
  })

  it('the guest: watches the same round, with no purchase, balance or currency of their own', async () => {
    const { purchases, draw, opened, snapshot } = watchedRound(guest, room)
    expect(snapshot.me).toBeNull()
    expect(guest.events.filter((e) => e.dir === 'out')).toEqual([])
    expect(guest.inputs).toEqual([])
    const result = await replayRoomsGuest(guest, room)
    expect(result.states).toEqual([
      { round: { connecting: 'waiting' }, player: 'idle' },
      { round: 'open', player: 'idle' },
      { round: 'countdown', player: 'idle' },
      { round: { drawing: 'spinning' }, player: 'idle' },
      { round: { drawing: 'announced' }, player: 'idle' },
      { round: 'open', player: 'idle' },
    ])
    expect(result.context).toMatchObject({
      room,
      currency: null,
      balance: null,
      mine: [],
      lastPurchase: null,
      lastError: null,
      round: { id: opened.roundId, phase: 'open', tickets: 0 },
    })
    expect(result.context.history[0]).toMatchObject({
      roundId: draw.roundId,
      winningTicket: draw.winningTicket,
      winner: draw.winner,
    })
    expect(result.context.ticketLists[draw.roundId]).toEqual(purchases)
  })
})
