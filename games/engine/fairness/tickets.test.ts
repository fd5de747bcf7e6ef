import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'

import {
  clientSeedOf,
  drawWinner,
  MAX_DRAW_TICKETS,
  parseTicketList,
  ticketListText,
  ticketTotal,
  winnerOf,
  type TicketPurchase,
} from './tickets'

const purchases: TicketPurchase[] = [
  { purchaseId: '17', count: 3, clientSeed: 'lucky seed' },
  { purchaseId: '18', count: 1, clientSeed: 'k:7' },
  { purchaseId: 'a-B_9', count: 5, clientSeed: '~ tilde ~' },
]
const serverSeed = 'b1946ac92492d2347c6235b4d2611184a0e2b5c6b8f43a9c6d2e1f0a9b8c7d6e'
const beacon = 'drand quicknet 1234 5f3a'

/** The scheme written out again from docs/games.md with noble's primitives, not the code's. */
function referenceWinner(seed: string, text: string, nonce: number, tickets: number): number {
  const clientSeed = bytesToHex(sha256(utf8ToBytes(text)))
  const block = hmac(sha256, utf8ToBytes(seed), utf8ToBytes(`${clientSeed}:${nonce}:0`))
  const float =
    (((block[0]! << 24) >>> 0) + (block[1]! << 16) + (block[2]! << 8) + block[3]!) / 2 ** 32
  return Math.floor(float * tickets)
}

describe('the ticket list', () => {
  it('is one line a purchase, its range, id and seed, then the beacon line', () => {
    expect(ticketListText(purchases)).toBe('0-2 17 lucky seed\n3-3 18 k:7\n4-8 a-B_9 ~ tilde ~\n')
    expect(ticketListText(purchases, beacon)).toBe(
      '0-2 17 lucky seed\n3-3 18 k:7\n4-8 a-B_9 ~ tilde ~\nbeacon drand quicknet 1234 5f3a\n',
    )
    expect(ticketListText([])).toBe('')
    expect(ticketTotal(purchases)).toBe(9)
  })

  it('hashes to the same client seed as Python hashlib did over that text (a pinned vector)', () => {
    // hashlib.sha256(text.encode()).hexdigest(), computed outside this code base: a change in the
    // serialisation changes every published draw, so it must fail here.
    expect(clientSeedOf(purchases)).toBe(
      '034beeefaff4c0a500f6bedcf85dd9fbf08ad1951ace3ec5b0f90f2e3ae77edc',
    )
    expect(clientSeedOf(purchases, beacon)).toBe(
      '88a8238b34b405ca8445ec99f639d7896032b4f56e3cb9f2fbbfe4ab14ed8b69',
    )
  })

  it('changes the client seed with any purchase, its order or the beacon', () => {
    const base = clientSeedOf(purchases)
    const swapped = [purchases[1]!, purchases[0]!, purchases[2]!]
    const oneMore = [...purchases, { purchaseId: '19', count: 1, clientSeed: 'x' }]
    const otherSeed = [{ ...purchases[0]!, clientSeed: 'lucky seeD' }, ...purchases.slice(1)]
    for (const other of [swapped, oneMore, otherSeed]) expect(clientSeedOf(other)).not.toBe(base)
    expect(clientSeedOf(purchases, 'other beacon')).not.toBe(clientSeedOf(purchases, beacon))
  })

  it('refuses what the text could not carry, as a bug', () => {
    const bad: TicketPurchase[][] = [
      [{ purchaseId: 'has space', count: 1, clientSeed: 's' }],
      [{ purchaseId: '', count: 1, clientSeed: 's' }],
      [{ purchaseId: '1', count: 0, clientSeed: 's' }],
      [{ purchaseId: '1', count: 1.5, clientSeed: 's' }],
      [{ purchaseId: '1', count: 1, clientSeed: 'line\nfeed' }],
      [{ purchaseId: '1', count: 1, clientSeed: '' }],
      [{ purchaseId: '1', count: 1, clientSeed: 'é' }],
      [purchases[0]!, purchases[0]!],
    ]
    for (const list of bad) expect(() => ticketListText(list)).toThrow('[Fairness]')
    expect(() => ticketListText(purchases, '')).toThrow('[Fairness]')
    expect(() => ticketListText(purchases, 'a\nb')).toThrow('[Fairness]')
  })

  it('reads its text back, and only canonical text', () => {
    for (const b of [null, beacon]) {
      const text = ticketListText(purchases, b)
      const read = parseTicketList(text)
      expect(read).toEqual({ ok: true, list: { purchases, beacon: b } })
    }
    expect(parseTicketList('')).toEqual({ ok: true, list: { purchases: [], beacon: null } })
    for (const text of [
      '0-2 17 lucky seed', // no final line feed
      '1-2 17 s\n', // does not start at 0
      '0-2 17 s\n4-4 18 s\n', // a gap
      '0-2 17 s\n2-4 18 s\n', // an overlap
      '0-02 17 s\n', // a leading zero
      '3-2 17 s\n',
      '0-2 17 s\n3-3 17 t\n', // the same id twice
      '0-2 17\n', // no seed
      'beacon b\n0-0 17 s\n', // a purchase after the beacon
      '0-0 17 s\r\n',
    ]) {
      expect(parseTicketList(text).ok, JSON.stringify(text)).toBe(false)
    }
  })
})

describe('the draw', () => {
  it('is floor(float 0 × tickets), equal to the scheme computed with noble HMAC directly', () => {
    const text = ticketListText(purchases)
    for (const nonce of [0, 1, 42, 9_007_199_254_740_991]) {
      for (const tickets of [1, 2, 9, 1000, 5_000_000, MAX_DRAW_TICKETS]) {
        expect(
          drawWinner({ serverSeed, clientSeed: clientSeedOf(purchases), nonce, tickets }),
        ).toBe(referenceWinner(serverSeed, text, nonce, tickets))
      }
    }
  })

  it('matches pinned vectors computed with Python hmac', () => {
    // Float 0 at nonce 42: bytes bd cd f4 f3 = 0.7414239018689841, × 9 tickets = 6 (the third
    // purchase, tickets 4-8); with the beacon: d6 f5 a7 47 = 0.8396858738269657, ticket 7.
    const draw = (b: string | null, nonce: number) =>
      drawWinner({ serverSeed, clientSeed: clientSeedOf(purchases, b), nonce, tickets: 9 })
    expect([draw(null, 0), draw(null, 42), draw(beacon, 0), draw(beacon, 42)]).toEqual([0, 6, 1, 7])
    expect(winnerOf(purchases, 6)).toEqual({ index: 2, first: 4, last: 8 })
  })

  it('maps every ticket to the purchase holding it', () => {
    const owners = Array.from({ length: 9 }, (_, t) => winnerOf(purchases, t).index)
    expect(owners).toEqual([0, 0, 0, 1, 2, 2, 2, 2, 2])
    expect(winnerOf(purchases, 3)).toEqual({ index: 1, first: 3, last: 3 })
    expect(() => winnerOf(purchases, 9)).toThrow('[Fairness]')
    expect(() => winnerOf(purchases, -1)).toThrow('[Fairness]')
  })

  it('refuses a draw with no ticket, a fraction or more tickets than floats can reach', () => {
    for (const tickets of [0, -1, 1.5, MAX_DRAW_TICKETS + 1]) {
      expect(() => drawWinner({ serverSeed, clientSeed: 'c', nonce: 0, tickets })).toThrow(
        '[Fairness]',
      )
    }
    expect(() => drawWinner({ serverSeed, clientSeed: 'c', nonce: -1, tickets: 2 })).toThrow(
      '[Fairness]',
    )
  })
})
