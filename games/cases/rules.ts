/**
 * Cases: a case is a price and an item table. Each item owns a published range of the tickets
 * 1–100000 (its probability is a whole number of 1/100000), and an opening draws
 * `ticket = floor(float × 100000) + 1` (the kit's `caseTicket`) and pays the value of the item
 * whose range holds it. Opening n cases (1–5) is ONE instant bet: stake `price × n`, tickets from
 * floats 0 … n−1 of the bet, payout the sum of the n items.
 *
 * Item tables are immutable: a table is named by its hash, SHA-256 of {@link canonicalTable}, an
 * opening records that hash in its params, and its proof serves that table. Editing a case makes a
 * new table with a new hash, so no past proof ever changes.
 *
 * Money is integer minor units; a probability is `tickets / 100000`, shown exactly as
 * `tickets / 1000` percent. Pure: no clock, no randomness but the given floats.
 */
// Single files of the fairness module, not its index: the case page reads these rules, and the
// index would bring the HMAC code into its first load (docs/adding-a-game.md, the bundle budget).
import { caseTicket, CASE_TICKETS } from '../engine/fairness/draws'
import type { FloatCursor } from '../engine/fairness/floats'
import { sha256Hex } from '../engine/fairness/floats'
import { MAX_BET_PAYOUT, type Currency, type Minor } from '../engine/money'
import { multiplierOf } from '../kit/instant/protocol'
import type { InstantRules } from '../kit/instant/rules'

export { CASE_TICKETS, caseTicket }

/** The most cases one opening may open (one bet). */
export const MAX_CASES_PER_OPENING = 5
/** The version of {@link canonicalTable}'s format; part of every hash. */
export const CASE_TABLE_FORMAT = 1
/** Most items in one table (a strip and a page stay readable). */
export const MAX_CASE_ITEMS = 50

/** Rarities, least rare first: the colour an item is drawn in. */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const
/** An item's rarity. */
export type Rarity = (typeof RARITIES)[number]

/** A text in each language of the site (a case's or an item's name is data, given in all three). */
export type CaseText = Readonly<{ en: string; ru: string; kz: string }>

/** One item of a case. */
export interface CaseItem {
  /** Stable within its table: `[a-z0-9-]{1,32}`. */
  readonly id: string
  readonly name: CaseText
  /** What the item pays, in minor units of the table's currency. */
  readonly value: Minor
  readonly rarity: Rarity
  /** How many of the 100000 tickets the item owns (its probability × 100000), at least 1. */
  readonly tickets: number
}

/** A case's item table: the currency its values are in, and its items in ticket order. */
export interface CaseTable {
  readonly currency: Currency
  readonly items: readonly CaseItem[]
}

/** The tickets an item owns, inclusive. */
export interface TicketRange {
  readonly from: number
  readonly to: number
}

const ITEM_ID = /^[a-z0-9-]{1,32}$/

/** Why a table is not a legal item table (null: it is). */
export function tableError(table: CaseTable): string | null {
  if (table.items.length < 1 || table.items.length > MAX_CASE_ITEMS) {
    return `a table has 1 to ${MAX_CASE_ITEMS} items`
  }
  const ids = new Set<string>()
  let total = 0
  for (const item of table.items) {
    if (!ITEM_ID.test(item.id)) return `item id "${item.id}" is not [a-z0-9-]{1,32}`
    if (ids.has(item.id)) return `item id "${item.id}" appears twice`
    ids.add(item.id)
    if (!Number.isSafeInteger(item.tickets) || item.tickets < 1) {
      return `item "${item.id}" must own a whole number of tickets, at least 1`
    }
    if (!Number.isSafeInteger(item.value) || item.value < 0) {
      return `item "${item.id}" must be worth a whole number of minor units`
    }
    if (!RARITIES.includes(item.rarity)) return `item "${item.id}" has no known rarity`
    total += item.tickets
  }
  if (total !== CASE_TICKETS) return `the tickets add up to ${total}, not ${CASE_TICKETS}`
  return null
}

/**
 * The table's canonical serialisation, the text its hash is taken of: JSON with no spaces, keys in
 * this fixed (alphabetical) order, items in ticket order:
 * `{"currency":…,"format":1,"items":[{"id":…,"name":{"en":…,"kz":…,"ru":…},"rarity":…,"tickets":…,"value":…},…]}`.
 */
export function canonicalTable(table: CaseTable): string {
  return JSON.stringify({
    currency: table.currency,
    format: CASE_TABLE_FORMAT,
    items: table.items.map((item) => ({
      id: item.id,
      name: { en: item.name.en, kz: item.name.kz, ru: item.name.ru },
      rarity: item.rarity,
      tickets: item.tickets,
      value: item.value,
    })),
  })
}

/** The table's name: hex SHA-256 of {@link canonicalTable}. */
export function tableHash(table: CaseTable): string {
  return sha256Hex(canonicalTable(table))
}

/** Each item's published range, in table order: the first item owns 1…t₁, the next t₁+1…, etc. */
export function ticketRanges(table: CaseTable): TicketRange[] {
  let next = 1
  return table.items.map((item) => {
    const range = { from: next, to: next + item.tickets - 1 }
    next += item.tickets
    return range
  })
}

/** The index of the item whose range holds `ticket` (1…100000). */
export function itemIndexOfTicket(table: CaseTable, ticket: number): number {
  if (!Number.isInteger(ticket) || ticket < 1 || ticket > CASE_TICKETS) {
    throw new Error(`[cases] ticket ${ticket} is outside 1-${CASE_TICKETS}`)
  }
  let last = 0
  for (let i = 0; i < table.items.length; i++) {
    last += table.items[i]!.tickets
    if (ticket <= last) return i
  }
  throw new Error('[cases] the table does not cover every ticket')
}

/** The most valuable item (the first of equals): the catalogue's "top item". */
export function topItem(table: CaseTable): CaseItem {
  return table.items.reduce((best, item) => (item.value > best.value ? item : best))
}

/**
 * The case's return to player in hundredths of a percent, floored: the table's expected value,
 * `Σ value × tickets / 100000`, over the price (9312 is 93.12 %). Integer arithmetic throughout.
 */
export function rtpHundredths(table: CaseTable, price: Minor): number {
  const weighted = table.items.reduce((sum, item) => sum + item.value * item.tickets, 0)
  // (weighted / 100000) / price × 10000 = weighted / (price × 10)
  return Math.floor(weighted / (price * 10))
}

/** An item's probability as the page shows it: percent with three decimals, exact (`1234` → `"1.234"`). */
export function formatTickets(tickets: number): string {
  return (tickets / 1000).toFixed(3)
}

/** A case as it can be opened: its slug, price, table and the table's hash. */
export interface OpenableCase {
  readonly slug: string
  readonly price: Minor
  readonly table: CaseTable
  readonly hash: string
}

/** Why a case may not be offered (null: it may): a bad table, a bad price, or a too rich item. */
export type CaseRefusal = 'table' | 'price' | 'max_payout'

/**
 * Checks a case before it is created (or its table replaced): a legal table, a positive whole
 * price, and no opening that could pay more than the maximum payout per bet — its best item times
 * {@link MAX_CASES_PER_OPENING}, since one opening of five cases is one bet.
 */
export function caseRefusal(price: Minor, table: CaseTable): CaseRefusal | null {
  if (tableError(table) !== null) return 'table'
  if (!Number.isSafeInteger(price) || price < 1) return 'price'
  const best = topItem(table).value * MAX_CASES_PER_OPENING
  return best > MAX_BET_PAYOUT[table.currency] ? 'max_payout' : null
}

/** What the player chooses: the case, the table they were shown (by hash) and how many to open. */
export interface CaseParams {
  readonly case: string
  readonly table: string
  readonly count: number
}

/** What the server drew: one ticket per case, and the item (by id) each one names. */
export interface CaseOutcome {
  readonly tickets: number[]
  readonly items: string[]
}

/** True when `count` is a whole number of cases one opening may open. */
export function isCaseCount(count: number): boolean {
  return Number.isInteger(count) && count >= 1 && count <= MAX_CASES_PER_OPENING
}

/** The stake of opening `count` cases of `price`. */
export function openingStake(price: Minor, count: number): Minor {
  return (price * count) as Minor
}

/**
 * Opens `count` cases from the bet's floats 0 … count−1: the tickets, the items they name and the
 * sum of their values.
 */
export function openCases(
  table: CaseTable,
  count: number,
  floats: FloatCursor,
): { outcome: CaseOutcome; payout: Minor } {
  const tickets: number[] = []
  const items: string[] = []
  let payout = 0
  for (let i = 0; i < count; i++) {
    const ticket = caseTicket(floats.next())
    const item = table.items[itemIndexOfTicket(table, ticket)]!
    tickets.push(ticket)
    items.push(item.id)
    payout += item.value
  }
  return { outcome: { tickets, items }, payout: payout as Minor }
}

/**
 * The rules of one case as the instant kit runs them. The stake rule replaces the kit's
 * `betLimits`: the stake must be exactly `price × count` in the table's currency.
 */
export function caseRules(kase: OpenableCase): InstantRules<CaseParams, CaseOutcome> {
  const best = topItem(kase.table).value
  return {
    game: 'cases',
    refusal: (params) =>
      params.case === kase.slug && params.table === kase.hash && isCaseCount(params.count)
        ? null
        : 'bad_request',
    amountRefusal: (params, amount, currency) =>
      currency === kase.table.currency &&
      isCaseCount(params.count) &&
      amount === openingStake(kase.price, params.count)
        ? null
        : 'limits',
    maxPayout: (params) => (best * params.count) as Minor,
    settle(params, amount, floats) {
      const { outcome, payout } = openCases(kase.table, params.count, floats)
      return { outcome, payout, multiplier: multiplierOf(amount, payout) }
    },
  }
}
