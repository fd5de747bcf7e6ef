/**
 * The data of a room's round machine: its context, events and input, and the pure helpers its
 * guards and actions share. A socket watches the three rooms in one currency; a room's page runs
 * the machine for its one room, so the stream's messages reach it through `roomEvent` (stream.ts),
 * which drops the other rooms' and gives the snapshot the round header the kit's region reads.
 */
import type { Currency, Minor } from '../engine/money'
import type { LiveRoundContext } from '../kit/live/round.model'
import type { ConnectionEvent } from '../kit/wireLink'
import {
  HISTORY_LENGTH,
  ROOMS_PROTOCOL_VERSION,
  type BuyAck,
  type ClientCommand,
  type CommandKey,
  type PurchaseId,
  type PurchaseRow,
  type RoomDraw,
  type RoomRound,
  type RoomStatus,
  type RoundId,
  type RoomsErrorCode,
  type ServerEvent,
} from './protocol'
import { MAX_TICKETS_PER_PLAYER, MAX_TICKETS_PER_PURCHASE, potOf, type Room } from './rules'

/**
 * A round's phases as the machine names them: `open` (waiting for a second player), `countdown`
 * (the draw is at a server time), `drawing` (the winner is known: the wheel slows onto it, then
 * the result stays until the next round opens).
 */
export type RoomPhase = 'open' | 'countdown' | 'drawing'

/**
 * How long the wheel turns after the draw before the winner is announced. The server's pause
 * between a draw and the next round is longer (rules.ts `NEXT_ROUND_PAUSE_MS`); a snapshot that finds a round drawn spins too, so
 * a player who arrives then still sees where the ticket fell.
 */
export const DRAW_SPIN_MS = 5000

/** The machine's phase of each wire status. */
export const PHASE_OF_STATUS = {
  open: 'open',
  counting: 'countdown',
  drawn: 'drawing',
} as const satisfies Record<RoomStatus, RoomPhase>

/** The room's current round as last reported: the wire's round under the kit's header. */
export interface RoomRoundInfo extends Omit<RoomRound, 'roundId' | 'status'> {
  id: RoundId
  phase: RoomPhase
}

/** The round of the wire as the machine keeps it. */
export function roundInfo(round: RoomRound): RoomRoundInfo {
  const { roundId, status, ...rest } = round
  return { ...rest, id: roundId, phase: PHASE_OF_STATUS[status] }
}

/**
 * Why the last purchase failed: the server's refusal, `network` for an answer that never came,
 * or the machine's own pre-check (the same codes, to spare a round trip).
 */
export type BuyError = RoomsErrorCode | 'network'

/** Everything the room's page and scene draw from; the live kit keeps `round` and `clockOffset`. */
export interface RoomsRoundContext extends LiveRoundContext<RoomPhase> {
  /** The room this page shows. */
  room: Room
  /** How long the wheel spins before the winner is told (DRAW_SPIN_MS; 0 under reduced motion). */
  spinMs: number
  /** The player's currency; null for a guest, who watches the default currency's round. */
  currency: Currency | null
  balance: Minor | null
  round: RoomRoundInfo | null
  /** The room's finished rounds, latest first. */
  history: RoomDraw[]
  /**
   * The ticket lists of rounds drawn while the page watched, by round: a draw in the history
   * carries its winner only, and a proof recomputes the winning ticket from the whole list.
   */
  ticketLists: Partial<Record<RoundId, PurchaseRow[]>>
  /** The player's purchases in the rounds shown (the snapshot's, then each accepted buy's). */
  mine: PurchaseId[]
  /** The last accepted purchase, for the "your tickets" line; cleared by the next round. */
  lastPurchase: Extract<BuyAck, { type: 'ok' }> | null
  lastError: BuyError | null
}

/** Buy `count` tickets with the buyer's seed; key and seed are made at the app edge per click. */
export interface BuyIntent {
  type: 'BUY'
  key: CommandKey
  count: number
  clientSeed: string
}

/** The wire's snapshot. */
export type WireSnapshot = Extract<ServerEvent, { type: 'snapshot' }>

/**
 * The snapshot as a room's machine takes it: the socket's snapshot narrowed to one room, with the
 * header the kit's round region reads (its round's id and phase).
 */
export interface RoomSnapshotEvent {
  type: 'snapshot'
  serverTime: number
  round: { id: RoundId; phase: RoomPhase }
  currency: Currency
  state: WireSnapshot['rooms'][Room]
  me: WireSnapshot['me']
}

/** The stream events of one room (the others' are dropped before the machine). */
export type RoomStreamEvent = Exclude<ServerEvent, { type: 'snapshot' }>

/** Every event the round machine accepts. */
export type RoomsRoundEvent = RoomSnapshotEvent | RoomStreamEvent | BuyIntent | ConnectionEvent

/** The shell's knowledge at start: the room, and null currency and balance for a guest. */
export interface RoomsRoundInput {
  room: Room
  currency: Currency | null
  balance: Minor | null
  /** How long the wheel spins before the winner is told; 0 under reduced motion. */
  spinMs?: number
}

/** The `buy` command. */
export type BuyCommand = Extract<ClientCommand, { type: 'buy' }>
/** The `sync` command. */
export type SyncCommand = Extract<ClientCommand, { type: 'sync' }>

/** The snapshot narrowed to `room`; null when the socket's snapshot lacks it (a bad server). */
export function roomSnapshot(snapshot: WireSnapshot, room: Room): RoomSnapshotEvent {
  const state = snapshot.rooms[room]
  if (!state) throw new Error(`[rooms/round] the snapshot has no room "${room}"`)
  const { roundId: id, status } = state.round
  return {
    type: 'snapshot',
    serverTime: snapshot.serverTime,
    round: { id, phase: PHASE_OF_STATUS[status] },
    currency: snapshot.currency,
    state,
    me: snapshot.me,
  }
}

/** The room a stream event is about. */
export function roomOf(event: RoomStreamEvent): Room {
  return event.type === 'opened' ? event.round.room : event.room
}

/** The round after a batch of purchases: its rows appended, its totals the batch's. */
export function withTickets(
  round: RoomRoundInfo,
  batch: Extract<ServerEvent, { type: 'tickets' }>,
): RoomRoundInfo {
  const known = new Set(round.purchases.map((p) => p.purchaseId))
  // A batch after a snapshot can repeat rows the snapshot already holds: kept once.
  const fresh = batch.purchases.filter((p) => !known.has(p.purchaseId))
  return {
    ...round,
    purchases: [...round.purchases, ...fresh],
    tickets: batch.tickets,
    pot: batch.pot,
  }
}

/** The draw of a `drawn` event as the history keeps it. */
export function drawOf(event: Extract<ServerEvent, { type: 'drawn' }>): RoomDraw {
  const { type: _type, v: _v, ...draw } = event
  return draw
}

/** The history with `draw` first, as many as the snapshot keeps, never twice. */
export function withDraw(history: readonly RoomDraw[], draw: RoomDraw): RoomDraw[] {
  return [draw, ...history.filter((d) => d.roundId !== draw.roundId)].slice(0, HISTORY_LENGTH)
}

/** The kept ticket lists with `round`'s added, only those of rounds still in `history`. */
export function withTicketList(
  lists: RoomsRoundContext['ticketLists'],
  round: RoomRoundInfo,
  history: readonly RoomDraw[],
): RoomsRoundContext['ticketLists'] {
  const kept: RoomsRoundContext['ticketLists'] = { [round.id]: round.purchases }
  for (const draw of history) {
    const list = lists[draw.roundId]
    if (list) kept[draw.roundId] = list
  }
  return kept
}

/** How many tickets the player holds in `round`: the rows of their purchases. */
export function myTickets(round: RoomRoundInfo | null, mine: readonly PurchaseId[]): number {
  if (!round) return 0
  const own = new Set(mine)
  return round.purchases.reduce((sum, p) => (own.has(p.purchaseId) ? sum + p.count : sum), 0)
}

/** True when `row` is one of the player's purchases. */
export const isMine = (mine: readonly PurchaseId[], row: PurchaseRow): boolean =>
  mine.includes(row.purchaseId)

/**
 * Why the machine refuses a purchase before sending it, or null to send it: a guest, a count out
 * of 1-100, a round that is drawing, more than the balance, past the player's cap. The server
 * checks all of it again (and the pot's cap, which only it sees whole).
 */
export function buyRefusal(context: RoomsRoundContext, count: number): BuyError | null {
  const { currency, balance, round } = context
  if (currency === null || balance === null) return 'unauthorized'
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_TICKETS_PER_PURCHASE) return 'limits'
  if (!round || round.phase === 'drawing') return 'round_closed'
  // A socket in another currency than the player's shows rounds they cannot buy in.
  if (round.currency !== currency) return 'limits'
  if (potOf(count, round.price) > balance) return 'balance_not_enough'
  if (myTickets(round, context.mine) + count > MAX_TICKETS_PER_PLAYER) return 'player_cap'
  return null
}

/** The `buy` command of an intent in the context's room and currency. */
export function buyCommand(context: RoomsRoundContext, intent: BuyIntent): BuyCommand {
  if (context.currency === null) throw new Error('[rooms/round] a guest cannot buy')
  const { key, count, clientSeed } = intent
  return {
    type: 'buy',
    v: ROOMS_PROTOCOL_VERSION,
    key,
    room: context.room,
    currency: context.currency,
    count,
    clientSeed,
  }
}
