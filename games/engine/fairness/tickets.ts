/**
 * The ticket draw of the rooms: one ticket of a round's final ordered list wins, drawn from the
 * float stream (floats.ts) with the list itself as the client seed, so the scheme holds although
 * what is drawn from depends on the tickets sold. Written out in docs/games.md ("Rooms"):
 *
 * - tickets are numbered 0 to n-1 in purchase order; purchase i holds `count` tickets from the
 *   ticket after purchase i-1's last;
 * - the list's canonical text is one line a purchase, in order, `<first>-<last> <purchaseId>
 *   <clientSeed>` and a line feed (`0-2 17 lucky\n`), then, when the operator draws with a public
 *   randomness beacon, the line `beacon <value>` and a line feed; nothing else, no header;
 * - the client seed is the hex SHA-256 of that text's UTF-8 bytes ({@link clientSeedOf});
 * - the winning ticket is `floor(float × n)`, float 0 of `HMAC_SHA256(serverSeed,
 *   "clientSeed:nonce:0")` (bytes 0-3), exactly what `npm run fair -- floats` prints as float 0.
 *
 * Ids, seeds and the beacon are printable ASCII that cannot break a line (their patterns are in
 * schemas.ts, which the wire parses them with): an id has no space and a seed ends its line, so
 * the text reads back one way only ({@link parseTicketList}).
 */
import { floatCursor, sha256Hex } from './floats'
import { BEACON_PATTERN, PURCHASE_ID_PATTERN, PURCHASE_SEED_PATTERN } from './schemas'

/** One purchase of the list: its id, how many tickets it bought, and its buyer's seed. */
export interface TicketPurchase {
  /** The server's id of the purchase (its ledger hold): letters, digits, `_` and `-`. */
  readonly purchaseId: string
  /** Tickets bought, at least 1. */
  readonly count: number
  /** The buyer's client seed: 1-64 printable ASCII characters (space to tilde). */
  readonly clientSeed: string
}

/**
 * The most tickets one draw may hold: a float is a multiple of 2^-32, so `floor(float × n)` can
 * reach every ticket only while n ≤ 2^32.
 */
export const MAX_DRAW_TICKETS = 2 ** 32

/** Where a ticket sits: the index of the purchase holding it, and that purchase's range. */
export interface TicketOwner {
  readonly index: number
  readonly first: number
  readonly last: number
}

function assertPurchases(purchases: readonly TicketPurchase[]): void {
  const ids = new Set<string>()
  for (const [i, p] of purchases.entries()) {
    if (!PURCHASE_ID_PATTERN.test(p.purchaseId) || ids.has(p.purchaseId)) {
      throw new Error(`[Fairness] purchase ${i}: id "${p.purchaseId}" is not a distinct id`)
    }
    if (!Number.isSafeInteger(p.count) || p.count < 1) {
      throw new Error(`[Fairness] purchase ${i}: ${p.count} tickets`)
    }
    if (!PURCHASE_SEED_PATTERN.test(p.clientSeed)) {
      throw new Error(`[Fairness] purchase ${i}: the client seed is not 1-64 printable ASCII`)
    }
    ids.add(p.purchaseId)
  }
}

/** How many tickets `purchases` hold. */
export function ticketTotal(purchases: readonly TicketPurchase[]): number {
  let total = 0
  for (const p of purchases) total += p.count
  return total
}

/**
 * The canonical text of a ticket list (see the module comment). A bad id, count, seed or beacon
 * is a bug in the caller, who parsed them at the wire, so it throws.
 */
export function ticketListText(
  purchases: readonly TicketPurchase[],
  beacon: string | null = null,
): string {
  assertPurchases(purchases)
  let first = 0
  let text = ''
  for (const p of purchases) {
    text += `${first}-${first + p.count - 1} ${p.purchaseId} ${p.clientSeed}\n`
    first += p.count
  }
  if (beacon !== null) {
    if (!BEACON_PATTERN.test(beacon)) {
      throw new Error('[Fairness] the beacon is not 1-256 printable ASCII')
    }
    text += `beacon ${beacon}\n`
  }
  return text
}

/** A ticket list read back from its canonical text. */
export interface TicketList {
  readonly purchases: readonly TicketPurchase[]
  readonly beacon: string | null
}

const PURCHASE_LINE = /^(0|[1-9]\d*)-(0|[1-9]\d*) ([0-9A-Za-z_-]{1,64}) ([\x20-\x7e]{1,64})$/
const BEACON_LINE = /^beacon ([\x20-\x7e]{1,256})$/

/**
 * Reads a list's canonical text back, for a verifier holding the published text: the list, or
 * why the text is not canonical (a range that does not follow on, a line after the beacon...).
 * Reading and writing agree: `ticketListText` of the result is `text` again.
 */
export function parseTicketList(
  text: string,
): { ok: true; list: TicketList } | { ok: false; error: string } {
  if (text !== '' && !text.endsWith('\n')) return { ok: false, error: 'no line feed at the end' }
  const lines = text === '' ? [] : text.slice(0, -1).split('\n')
  const purchases: TicketPurchase[] = []
  const ids = new Set<string>()
  let beacon: string | null = null
  let next = 0
  for (const [i, line] of lines.entries()) {
    const where = `line ${i + 1}`
    if (beacon !== null) return { ok: false, error: `${where}: a line after the beacon` }
    const beaconMatch = BEACON_LINE.exec(line)
    if (beaconMatch) {
      beacon = beaconMatch[1]!
      continue
    }
    const match = PURCHASE_LINE.exec(line)
    if (!match) return { ok: false, error: `${where}: not "<first>-<last> <id> <seed>"` }
    const first = Number(match[1])
    const last = Number(match[2])
    const purchaseId = match[3]!
    if (first !== next)
      return { ok: false, error: `${where}: starts at ticket ${first}, not ${next}` }
    if (last < first || !Number.isSafeInteger(last)) {
      return { ok: false, error: `${where}: ends at ticket ${match[2]}, before it starts` }
    }
    if (ids.has(purchaseId)) return { ok: false, error: `${where}: id ${purchaseId} again` }
    ids.add(purchaseId)
    purchases.push({ purchaseId, count: last - first + 1, clientSeed: match[4]! })
    next = last + 1
  }
  return { ok: true, list: { purchases, beacon } }
}

/** The draw's client seed: hex SHA-256 of the list's canonical text ({@link ticketListText}). */
export function clientSeedOf(
  purchases: readonly TicketPurchase[],
  beacon: string | null = null,
): string {
  return sha256Hex(ticketListText(purchases, beacon))
}

/** What a draw is computed from. */
export interface TicketDrawInput {
  /** The round's server seed, revealed after the draw; its SHA-256 was committed at the opening. */
  readonly serverSeed: string
  /** {@link clientSeedOf} the final list. */
  readonly clientSeed: string
  /** The round's number. */
  readonly nonce: number
  /** How many tickets the list holds, 1 to {@link MAX_DRAW_TICKETS}. */
  readonly tickets: number
}

/** The winning ticket: `floor(float × tickets)` with float 0 of the seed pair and nonce. */
export function drawWinner({ serverSeed, clientSeed, nonce, tickets }: TicketDrawInput): number {
  if (!Number.isSafeInteger(tickets) || tickets < 1 || tickets > MAX_DRAW_TICKETS) {
    throw new Error(`[Fairness] cannot draw one of ${tickets} tickets`)
  }
  return Math.floor(floatCursor(serverSeed, clientSeed, nonce).next() * tickets)
}

/** The purchase holding `ticket` and its range; throws when no purchase holds it (a bug). */
export function winnerOf(purchases: readonly TicketPurchase[], ticket: number): TicketOwner {
  let first = 0
  for (const [index, p] of purchases.entries()) {
    if (ticket >= first && ticket < first + p.count) {
      return { index, first, last: first + p.count - 1 }
    }
    first += p.count
  }
  throw new Error(`[Fairness] no purchase holds ticket ${ticket} of ${first}`)
}
