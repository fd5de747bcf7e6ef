/**
 * `npm run fair -- rooms`: recomputes a room's draw from its revealed server seed, the round's
 * ticket list and its nonce, with the rules the server draws by (games/rooms/rules.ts,
 * games/engine/fairness/tickets.ts): the commitment check, the client seed (SHA-256 of the list's
 * canonical text), float 0 as `npm run fair -- floats` prints it, the winning ticket and its
 * purchase, and with `--room` and `--currency` the pot, the commission and the payout.
 *
 * The list comes as the canonical text itself, or as JSON: an array of purchases
 * `{ purchaseId, count, clientSeed }` (a round's purchase rows, whose other fields are ignored) or
 * an object holding one under `purchases` (a round as the snapshot sends it). Inline when it
 * starts with `[` or `{` or holds a line feed, else a file's path.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod/mini'

import {
  BEACON_PATTERN,
  clientSeedOf,
  drawWinner,
  floatCursor,
  hashServerSeed,
  isHash,
  MAX_DRAW_TICKETS,
  parseTicketList,
  PURCHASE_ID_PATTERN,
  PURCHASE_SEED_PATTERN,
  ticketListText,
  winnerOf,
  type TicketList,
} from '../games/engine/fairness/index'
import {
  CURRENCIES,
  isCurrency,
  toDecimalString,
  type Currency,
  type Minor,
} from '../games/engine/money'
import {
  chanceOf,
  chancePercent,
  COMMISSION_BP,
  commissionOf,
  payoutOf,
  potOf,
  ROOMS,
  ticketPrice,
  type Room,
} from '../games/rooms/rules'
import { count, UsageError } from './fairArgs'

/** The command's name. */
export const ROOMS_COMMAND = 'rooms'

/** The command's lines of the CLI's usage. */
export const ROOMS_USAGE = `  npm run fair -- ${ROOMS_COMMAND} --server-seed <seed> --nonce <round number> --tickets <list>
                       [--commitment <hash>] [--beacon <value>]
                       [--room ${ROOMS.join('|')} --currency ${CURRENCIES.join('|')}]
      Recomputes a room's draw: checks SHA-256 of the server seed against the commitment shown
      when the round opened, prints the client seed (SHA-256 of the ticket list's canonical
      text), float 0 of HMAC_SHA256(serverSeed, "clientSeed:nonce:0") as \`floats\` prints it,
      the winning ticket floor(float x tickets) and the purchase holding it; with --room and
      --currency, the pot, the commission and the payout.
      --tickets  the list: its canonical text, or JSON (an array of { purchaseId, count,
                 clientSeed }, or an object with one under "purchases"), inline when it starts
                 with [ or { or holds a line feed, else the path of a file holding it
      --beacon   the operator's beacon value the round was drawn with (or a last line
                 "beacon <value>" in the canonical text)`

/** What the command prints to. */
export interface RoomsIo {
  readonly cwd: string
  readonly out: (line: string) => void
  readonly err: (line: string) => void
}

const purchaseSchema = z.object({
  purchaseId: z.string().check(z.regex(PURCHASE_ID_PATTERN)),
  count: z.int().check(z.positive()),
  clientSeed: z.string().check(z.regex(PURCHASE_SEED_PATTERN)),
})
const purchasesSchema = z.array(purchaseSchema)
const jsonListSchema = z.union([purchasesSchema, z.object({ purchases: purchasesSchema })])

/** The list named by `--tickets`: inline JSON, or a file of JSON or canonical text. */
function readList(value: string, cwd: string): TicketList {
  const inline = /^\s*[[{]/.test(value) || value.includes('\n')
  let text = value
  if (!inline) {
    const path = resolve(cwd, value)
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      throw new UsageError(`--tickets: cannot read ${path}: ${(error as Error).message}`)
    }
  }
  if (/^\s*[[{]/.test(text)) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw new UsageError(`--tickets is not JSON: ${(error as Error).message}`)
    }
    const parsed = jsonListSchema.safeParse(json)
    if (!parsed.success) {
      throw new UsageError(`--tickets is not a list of purchases: ${parsed.error.message}`)
    }
    const purchases = Array.isArray(parsed.data) ? parsed.data : parsed.data.purchases
    if (new Set(purchases.map((p) => p.purchaseId)).size !== purchases.length) {
      throw new UsageError('--tickets names a purchase id twice')
    }
    return { purchases, beacon: null }
  }
  const read = parseTicketList(text)
  if (!read.ok) throw new UsageError(`--tickets is not a canonical ticket list: ${read.error}`)
  return read.list
}

/** The beacon of the draw: `--beacon`, else the list's own line; both must agree. */
function beaconOf(flag: string | undefined, list: TicketList): string | null {
  if (flag === undefined) return list.beacon
  if (!BEACON_PATTERN.test(flag)) throw new UsageError('--beacon must be 1-256 printable ASCII')
  if (list.beacon !== null && list.beacon !== flag) {
    throw new UsageError(`--beacon "${flag}" is not the list's beacon "${list.beacon}"`)
  }
  return flag
}

/** An amount of `currency` as plain text: `45.00 KZT`. */
const money = (amount: Minor, currency: Currency) =>
  `${toDecimalString(amount, currency)} ${currency}`

/** Runs `npm run fair -- rooms` on its arguments; throws {@link UsageError} on bad input. */
export function roomsCommand(args: string[], io: RoomsIo): number {
  const { values } = parseArgs({
    args,
    strict: true,
    options: Object.fromEntries(
      ['server-seed', 'nonce', 'tickets', 'commitment', 'beacon', 'room', 'currency'].map(
        (name) => [name, { type: 'string' as const }],
      ),
    ),
  }) as { values: Record<string, string | undefined> }
  const serverSeed = values['server-seed']
  if (serverSeed === undefined) throw new UsageError('--server-seed is required')
  const nonce = count(values.nonce, '--nonce', null, Number.MAX_SAFE_INTEGER)
  if (values.tickets === undefined) throw new UsageError('--tickets is required')
  const list = readList(values.tickets, io.cwd)
  const beacon = beaconOf(values.beacon, list)
  const commitment = values.commitment
  if (commitment !== undefined && !isHash(commitment)) {
    throw new UsageError(`--commitment must be 64 hex digits, got "${commitment}"`)
  }
  const { room, currency } = values
  if ((room === undefined) !== (currency === undefined)) {
    throw new UsageError('--room and --currency go together')
  }
  if (room !== undefined && !(ROOMS as readonly string[]).includes(room)) {
    throw new UsageError(`--room must be one of ${ROOMS.join(', ')}`)
  }
  if (currency !== undefined && !isCurrency(currency)) {
    throw new UsageError(`--currency must be one of ${CURRENCIES.join(', ')}`)
  }
  const tickets = list.purchases.reduce((sum, p) => sum + p.count, 0)
  if (tickets < 1 || tickets > MAX_DRAW_TICKETS) {
    throw new UsageError(
      `--tickets holds ${tickets} tickets: a draw needs 1 to ${MAX_DRAW_TICKETS}`,
    )
  }

  const hash = hashServerSeed(serverSeed)
  const verified = commitment === undefined || commitment.toLowerCase() === hash
  io.out(
    commitment === undefined
      ? `server seed hash ${hash} (no --commitment given: compare it with the round's)`
      : `commitment ${commitment.toLowerCase()} ${verified ? 'matches' : 'DOES NOT match'} the server seed's SHA-256 ${hash}`,
  )
  // The scheme step by step, with the functions the server's draw is made of (rules' drawRoom).
  const clientSeed = clientSeedOf(list.purchases, beacon)
  const bytes = Buffer.byteLength(ticketListText(list.purchases, beacon), 'utf8')
  const float = floatCursor(serverSeed, clientSeed, nonce).next()
  const ticket = drawWinner({ serverSeed, clientSeed, nonce, tickets })
  const owner = winnerOf(list.purchases, ticket)
  const winner = list.purchases[owner.index]!
  const shown = beacon === null ? '' : `, beacon ${beacon}`
  io.out(`purchases ${list.purchases.length}, tickets ${tickets}${shown}`)
  io.out(`client seed ${clientSeed} (SHA-256 of the ${bytes}-byte ticket list)`)
  io.out(`float 0 ${float} (HMAC_SHA256(server seed, "client seed:${nonce}:0"), bytes 0-3)`)
  io.out(`winning ticket ${ticket} = floor(float x ${tickets})`)
  io.out(
    `winner purchase ${winner.purchaseId}, tickets ${owner.first}-${owner.last} ` +
      `(${winner.count} of ${tickets}, ${chancePercent(chanceOf(winner.count, tickets))}%), ` +
      `seed "${winner.clientSeed}"`,
  )
  if (room !== undefined && currency !== undefined) {
    const price = ticketPrice(room as Room, currency as Currency)
    const pot = potOf(tickets, price)
    const c = currency as Currency
    io.out(
      `pot ${money(pot, c)} (${tickets} x ${money(price, c)}): commission ` +
        `${money(commissionOf(pot), c)} (${COMMISSION_BP / 100}%, rounded up), ` +
        `payout ${money(payoutOf(pot), c)}`,
    )
  }
  if (!verified) {
    io.err(`NOT VERIFIED: the server seed does not hash to the commitment ${commitment}`)
    return 1
  }
  return 0
}
