import { describe, expect, it } from 'vitest'

import { clientSeedOf, drawWinner, hashServerSeed } from '../engine/fairness'
import {
  HISTORY_LENGTH,
  parseAck,
  parseCommand,
  parseServerEvent,
  ROOMS_PROTOCOL_VERSION,
  roomsWire,
} from './protocol'
import { drawRoom, ticketPrice } from './rules'

const v = ROOMS_PROTOCOL_VERSION
const serverSeed = 'b1946ac92492d2347c6235b4d2611184a0e2b5c6b8f43a9c6d2e1f0a9b8c7d6e'
const commitment = hashServerSeed(serverSeed)
const row = (purchaseId: string, firstTicket: number, count: number, colour: number) => ({
  purchaseId,
  player: colour === 1 ? null : `Player${colour}`,
  avatar: null,
  colour,
  firstTicket,
  count,
  clientSeed: `seed ${purchaseId}`,
})
const purchases = [row('11', 0, 3, 0), row('12', 3, 1, 1), row('13', 4, 2, 0)]

/** A yellow RUB round of 6 tickets, `counting` or, with its draw, `drawn`. */
function round(drawn: boolean) {
  const draw = drawRoom({
    room: 'yellow',
    currency: 'RUB',
    nonce: 41,
    serverSeed,
    purchases,
    beacon: null,
  })
  const winner = purchases[draw.winner.index]!
  return {
    roundId: '41',
    room: 'yellow',
    currency: 'RUB',
    nonce: 41,
    status: drawn ? 'drawn' : 'counting',
    commitment,
    price: ticketPrice('yellow', 'RUB'),
    openedAt: 1_000,
    countdownEndsAt: 61_000,
    purchases,
    tickets: 6,
    pot: 6_000,
    draw: drawn
      ? {
          roundId: '41',
          room: 'yellow',
          currency: 'RUB',
          nonce: 41,
          commitment,
          serverSeed,
          clientSeed: draw.clientSeed,
          beacon: null,
          tickets: 6,
          winningTicket: draw.winningTicket,
          winner,
          pot: draw.pot,
          commission: draw.commission,
          payout: draw.payout,
          drawnAt: 61_005,
        }
      : null,
  }
}

const empty = (room: string) => ({
  roundId: `${room}-1`,
  room,
  currency: 'RUB',
  nonce: 1,
  status: 'open',
  commitment,
  price: 100,
  openedAt: 0,
  countdownEndsAt: null,
  purchases: [],
  tickets: 0,
  pot: 0,
  draw: null,
})

const snapshot = {
  type: 'snapshot',
  v,
  serverTime: 61_010,
  currency: 'RUB',
  rooms: {
    red: { round: empty('red'), history: [] },
    yellow: { round: round(true), history: [round(true).draw] },
    purple: { round: { ...empty('purple'), price: 5_000 }, history: [] },
  },
  me: { balance: 10_000, currency: 'RUB', purchaseIds: ['11', '13'] },
}

describe('server events', () => {
  it('parses a snapshot of the three rooms, and a draw anyone can recompute from it', () => {
    const parsed = parseServerEvent('snapshot', snapshot)
    expect(parsed.type).toBe('snapshot')
    if (parsed.type !== 'snapshot') throw new Error('not a snapshot')
    const { round: yellow } = parsed.rooms.yellow
    const draw = yellow.draw!
    expect(hashServerSeed(draw.serverSeed)).toBe(yellow.commitment)
    expect(clientSeedOf(yellow.purchases, draw.beacon)).toBe(draw.clientSeed)
    expect(drawWinner({ ...draw, tickets: yellow.tickets })).toBe(draw.winningTicket)
    expect(roomsWire.eventNames).toEqual(['snapshot', 'opened', 'tickets', 'countdown', 'drawn'])
  })

  it('refuses a snapshot short of a room, with a room in the wrong place or currency, another version or a long history', () => {
    const { purple: _, ...two } = snapshot.rooms
    expect(() => parseServerEvent('snapshot', { ...snapshot, rooms: two })).toThrow(/malformed/)
    expect(() => parseServerEvent('snapshot', { ...snapshot, v: v + 1 })).toThrow(/malformed/)
    const history = Array.from({ length: HISTORY_LENGTH + 1 }, () => round(true).draw)
    const long = { ...snapshot.rooms, red: { round: empty('red'), history } }
    expect(() => parseServerEvent('snapshot', { ...snapshot, rooms: long })).toThrow(/malformed/)
    const swapped = { ...snapshot.rooms, red: snapshot.rooms.purple }
    expect(() => parseServerEvent('snapshot', { ...snapshot, rooms: swapped })).toThrow(/malformed/)
    expect(() => parseServerEvent('snapshot', { ...snapshot, currency: 'USD' })).toThrow(
      /malformed/,
    )
  })

  it('refuses a round whose tickets, pot, countdown or draw disagree', () => {
    const bad = [
      { ...round(false), purchases: [purchases[0], purchases[2]], tickets: 5, pot: 5_000 },
      { ...round(false), tickets: 7, pot: 7_000 },
      { ...round(false), pot: 6_001 },
      { ...round(false), countdownEndsAt: null },
      { ...round(false), status: 'open' },
      { ...round(false), draw: round(true).draw },
      { ...round(true), draw: null },
      { ...round(true), draw: { ...round(true).draw!, commission: 301, payout: 5_699 } },
      { ...round(true), draw: { ...round(true).draw!, winningTicket: 6 } },
      { ...round(true), draw: { ...round(true).draw!, commitment: 'cd'.repeat(32) } },
      { ...round(true), draw: { ...round(true).draw!, serverSeed: serverSeed.toUpperCase() } },
      {
        ...round(false),
        purchases: [{ ...purchases[0]!, purchaseId: 'a b' }, ...purchases.slice(1)],
      },
      {
        ...round(false),
        purchases: [{ ...purchases[0]!, clientSeed: 'ключ' }, ...purchases.slice(1)],
      },
      { ...round(false), purchases: [{ ...purchases[0]!, colour: 12 }, ...purchases.slice(1)] },
    ]
    for (const [i, r] of bad.entries()) {
      const rooms = { ...snapshot.rooms, yellow: { round: r, history: [] } }
      expect(() => parseServerEvent('snapshot', { ...snapshot, rooms }), `case ${i}`).toThrow(
        /malformed/,
      )
    }
  })

  it('parses the round events, each checked as the snapshot is', () => {
    expect(parseServerEvent('opened', { type: 'opened', v, round: empty('red') }).type).toBe(
      'opened',
    )
    expect(() => parseServerEvent('opened', { type: 'opened', v, round: round(false) })).toThrow(
      /malformed/,
    )
    const tickets = {
      type: 'tickets',
      v,
      room: 'yellow',
      roundId: '41',
      purchases: purchases.slice(1),
      tickets: 6,
      pot: 6_000,
    }
    expect(parseServerEvent('tickets', tickets).type).toBe('tickets')
    expect(() => parseServerEvent('tickets', { ...tickets, tickets: 7 })).toThrow(/malformed/)
    expect(() => parseServerEvent('tickets', { ...tickets, purchases: [] })).toThrow(/malformed/)
    const countdown = { type: 'countdown', v, room: 'red', roundId: '9', endsAt: 60_000 }
    expect(parseServerEvent('countdown', countdown).type).toBe('countdown')
    const drawn = { type: 'drawn', v, ...round(true).draw! }
    expect(parseServerEvent('drawn', drawn).type).toBe('drawn')
    expect(() => parseServerEvent('drawn', { ...drawn, payout: drawn.pot })).toThrow(/malformed/)
    expect(() => parseServerEvent('drawn', { ...drawn, tickets: 1, winningTicket: 0 })).toThrow(
      /malformed/,
    )
  })
})

describe('commands', () => {
  const buy = {
    type: 'buy',
    v,
    key: 'key-00000001',
    room: 'purple',
    currency: 'KZT',
    count: 100,
    clientSeed: 'my lucky seed ~',
  }

  it('parses a purchase of 1 to 100 tickets with a printable seed, and nothing else', () => {
    expect(parseCommand('buy', buy)).toEqual(buy)
    expect(parseCommand('buy', { ...buy, count: 1 })).not.toBeNull()
    for (const wrong of [
      { count: 0 },
      { count: 101 },
      { count: 1.5 },
      { room: 'green' },
      { currency: 'GBP' },
      { clientSeed: '' },
      { clientSeed: 'x'.repeat(65) },
      { clientSeed: 'tab\there' },
      { key: 'short' },
      { v: v + 1 },
    ]) {
      expect(parseCommand('buy', { ...buy, ...wrong }), JSON.stringify(wrong)).toBeNull()
    }
    expect(parseCommand('sync', { type: 'sync', v })).toEqual({ type: 'sync', v })
  })

  it('acks a purchase with its tickets and the balance, or a refusal of the rooms', () => {
    const ok = {
      type: 'ok',
      v,
      purchaseId: '77',
      roundId: '41',
      room: 'purple',
      currency: 'KZT',
      firstTicket: 10,
      lastTicket: 109,
      count: 100,
      cost: 2_500_000,
      balance: 0,
    }
    expect(parseAck('buy', ok)).toEqual(ok)
    expect(() => parseAck('buy', { ...ok, lastTicket: 110 })).toThrow(/malformed ack/)
    for (const code of ['player_cap', 'round_full', 'round_closed', 'balance_not_enough']) {
      expect(parseAck('buy', { type: 'error', v, code })).toEqual({ type: 'error', v, code })
    }
    expect(() => parseAck('buy', { type: 'error', v, code: 'betting_closed' })).toThrow(
      /malformed ack/,
    )
  })
})
