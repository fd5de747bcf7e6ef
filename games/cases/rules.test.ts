import { describe, expect, it } from 'vitest'
import { floatCursor, floats, sha256Hex, type FloatCursor } from '../engine/fairness'
import { MAX_BET_PAYOUT, type Minor } from '../engine/money'
import { DEMO_CASES } from './demo'
import {
  CASE_TICKETS,
  MAX_CASES_PER_OPENING,
  canonicalTable,
  caseRefusal,
  caseRules,
  formatTickets,
  itemIndexOfTicket,
  openCases,
  rtpHundredths,
  tableError,
  tableHash,
  ticketRanges,
  topItem,
  type CaseTable,
} from './rules'

const pocket = DEMO_CASES.find((c) => c.slug === 'pocket')!
const name = { en: 'x', ru: 'x', kz: 'x' }

/**
 * A seeded float source (mulberry32), so a million openings take a fraction of a second instead
 * of a million HMACs; the draw's conversion and the ranges are what is under test, and the HMAC
 * stream itself is tested in games/engine/fairness.
 */
function seededFloats(seed: number): FloatCursor {
  let a = seed >>> 0
  let consumed = 0
  return {
    next() {
      consumed++
      a = (a + 0x6d2b79f5) >>> 0
      let t = a
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    },
    get consumed() {
      return consumed
    },
  }
}

describe('case tables', () => {
  it('gives each item a published range in table order, covering 1-100000 once', () => {
    expect(ticketRanges(pocket.table)).toEqual([
      { from: 1, to: 40_000 },
      { from: 40_001, to: 70_000 },
      { from: 70_001, to: 88_000 },
      { from: 88_001, to: 97_000 },
      { from: 97_001, to: 99_500 },
      { from: 99_501, to: 100_000 },
    ])
    expect(itemIndexOfTicket(pocket.table, 1)).toBe(0)
    expect(itemIndexOfTicket(pocket.table, 40_000)).toBe(0)
    expect(itemIndexOfTicket(pocket.table, 40_001)).toBe(1)
    expect(itemIndexOfTicket(pocket.table, CASE_TICKETS)).toBe(5)
    expect(() => itemIndexOfTicket(pocket.table, 0)).toThrow('[cases]')
    expect(() => itemIndexOfTicket(pocket.table, 100_001)).toThrow('[cases]')
  })

  it('refuses tables whose probabilities are not whole 1/100000 adding up to 1', () => {
    const one = (tickets: number, id = 'a'): CaseTable => ({
      currency: 'RUB',
      items: [{ id, name, value: 1 as Minor, rarity: 'common', tickets }],
    })
    expect(tableError(one(CASE_TICKETS))).toBeNull()
    expect(tableError(one(99_999))).toMatch('add up to 99999')
    expect(tableError(one(100_000.5))).toMatch('whole number of tickets')
    expect(tableError(one(CASE_TICKETS, 'Bad Id'))).toMatch('is not')
    expect(tableError({ currency: 'RUB', items: [] })).toMatch('1 to')
    const twice: CaseTable = {
      currency: 'RUB',
      items: [one(50_000).items[0]!, one(50_000).items[0]!],
    }
    expect(tableError(twice)).toMatch('appears twice')
  })

  it('names a table by the SHA-256 of its canonical text, which any change alters', () => {
    expect(canonicalTable(pocket.table)).toMatch(
      /^\{"currency":"RUB","format":1,"items":\[\{"id":"feather","name":\{"en":"Feather","kz":"Қауырсын","ru":"Перо"\},"rarity":"common","tickets":40000,"value":1000\},/,
    )
    expect(tableHash(pocket.table)).toBe(sha256Hex(canonicalTable(pocket.table)))
    expect(tableHash(pocket.table)).toBe(
      'e86fe2f5b0fbd9ca530755dfe06c78df6ac84598aa3b8f897b4182b1e2380143',
    )
    const edited: CaseTable = {
      ...pocket.table,
      items: pocket.table.items.map((i) => (i.id === 'crown' ? { ...i, value: 1 as Minor } : i)),
    }
    expect(tableHash(edited)).not.toBe(tableHash(pocket.table))
  })

  it('computes each demo case return to player from its table, all within 90-97 %', () => {
    expect(rtpHundredths(pocket.table, pocket.price)).toBe(9260)
    for (const c of DEMO_CASES) {
      const rtp = rtpHundredths(c.table, c.price)
      expect(rtp, c.slug).toBeGreaterThanOrEqual(9000)
      expect(rtp, c.slug).toBeLessThanOrEqual(9700)
      expect(caseRefusal(c.price, c.table), c.slug).toBeNull()
    }
    expect(formatTickets(500)).toBe('0.500')
    expect(formatTickets(1)).toBe('0.001')
    expect(topItem(pocket.table).id).toBe('crown')
  })

  it('refuses a case whose best item times five cases could pass the maximum payout', () => {
    const best = Math.floor(MAX_BET_PAYOUT.RUB / MAX_CASES_PER_OPENING)
    const withBest = (value: number): CaseTable => ({
      currency: 'RUB',
      items: [
        { id: 'a', name, value: 1 as Minor, rarity: 'common', tickets: 99_999 },
        { id: 'b', name, value: value as Minor, rarity: 'legendary', tickets: 1 },
      ],
    })
    expect(caseRefusal(100 as Minor, withBest(best))).toBeNull()
    expect(caseRefusal(100 as Minor, withBest(best + 1))).toBe('max_payout')
    expect(caseRefusal(0 as Minor, withBest(1))).toBe('price')
  })
})

describe('case openings', () => {
  it('matches vectors for given seeds: ticket = floor(float * 100000) + 1 from floats 0..n-1', () => {
    const opened = openCases(pocket.table, 3, floatCursor('server', 'client', 0))
    expect(opened).toEqual({
      outcome: { tickets: [87_830, 89_728, 63_129], items: ['copper-coin', 'key', 'shell'] },
      payout: 19_500,
    })
    expect(opened.outcome.tickets).toEqual(
      floats('server', 'client', 0, 3).map((f) => Math.floor(f * 100_000) + 1),
    )
    expect(openCases(pocket.table, 3, floatCursor('server', 'client', 1))).toEqual({
      outcome: { tickets: [53_461, 33_759, 98_216], items: ['shell', 'feather', 'compass'] },
      payout: 33_500,
    })
    // One case is the first float of the same bet: a 3-case opening extends it.
    expect(openCases(pocket.table, 1, floatCursor('server', 'client', 0)).outcome.items).toEqual([
      'copper-coin',
    ])
  })

  it('stakes price x count and pays the sum, as the kit runs it', () => {
    const hash = tableHash(pocket.table)
    const rules = caseRules({ slug: 'pocket', price: pocket.price, table: pocket.table, hash })
    const params = { case: 'pocket', table: hash, count: 3 }
    expect(rules.refusal(params, 15_000 as Minor)).toBeNull()
    expect(rules.refusal({ ...params, table: '0'.repeat(64) }, 15_000 as Minor)).toBe('bad_request')
    expect(rules.refusal({ ...params, count: 6 }, 30_000 as Minor)).toBe('bad_request')
    expect(rules.refusal({ ...params, count: 0 }, 0 as Minor)).toBe('bad_request')
    expect(rules.stakeAllowed!(params, 15_000 as Minor, 'RUB')).toBe(true)
    expect(rules.stakeAllowed!(params, 5_000 as Minor, 'RUB')).toBe(false)
    expect(rules.stakeAllowed!(params, 15_000 as Minor, 'USD')).toBe(false)
    expect(rules.maxPayout(params, 15_000 as Minor)).toBe(450_000)
    const settled = rules.settle(params, 15_000 as Minor, floatCursor('server', 'client', 0))
    expect(settled.payout).toBe(19_500)
    expect(settled.multiplier).toBe(13_000) // 195 / 150 = 1.3000x
  })

  it('draws each item of a case at its table frequency over 1,000,000 openings', () => {
    // A seeded float source (see seededFloats); within 5 standard deviations of n x p per item.
    const n = 1_000_000
    for (const c of [pocket, DEMO_CASES.find((d) => d.slug === 'gold')!]) {
      const counts = new Array<number>(c.table.items.length).fill(0)
      const source = seededFloats(20_261_127)
      for (let i = 0; i < n; i++) {
        const ticket = Math.floor(source.next() * CASE_TICKETS) + 1
        counts[itemIndexOfTicket(c.table, ticket)]!++
      }
      c.table.items.forEach((item, i) => {
        const p = item.tickets / CASE_TICKETS
        const tolerance = 5 * Math.sqrt(n * p * (1 - p))
        expect(Math.abs(counts[i]! - n * p), `${c.slug} ${item.id}`).toBeLessThanOrEqual(tolerance)
      })
    }
  })
})
