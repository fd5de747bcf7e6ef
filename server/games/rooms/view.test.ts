import { describe, expect, it } from 'vitest'
import { roomsWire } from '../../../games/rooms/protocol'
import { commitmentOf, drawRoom, ticketPrice } from '../../../games/rooms/rules'
import { FeedPrivacy } from '../kit/privacy'
import type { RoundRecord } from './store'
import { drawOf, loopKey, purchaseRows, roundIdOf, roundOf, type PurchaseFacts } from './view'

const SEED = 'b1946ac9'.repeat(8)

function privacy(hidden: number[] = []): FeedPrivacy {
  const p = new FeedPrivacy({ query: async () => [] })
  for (const id of hidden) p.setHidden(id, true)
  return p
}

const purchase = (id: string, user: number, first: number, count: number): PurchaseFacts => ({
  id,
  user_id: user,
  player: `Player ${user}`,
  client_seed: `seed ${id}`,
  first_ticket: first,
  count,
})

function round(status: RoundRecord['status'], purchases: PurchaseFacts[]): RoundRecord {
  const tickets = purchases.reduce((n, p) => n + p.count, 0)
  const price = ticketPrice('yellow', 'KZT')
  const base: RoundRecord = {
    id: 7,
    room: 'yellow',
    currency: 'KZT',
    seq: 42,
    status,
    server_seed: SEED,
    commitment: commitmentOf(SEED),
    price,
    max_tickets: 1000,
    tickets,
    opened_at: 1000,
    countdown_ends_at: status === 'open' ? null : 61_000,
    drawn_at: null,
    client_seed: null,
    beacon: null,
    winning_ticket: null,
    winner_purchase: null,
    pot: null,
    commission: null,
    payout: null,
  }
  if (status !== 'drawn') return base
  const d = drawRoom({
    room: 'yellow',
    currency: 'KZT',
    nonce: 42,
    serverSeed: SEED,
    purchases: purchases.map((p) => ({
      purchaseId: p.id,
      count: p.count,
      clientSeed: p.client_seed,
    })),
    beacon: null,
  })
  return {
    ...base,
    drawn_at: 61_000,
    client_seed: d.clientSeed,
    winning_ticket: d.winningTicket,
    winner_purchase: purchases[d.winner.index]!.id,
    pot: d.pot,
    commission: d.commission,
    payout: d.payout,
  }
}

describe('the rooms view', () => {
  const list = [purchase('p-1', 5, 0, 3), purchase('p-2', 9, 3, 1), purchase('p-3', 5, 4, 2)]

  it('colours players by their first purchase and hides a hidden player’s name', () => {
    const rows = purchaseRows(list, privacy([9]))
    expect(rows.map((r) => r.colour)).toEqual([0, 1, 0])
    expect(rows.map((r) => r.player)).toEqual(['Player 5', null, 'Player 5'])
    expect(rows.map((r) => r.firstTicket)).toEqual([0, 3, 4])
  })

  it('draws an avatar from the public name unless the player hides it or their statistics', () => {
    const p = privacy([9])
    const three = [...list, purchase('p-4', 11, 6, 1)]
    expect(purchaseRows(three, p).map((r) => r.avatar)).toEqual([
      'Player 5',
      null,
      'Player 5',
      'Player 11',
    ])
    p.setAvatarHidden(5, true)
    expect(purchaseRows(three, p).map((r) => r.avatar)).toEqual([null, null, null, 'Player 11'])
    // Its name still shows: only the picture is neutral.
    expect(purchaseRows(three, p).map((r) => r.player)).toEqual([
      'Player 5',
      null,
      'Player 5',
      'Player 11',
    ])
  })

  it('builds rounds and draws the protocol parses, and that recompute', () => {
    for (const status of ['open', 'counting', 'drawn'] as const) {
      const rows = purchaseRows(list, privacy())
      const r = roundOf(round(status, list), rows)
      expect(r.status).toBe(status)
      const snapshotRound = roomsWire.parseEvent('opened', {
        type: 'opened',
        v: 1,
        round: roundOf(round('open', []), []),
      })
      expect(snapshotRound).not.toBeNull()
      if (status === 'drawn') {
        const draw = drawOf(round('drawn', list), rows)
        expect(roomsWire.parseEvent('drawn', { type: 'drawn', v: 1, ...draw })).not.toBeNull()
        expect(r.draw).toEqual(draw)
      }
    }
  })

  it('names rounds and loops by room and currency', () => {
    expect(roundIdOf('purple', 'EUR', 3)).toBe('purple-EUR-3')
    expect(loopKey('red', 'RUB')).toBe('rooms:red:RUB')
  })

  it('refuses to show a draw of a round that has none', () => {
    expect(() => drawOf(round('counting', list), purchaseRows(list, privacy()))).toThrow(/no draw/)
  })
})
