import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { CURRENCIES, MAX_BET_PAYOUT, type Minor } from '../engine/money'
import { seededFloats } from '../kit/testing/seededFloats'
import {
  canDraw,
  chanceOf,
  chancePercent,
  commissionOf,
  commitmentOf,
  COUNTDOWN_MS,
  countdownEnd,
  drawRoom,
  MAX_TICKETS_PER_PLAYER,
  maxPot,
  payoutOf,
  PLAYER_COLOURS,
  playerColours,
  playersOf,
  potOf,
  purchaseRefusal,
  ROOMS,
  startsCountdown,
  ticketPrice,
  ticketsOf,
  type RoomPurchase,
} from './rules'

const m = (n: number) => n as Minor
const buy = (player: string, count: number, id = `${player}${count}`): RoomPurchase => ({
  purchaseId: id,
  player,
  count,
  clientSeed: `seed of ${player}`,
})

describe('prices', () => {
  it('are SPEC RUB 1/10/50, and crash minimum bet ratio elsewhere', () => {
    const row = (c: (typeof CURRENCIES)[number]) => ROOMS.map((r) => ticketPrice(r, c))
    expect(row('RUB')).toEqual([100, 1_000, 5_000])
    expect(row('USD')).toEqual([1, 10, 50])
    expect(row('EUR')).toEqual([1, 10, 50])
    expect(row('KZT')).toEqual([500, 5_000, 25_000])
    expect(row('INR')).toEqual([100, 1_000, 5_000])
  })
})

describe('pot, commission and payout', () => {
  it('takes 5 % of the pot, rounded up for the house', () => {
    expect(potOf(7, m(100))).toBe(700)
    expect(commissionOf(m(700))).toBe(35)
    expect(payoutOf(m(700))).toBe(665)
    // 0.07 USD: 5 % is 0.35 cent, the house keeps a whole one.
    expect(commissionOf(m(7))).toBe(1)
    expect(payoutOf(m(7))).toBe(6)
    expect(commissionOf(m(20))).toBe(1)
    expect(commissionOf(m(21))).toBe(2)
    expect(commissionOf(m(0))).toBe(0)
    // Every pot to 100.00: the commission is the least whole number of at least 5 %.
    const wrong = Array.from({ length: 10_001 }, (_, pot) => pot).filter((pot) => {
      const c = commissionOf(m(pot))
      return !(c * 20 >= pot && (c - 1) * 20 < pot && c + payoutOf(m(pot)) === pot)
    })
    expect(wrong).toEqual([])
  })

  it('stays exact at the largest pots', () => {
    for (const currency of CURRENCIES) {
      const pot = maxPot(currency)
      expect(pot).toBe(MAX_BET_PAYOUT[currency])
      expect(commissionOf(pot) + payoutOf(pot)).toBe(pot)
      expect(commissionOf(pot)).toBe(Math.ceil(pot / 20))
    }
    expect(() => potOf(1.5, m(100))).toThrow('[rooms]')
  })
})

describe('purchases', () => {
  const round = [buy('ann', 100, 'p1'), buy('bob', 3, 'p2'), buy('ann', 5, 'p3')]

  it('counts players and their tickets', () => {
    expect(playersOf(round)).toBe(2)
    expect(ticketsOf(round, 'ann')).toBe(105)
    expect(ticketsOf(round, 'cid')).toBe(0)
    expect(canDraw(round)).toBe(true)
    expect(canDraw(round.filter((p) => p.player === 'ann'))).toBe(false)
    expect(canDraw([])).toBe(false)
  })

  it('refuses 0 or more than 100 tickets, past the player cap and past the pot cap, whole', () => {
    const price = ticketPrice('purple', 'RUB')
    const refuse = (player: string, count: number, purchases = round) =>
      purchaseRefusal(purchases, player, count, price, 'RUB')
    expect(refuse('bob', 1)).toBeNull()
    expect(refuse('bob', 100)).toBeNull()
    expect(refuse('bob', 0)).toBe('limits')
    expect(refuse('bob', 101)).toBe('limits')
    expect(refuse('bob', 2.5)).toBe('limits')
    // Holding 900, ann may buy 100 more (the cap of 1,000); holding 901, not one purchase of 100.
    const annAt = (n: number) => [buy('ann', n, 'a'), buy('bob', 1, 'b')]
    expect(refuse('ann', 100, annAt(MAX_TICKETS_PER_PLAYER - 100))).toBeNull()
    expect(refuse('ann', 100, annAt(MAX_TICKETS_PER_PLAYER - 99))).toBe('player_cap')
    // Purple RUB holds 100,000 tickets (5,000,000 RUB, the maximum payout).
    const full = Array.from({ length: 100 }, (_, i) => buy(`p${i}`, 999, `f${i}`))
    expect(refuse('new', 100, full)).toBeNull()
    expect(refuse('new', 100, [...full, buy('x', 1, 'x')])).toBe('round_full')
  })

  it('starts the countdown with the second distinct player only', () => {
    expect(startsCountdown([], 'ann')).toBe(false)
    expect(startsCountdown([buy('ann', 1)], 'ann')).toBe(false)
    expect(startsCountdown([buy('ann', 1)], 'bob')).toBe(true)
    expect(startsCountdown(round, 'cid')).toBe(false)
    expect(countdownEnd(1_000)).toBe(1_000 + COUNTDOWN_MS)
    expect(COUNTDOWN_MS).toBe(60_000)
  })

  it('gives each player one colour, in order of arrival', () => {
    const many = Array.from({ length: PLAYER_COLOURS + 2 }, (_, i) => buy(`p${i}`, 1, `x${i}`))
    const colours = playerColours([...many, buy('p0', 2, 'again')])
    expect(colours.get('p0')).toBe(0)
    expect(colours.get('p1')).toBe(1)
    expect(colours.get(`p${PLAYER_COLOURS}`)).toBe(0)
    expect(colours.size).toBe(PLAYER_COLOURS + 2)
  })
})

describe('chance', () => {
  it('is tickets over all tickets, exact, in lowest terms', () => {
    expect(chanceOf(25, 100)).toEqual({ numerator: 1, denominator: 4 })
    expect(chanceOf(0, 7)).toEqual({ numerator: 0, denominator: 1 })
    expect(chanceOf(7, 7)).toEqual({ numerator: 1, denominator: 1 })
    expect(() => chanceOf(8, 7)).toThrow('[rooms]')
    expect(() => chanceOf(0, 0)).toThrow('[rooms]')
  })

  it('shows in percent to hundredths, never 0 or 100 unless it is', () => {
    expect(chancePercent(chanceOf(1, 3))).toBe(33.33)
    expect(chancePercent(chanceOf(2, 3))).toBe(66.67)
    expect(chancePercent(chanceOf(1, 100_000))).toBe(0.01)
    expect(chancePercent(chanceOf(99_999, 100_000))).toBe(99.99)
    expect(chancePercent(chanceOf(0, 5))).toBe(0)
    expect(chancePercent(chanceOf(5, 5))).toBe(100)
  })
})

describe('the draw of a round', () => {
  const serverSeed = 'b1946ac92492d2347c6235b4d2611184a0e2b5c6b8f43a9c6d2e1f0a9b8c7d6e'
  const purchases = [buy('ann', 3, '17'), buy('bob', 1, '18'), buy('cid', 5, 'a-B_9')]

  it('commits SHA-256 of the server seed text', () => {
    expect(commitmentOf(serverSeed)).toBe(
      createHash('sha256').update(serverSeed, 'utf8').digest('hex'),
    )
    expect(commitmentOf(serverSeed)).toBe(
      'ca5b54a64beb86c768764ab59276cd5ca5cb35edece72c0c8b73b822b6de9add',
    )
  })

  it('draws the ticket the scheme gives, computed again with node:crypto, and settles it', () => {
    const text = '0-2 17 seed of ann\n3-3 18 seed of bob\n4-8 a-B_9 seed of cid\n'
    const clientSeed = createHash('sha256').update(text).digest('hex')
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:7:0`).digest()
    const ticket = Math.floor((block.readUInt32BE(0) / 2 ** 32) * 9)
    const draw = drawRoom({
      room: 'yellow',
      currency: 'KZT',
      nonce: 7,
      serverSeed,
      purchases,
      beacon: null,
    })
    const index = ticket < 3 ? 0 : ticket < 4 ? 1 : 2
    expect(draw).toEqual({
      clientSeed,
      tickets: 9,
      winningTicket: ticket,
      winner: { index, first: [0, 3, 4][index], last: [2, 3, 8][index] },
      pot: 45_000,
      commission: 2_250,
      payout: 42_750,
    })
  })
})

/** Tickets whose win count strays more than `sigmas` standard errors from an equal share. */
function strays(counts: readonly number[], rounds: number, sigmas: number): number {
  const p = 1 / counts.length
  const limit = sigmas * Math.sqrt(rounds * p * (1 - p))
  return counts.filter((w) => Math.abs(w - rounds * p) > limit).length
}

/**
 * 100,000 rounds through the real draw (list text, SHA-256, HMAC), over fixed splits of tickets
 * between purchases, in every room and currency in turn. Each of the 164 tickets must win its
 * split's rounds in a share of 1 / tickets, and each of the 21 purchases in a share of its tickets
 * over all, within 5 standard errors: by the exact binomial tails a correct draw fails one of these
 * 185 checks once in about 5,500 runs (the seeds are fixed, so a pass stays a pass), while a draw
 * that gives the end tickets half a share, `round(float × (n − 1))`, fails them by far (last test).
 */
describe('100,000 rounds', () => {
  const ROUNDS = 100_000
  const SIGMAS = 5
  const SPLITS = [
    [1, 1],
    [1, 3],
    [5, 2, 3],
    [10, 1, 1, 8],
    [1, 2, 3, 4, 5, 6, 7],
    [50, 1, 49],
  ]
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

  it('give each ticket its share and the house the published commission', () => {
    const wins = SPLITS.map((split) => new Array<number>(sum(split)).fill(0))
    const rounds = SPLITS.map(() => 0)
    let pots = 0
    let commissions = 0
    let payouts = 0
    let wholePots = 0
    let wholeCommissions = 0
    for (let i = 0; i < ROUNDS; i++) {
      const s = i % SPLITS.length
      const room = ROOMS[i % ROOMS.length]!
      const currency = CURRENCIES[Math.floor(i / ROOMS.length) % CURRENCIES.length]!
      const purchases = SPLITS[s]!.map((count, k) => ({
        purchaseId: `${i}-${k}`,
        count,
        clientSeed: `p${k}.${i}`,
      }))
      const serverSeed = createHash('sha256').update(`rooms simulation ${i}`).digest('hex')
      const draw = drawRoom({ room, currency, nonce: i, serverSeed, purchases, beacon: null })
      rounds[s]!++
      wins[s]![draw.winningTicket]!++
      pots += draw.pot
      commissions += draw.commission
      payouts += draw.payout
      if (currency !== 'USD' && currency !== 'EUR') {
        wholePots += draw.pot
        wholeCommissions += draw.commission
      }
    }

    for (const [s, split] of SPLITS.entries()) {
      const n = rounds[s]!
      expect(strays(wins[s]!, n, SIGMAS), `split ${split.join('/')}: a ticket off 1/n`).toBe(0)
      // A purchase's share is its tickets over all: the sum of its tickets' wins.
      let first = 0
      for (const count of split) {
        const p = count / wins[s]!.length
        const got = sum(wins[s]!.slice(first, first + count))
        expect(Math.abs(got - n * p)).toBeLessThanOrEqual(SIGMAS * Math.sqrt(n * p * (1 - p)))
        first += count
      }
    }

    // Every pot is paid out or kept; the house keeps 5 % of all pots plus under one minor unit a
    // round of rounding, and exactly 5 % in RUB, KZT and INR, whose prices are whole units.
    expect(payouts + commissions).toBe(pots)
    expect(commissions * 20).toBeGreaterThanOrEqual(pots)
    expect(commissions * 20 - pots).toBeLessThan(20 * ROUNDS)
    expect(wholeCommissions * 20).toBe(wholePots)
    expect(wholePots).toBeGreaterThan(0)
  }, 120_000)

  it('would catch a draw that favours some tickets', () => {
    // The same check on round(float × (n − 1)), over seeded floats: the first and last tickets
    // win half a share, the others a share of n / (n − 1).
    const floats = seededFloats(20_260_301)
    for (const tickets of [4, 10, 20]) {
      const counts = new Array<number>(tickets).fill(0)
      const n = ROUNDS / SPLITS.length
      for (let i = 0; i < n; i++) counts[Math.round(floats.next() * (tickets - 1))]!++
      expect(strays(counts, n, SIGMAS)).toBeGreaterThan(0)
    }
  })
})
