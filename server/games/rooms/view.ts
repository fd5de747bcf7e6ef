/**
 * The rooms' wire shapes built from rows (pure): a purchase row as everyone sees it, a round, a
 * draw. Public rows carry the buyer's public name unless they hide their statistics.
 */
import type { Currency, Minor } from '../../../games/engine/money'
import {
  ROOMS_PROTOCOL_VERSION,
  type PurchaseId,
  type PurchaseRow,
  type RoomDraw,
  type RoomRound,
  type RoundId,
} from '../../../games/rooms/protocol'
import { playerColours, potOf, type Room } from '../../../games/rooms/rules'
import type { FeedPrivacy } from '../kit/privacy'
import type { PurchaseRecord, RoundRecord } from './store'

/** The game's id: its namespace `/rooms`, its ledger keys `rooms:...`. */
export const ROOMS_GAME_ID = 'rooms'

/** A round's wire id: its room, currency and number (`red-RUB-12`). */
export function roundIdOf(room: Room, currency: Currency, seq: number): RoundId {
  return `${room}-${currency}-${seq}` as RoundId
}

/** The loop's name of a room and currency: its lock is `live:<this>`, its channel too. */
export function loopKey(room: Room, currency: Currency): string {
  return `rooms:${room}:${currency}`
}

/** What a purchase row needs of a purchase. */
export type PurchaseFacts = Pick<
  PurchaseRecord,
  'id' | 'user_id' | 'player' | 'client_seed' | 'first_ticket' | 'count'
>

/** The public rows of `purchases` (a round's, in ticket order), colours by first purchase. */
export function purchaseRows(
  purchases: readonly PurchaseFacts[],
  privacy: FeedPrivacy,
): PurchaseRow[] {
  const colours = playerColours(
    purchases.map((p) => ({
      purchaseId: p.id,
      count: p.count,
      clientSeed: p.client_seed,
      player: String(p.user_id),
    })),
  )
  return purchases.map((p) => ({
    purchaseId: p.id as PurchaseId,
    player: privacy.publicName(p.user_id, p.player),
    avatar: privacy.publicAvatar(p.user_id, p.player),
    colour: colours.get(String(p.user_id))!,
    firstTicket: p.first_ticket,
    count: p.count,
    clientSeed: p.client_seed,
  }))
}

/** A drawn round's draw as the wire carries it, its winner's row from `rows`. */
export function drawOf(round: RoundRecord, rows: readonly PurchaseRow[]): RoomDraw {
  const winner = rows.find((r) => r.purchaseId === round.winner_purchase)
  if (!winner || round.status !== 'drawn') {
    throw new Error(`[rooms] round ${round.id} has no draw to show`)
  }
  return {
    roundId: roundIdOf(round.room, round.currency, round.seq),
    room: round.room,
    currency: round.currency,
    nonce: round.seq,
    commitment: round.commitment,
    serverSeed: round.server_seed,
    clientSeed: round.client_seed!,
    beacon: round.beacon,
    tickets: round.tickets,
    winningTicket: round.winning_ticket!,
    winner,
    pot: round.pot as Minor,
    commission: round.commission as Minor,
    payout: round.payout as Minor,
    drawnAt: round.drawn_at!,
  } as RoomDraw
}

/** A round as the snapshot shows it, from its row and its purchases' rows. */
export function roundOf(round: RoundRecord, rows: readonly PurchaseRow[]): RoomRound {
  const tickets = rows.reduce((sum, r) => sum + r.count, 0)
  const drawn = round.status === 'drawn'
  return {
    roundId: roundIdOf(round.room, round.currency, round.seq),
    room: round.room,
    currency: round.currency,
    nonce: round.seq,
    status: drawn ? 'drawn' : round.status === 'counting' ? 'counting' : 'open',
    commitment: round.commitment,
    price: round.price as Minor,
    openedAt: round.opened_at,
    countdownEndsAt: round.status === 'counting' || drawn ? round.countdown_ends_at : null,
    purchases: [...rows],
    tickets,
    pot: potOf(tickets, round.price as Minor),
    draw: drawn ? drawOf(round, rows) : null,
  } as RoomRound
}

/** The version every rooms message carries. */
export const v = ROOMS_PROTOCOL_VERSION
