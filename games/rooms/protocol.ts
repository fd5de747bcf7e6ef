/**
 * The rooms wire, shared by the server and the client and parsed on arrival at both ends. Every
 * message carries `v` and a `type` equal to its socket.io event name. A socket watches the three
 * rooms in one currency (the player's; a guest's is the default): the server sends state changes
 * only, a round opening with its commitment, batches of purchases, the countdown, the draw.
 *
 * The draw is verifiable from the wire alone: a round's purchases carry what the ticket list is
 * made of (id, count, buyer's seed, in order), so `clientSeedOf(purchases, beacon)` and
 * `drawWinner` (games/engine/fairness/tickets.ts) recompute `drawn` from the round and the
 * revealed server seed, whose SHA-256 is the commitment `opened` showed.
 *
 * `buy` carries an idempotency `key`: a retry with the same key gets the first answer again and
 * never buys twice.
 */
import { z } from 'zod/mini'
import {
  BEACON_PATTERN,
  hashSchema,
  PURCHASE_ID_PATTERN,
  PURCHASE_SEED_PATTERN,
} from '../engine/fairness/schemas'
import { currencySchema, type Minor } from '../engine/money'
import {
  COMMON_ERROR_CODES,
  commandKeySchema,
  defineWire,
  errorAckSchema,
  fundsSchema,
  proofNotFoundSchema,
  roundIdSchema,
  serverTimeSchema,
  stakeSchema,
  type AckOf as WireAckOf,
  type AnyRequestOf,
  type EventOf,
} from '../kit/protocol'
import { commissionOf, MAX_TICKETS_PER_PURCHASE, payoutOf, PLAYER_COLOURS, ROOMS } from './rules'

export { commandKeySchema, roundIdSchema }
export type { CommandKey, RoundId } from '../kit/protocol'

/** The protocol version this build speaks; both ends reject other versions. */
export const ROOMS_PROTOCOL_VERSION = 1
const v = z.literal(ROOMS_PROTOCOL_VERSION)

/** A room: red, yellow or purple. */
export const roomSchema = z.enum(ROOMS)

/** A purchase's id, given by the server: letters, digits, `_` and `-` (it is a ticket list field). */
export const purchaseIdSchema = z
  .string()
  .check(z.regex(PURCHASE_ID_PATTERN, 'expected 1-64 letters, digits, _ or -'))
  .brand<'PurchaseId'>()
/** A purchase's id. */
export type PurchaseId = z.infer<typeof purchaseIdSchema>

/** A buyer's client seed: 1-64 printable ASCII characters, as a seed pair's. */
export const purchaseSeedSchema = z
  .string()
  .check(z.regex(PURCHASE_SEED_PATTERN, 'expected 1-64 printable ASCII characters'))

/**
 * A round's server seed, revealed after its draw: 32 random bytes as 64 lower-case hex digits, as
 * a seed pair's. The HMAC key and the committed hash are of this text.
 */
export const serverSeedSchema = z
  .string()
  .check(z.regex(/^[0-9a-f]{64}$/, 'expected 64 hex digits'))

/** The operator's beacon value a draw was made with, or null. */
export const beaconSchema = z.nullable(
  z.string().check(z.regex(BEACON_PATTERN, 'expected 1-256 printable ASCII characters')),
)

/** A count of tickets: 1 to 100 in a purchase. */
const countSchema = z.int().check(z.minimum(1), z.maximum(MAX_TICKETS_PER_PURCHASE))
/** A ticket's number in its round, from 0. */
const ticketSchema = z.int().check(z.nonnegative())
/** A round's number: the nonce of its draw. */
export const nonceSchema = z.int().check(z.nonnegative())

/** A round's status: `open` (fewer than two players), `counting` (the countdown runs), `drawn`. */
export const roomStatusSchema = z.enum(['open', 'counting', 'drawn'])
/** A round's status. */
export type RoomStatus = z.infer<typeof roomStatusSchema>

/**
 * A purchase as everyone sees it, in purchase order: tickets `firstTicket` to
 * `firstTicket + count - 1`. `player` is the buyer's public name, or null while they hide their
 * statistics (shown "Hidden"); `avatar` what their generated picture is drawn from (their public
 * name), or null, a neutral picture, while they hide their avatar or their statistics; `colour` the buyer's colour in this round (`playerColours`).
 */
export const purchaseRowSchema = z.object({
  purchaseId: purchaseIdSchema,
  player: z.nullable(z.string().check(z.maxLength(64))),
  avatar: z.nullable(z.string().check(z.maxLength(512))),
  colour: z.int().check(z.nonnegative(), z.maximum(PLAYER_COLOURS - 1)),
  firstTicket: ticketSchema,
  count: countSchema,
  clientSeed: purchaseSeedSchema,
})
/** A purchase as everyone sees it. */
export type PurchaseRow = z.infer<typeof purchaseRowSchema>

/** True when `rows` number their tickets on from `from`, each after the one before. */
function consecutive(rows: readonly PurchaseRow[], from: number): boolean {
  let next = from
  for (const row of rows) {
    if (row.firstTicket !== next) return false
    next += row.count
  }
  return true
}

const ticketsOf = (rows: readonly PurchaseRow[]) => rows.reduce((sum, row) => sum + row.count, 0)

/**
 * A round's draw and settlement: the winning ticket and its purchase, the pot and how it was
 * split, and everything to recompute it (the revealed server seed, the commitment, the nonce,
 * the client seed and the beacon). Sent as `drawn` and kept in the history.
 */
const drawFields = {
  roundId: roundIdSchema,
  room: roomSchema,
  currency: currencySchema,
  nonce: nonceSchema,
  commitment: hashSchema,
  serverSeed: serverSeedSchema,
  clientSeed: hashSchema,
  beacon: beaconSchema,
  tickets: z.int().check(z.minimum(2)),
  winningTicket: ticketSchema,
  winner: purchaseRowSchema,
  pot: fundsSchema,
  commission: fundsSchema,
  payout: fundsSchema,
  drawnAt: serverTimeSchema,
}

/** What {@link drawAgrees} reads of a draw. */
interface DrawFigures {
  readonly tickets: number
  readonly winningTicket: number
  readonly winner: PurchaseRow
  readonly pot: Minor
  readonly commission: Minor
  readonly payout: Minor
}

/** A draw's figures agree: the ticket is in range and the winner's, the pot split by the rules. */
const drawAgrees = z.refine<DrawFigures>(
  (d) =>
    d.winningTicket < d.tickets &&
    d.winningTicket >= d.winner.firstTicket &&
    d.winningTicket < d.winner.firstTicket + d.winner.count &&
    d.commission === commissionOf(d.pot) &&
    d.payout === payoutOf(d.pot),
  'the winning ticket is in range and in the winner purchase, and the pot is split by the rules',
)

/** A finished round as the history and `drawn` show it. */
export const roomDrawSchema = z.object(drawFields).check(drawAgrees)
/** A finished round. */
export type RoomDraw = z.infer<typeof roomDrawSchema>

/** Where the rooms answer `GET <path>/<roundId>` with a drawn round's proof. */
export const ROUND_PROOF_PATH = '/api/games/rooms/rounds'

/**
 * A drawn round's proof (`GET /api/games/rooms/rounds/:id`): its draw and its whole ticket list in
 * ticket order, so a page that did not watch the round (an older draw, a link from the bet
 * history) recomputes the client seed and the winning ticket as `npm run fair -- rooms` does. An
 * unknown, open, counting or refunded round is 404, {@link roundProofErrorSchema}.
 */
export const roundProofSchema = z
  .object({ v, draw: roomDrawSchema, purchases: z.array(purchaseRowSchema) })
  .check(
    z.refine(
      (p) => consecutive(p.purchases, 0) && ticketsOf(p.purchases) === p.draw.tickets,
      "the ticket list numbers its tickets from 0 and holds the draw's tickets",
    ),
  )
/** A drawn round's proof. */
export type RoundProof = z.infer<typeof roundProofSchema>

/** A refused proof: `not_found` (`rooms:proof.notFound`). */
export const roundProofErrorSchema = proofNotFoundSchema

/** How many finished rounds a room's history keeps in the snapshot. */
export const HISTORY_LENGTH = 10

/**
 * A room's current round in the socket's currency. `countdownEndsAt` is set once counting (and
 * kept when drawn); `draw` exists exactly when drawn, until the next round opens.
 */
export const roomRoundSchema = z
  .object({
    roundId: roundIdSchema,
    room: roomSchema,
    currency: currencySchema,
    nonce: nonceSchema,
    status: roomStatusSchema,
    /** SHA-256 of the round's server seed, shown from the opening. */
    commitment: hashSchema,
    /** A ticket's price in this room and currency. */
    price: stakeSchema,
    openedAt: serverTimeSchema,
    countdownEndsAt: z.nullable(serverTimeSchema),
    purchases: z.array(purchaseRowSchema),
    tickets: z.int().check(z.nonnegative()),
    pot: fundsSchema,
    draw: z.nullable(roomDrawSchema),
  })
  .check(
    z.refine(
      (r) =>
        consecutive(r.purchases, 0) &&
        r.tickets === ticketsOf(r.purchases) &&
        r.pot === r.tickets * r.price &&
        (r.status === 'open') === (r.countdownEndsAt === null) &&
        (r.status === 'drawn') === (r.draw !== null) &&
        (r.draw === null ||
          (r.draw.roundId === r.roundId &&
            r.draw.tickets === r.tickets &&
            r.draw.commitment === r.commitment)),
      'a round numbers its tickets from 0, its pot is tickets × price, and its countdown and draw match its status',
    ),
  )
/** A room's current round. */
export type RoomRound = z.infer<typeof roomRoundSchema>

/** A room in the snapshot: its current round and its last draws, latest first. */
export const roomStateSchema = z.object({
  round: roomRoundSchema,
  history: z.array(roomDrawSchema).check(z.maxLength(HISTORY_LENGTH)),
})

/**
 * Full state, on join, on every (re)connection that was not recovered, and on `sync`: the three
 * rooms in the socket's currency.
 */
export const snapshotEventSchema = z
  .object({
    type: z.literal('snapshot'),
    v,
    serverTime: serverTimeSchema,
    currency: currencySchema,
    /** Each of the three rooms, by name. */
    rooms: z.record(roomSchema, roomStateSchema),
    /** A logged-in player: the balance, and their purchases in the rounds shown. */
    me: z.nullable(
      z.object({
        balance: fundsSchema,
        currency: currencySchema,
        purchaseIds: z.array(purchaseIdSchema),
      }),
    ),
  })
  .check(
    z.refine(
      (snapshot) =>
        Object.entries(snapshot.rooms).every(([room, state]) =>
          [state.round, ...state.history].every(
            (r) => r.room === room && r.currency === snapshot.currency,
          ),
        ),
      "each room's round and history are that room's, in the snapshot's currency",
    ),
  )

/** A room's new round opens with its commitment and no tickets. */
export const openedEventSchema = z.object({
  type: z.literal('opened'),
  v,
  round: roomRoundSchema.check(
    z.refine((r) => r.status === 'open' && r.purchases.length === 0, 'a new round is empty'),
  ),
})

/** Purchases since the last batch, in purchase order, and the round's totals after them. */
export const ticketsEventSchema = z
  .object({
    type: z.literal('tickets'),
    v,
    room: roomSchema,
    roundId: roundIdSchema,
    purchases: z.array(purchaseRowSchema).check(z.minLength(1)),
    tickets: z.int().check(z.positive()),
    pot: fundsSchema,
  })
  .check(
    z.refine((e) => {
      // zod runs a refinement after a failed check too (an empty batch), so no row is assumed.
      const first = e.purchases[0]?.firstTicket ?? e.tickets
      return consecutive(e.purchases, first) && first + ticketsOf(e.purchases) === e.tickets
    }, "a batch's tickets follow on and end at the round's total"),
  )

/** The second player arrived: the round draws at `endsAt` (server time). */
export const countdownEventSchema = z.object({
  type: z.literal('countdown'),
  v,
  room: roomSchema,
  roundId: roundIdSchema,
  endsAt: serverTimeSchema,
})

/** A round drew: its winner, the split of the pot, and its proof ({@link roomDrawSchema}). */
export const drawnEventSchema = z
  .object({ type: z.literal('drawn'), v, ...drawFields })
  .check(drawAgrees)

/** Buy `count` tickets in `room`'s open round of `currency` (the player's), with a seed. */
export const buyCommandSchema = z.object({
  type: z.literal('buy'),
  v,
  key: commandKeySchema,
  room: roomSchema,
  currency: currencySchema,
  count: countSchema,
  clientSeed: purchaseSeedSchema,
})

/** Ask for a fresh `snapshot` event, when one did not come after a (re)connection. */
export const syncCommandSchema = z.object({ type: z.literal('sync'), v })

/**
 * Why a purchase was refused, whole: the kit's codes (`limits` for a count or a currency the
 * room does not sell, `balance_not_enough`...) and the rooms' own: `player_cap` (past the
 * player's tickets in a round), `round_full` (the pot would pass the maximum payout) and
 * `round_closed` (the round is drawing; the next one opens in a moment).
 */
export const ROOMS_ERROR_CODES = [
  ...COMMON_ERROR_CODES,
  'player_cap',
  'round_full',
  'round_closed',
] as const
const errorAck = errorAckSchema(ROOMS_PROTOCOL_VERSION, ROOMS_ERROR_CODES)
/** Why a rooms command was refused. */
export type RoomsErrorCode = (typeof ROOMS_ERROR_CODES)[number]

/** Answer to `buy`: the purchase, its tickets, what it cost and the balance after the hold. */
export const buyAckSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('ok'),
      v,
      purchaseId: purchaseIdSchema,
      roundId: roundIdSchema,
      room: roomSchema,
      currency: currencySchema,
      firstTicket: ticketSchema,
      lastTicket: ticketSchema,
      count: countSchema,
      cost: stakeSchema,
      balance: fundsSchema,
    })
    .check(
      z.refine(
        (a) => a.lastTicket - a.firstTicket + 1 === a.count,
        'a purchase holds tickets firstTicket to lastTicket, count of them',
      ),
    ),
  errorAck,
])

/** Answer to `sync`: the snapshot follows as an event. */
export const syncAckSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ok'), v }),
  errorAck,
])

/** The rooms wire: its one list of events and commands, and the parsers both ends use. */
export const roomsWire = defineWire({
  game: 'rooms',
  version: ROOMS_PROTOCOL_VERSION,
  events: {
    snapshot: snapshotEventSchema,
    opened: openedEventSchema,
    tickets: ticketsEventSchema,
    countdown: countdownEventSchema,
    drawn: drawnEventSchema,
  },
  commands: {
    buy: { request: buyCommandSchema, ack: buyAckSchema },
    sync: { request: syncCommandSchema, ack: syncAckSchema },
  },
  snapshotEvent: 'snapshot',
  resync: { command: 'sync', request: { type: 'sync', v: ROOMS_PROTOCOL_VERSION } },
})

type Commands = typeof roomsWire.commands

/** A server-to-client event, discriminated on `type` (= the socket.io event name). */
export type ServerEvent = EventOf<typeof roomsWire.events>
/** A client-to-server command (parsed: branded fields). */
export type ClientCommand = AnyRequestOf<Commands>
/** The parsed ack of each command. */
export type AckOf<C extends ClientCommand['type']> = WireAckOf<Commands, C>
/** Answer to `buy`. */
export type BuyAck = AckOf<'buy'>

/** Parses a server event received under `name` (see `Wire.parseEvent`). */
export const parseServerEvent = roomsWire.parseEvent
/** Parses a command's ack (see `Wire.parseAck`). */
export const parseAck = roomsWire.parseAck
/** Parses a command on the server's side; null means refuse it with `bad_request`. */
export const parseCommand = roomsWire.parseCommand
