import { describe, expect, it } from 'vitest'
import { floatCursor, floats, sha256Hex } from '../engine/fairness'
import { MAX_BET_PAYOUT, type Minor } from '../engine/money'
import { seededFloats } from '../kit/testing/seededFloats'
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
  type CaseItem,
  type CaseTable,
  type Rarity,
} from './rules'

const name = { en: 'x', ru: 'x', kz: 'x' }
const item = (id: string, tickets: number, rarity: Rarity, value: number): CaseItem => ({
  id,
  name: id === 'feather' ? { en: 'Feather', ru: 'Перо', kz: 'Қауырсын' } : name,
  tickets,
  rarity,
  value: value as Minor,
})
/** The reference server's demo case "pocket" (server/games/cases/demo.ts), 50 RUB. */
const pocket = {
  price: 5_000 as Minor,
  table: {
    currency: 'RUB',
    items: [
      item('feather', 40_000, 'common', 1_000),
      item('shell', 30_000, 'common', 2_500),
      item('copper-coin', 18_000, 'uncommon', 5_000),
      item('key', 9_000, 'rare', 12_000),
      item('compass', 2_500, 'epic', 30_000),
      item('crown', 500, 'legendary', 150_000),
    ],
  } satisfies CaseTable,
}
/** A rich case: its rarest item at 1/1000 of the draws. */
const rich: CaseTable = {
  currency: 'RUB',
  items: [
    item('a', 42_000, 'common', 40_000),
    item('b', 30_000, 'uncommon', 90_000),
    item('c', 18_000, 'rare', 240_000),
    item('d', 7_500, 'epic', 600_000),
    item('e', 2_400, 'epic', 1_800_000),
    item('f', 100, 'legendary', 15_000_000),
  ],
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
      '33c5448eb460846e80e80ab69f639200b8427cd6c5ffed4ec3b623f61a51e4e7',
    )
    const edited: CaseTable = {
      ...pocket.table,
      items: pocket.table.items.map((i) => (i.id === 'crown' ? { ...i, value: 1 as Minor } : i)),
    }
    expect(tableHash(edited)).not.toBe(tableHash(pocket.table))
  })

  it('computes a case return to player from its table', () => {
    // (1000×40000 + 2500×30000 + 5000×18000 + 12000×9000 + 30000×2500 + 150000×500) / 100000
    // = 4630 per case of 5000: 92.60 %.
    expect(rtpHundredths(pocket.table, pocket.price)).toBe(9260)
    expect(rtpHundredths(pocket.table, 4_630 as Minor)).toBe(10_000)
    expect(rtpHundredths(rich, 200_000 as Minor)).toBe(9510)
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
    expect(rules.amountRefusal!(params, 15_000 as Minor, 'RUB')).toBeNull()
    expect(rules.amountRefusal!(params, 5_000 as Minor, 'RUB')).toBe('limits')
    expect(rules.amountRefusal!(params, 15_000 as Minor, 'USD')).toBe('limits')
    expect(rules.maxPayout(params, 15_000 as Minor)).toBe(450_000)
    const settled = rules.settle(params, 15_000 as Minor, floatCursor('server', 'client', 0))
    expect(settled.payout).toBe(19_500)
    expect(settled.multiplier).toBe(13_000) // 195 / 150 = 1.3000x
  })

  it('draws each item of a case at its table frequency over 1,000,000 openings', () => {
    // A seeded float source (see seededFloats); within 5 standard deviations of n x p per item.
    const n = 1_000_000
    for (const [label, table] of [
      ['pocket', pocket.table],
      ['rich', rich],
    ] as const) {
      const counts = new Array<number>(table.items.length).fill(0)
      const source = seededFloats(20_261_127)
      for (let i = 0; i < n; i++) {
        const ticket = Math.floor(source.next() * CASE_TICKETS) + 1
        counts[itemIndexOfTicket(table, ticket)]!++
      }
      table.items.forEach((item, i) => {
        const p = item.tickets / CASE_TICKETS
        const tolerance = 5 * Math.sqrt(n * p * (1 - p))
        expect(Math.abs(counts[i]! - n * p), `${label} ${item.id}`).toBeLessThanOrEqual(tolerance)
      })
    }
  })
})
