/**
 * The rooms' `snapshot`: the three rooms of one currency, each its latest round with its
 * purchases and its last draws, and a player's balance and purchases in those rounds. Built from
 * the database in whichever process the socket is on: the loops write before they tell
 * (kit/announcer.ts), so the rows are what watchers were told, or a moment ahead of it (a purchase
 * whose batch is still on its way: a client takes a batch's rows from the ticket it has on).
 */
import type { Currency, Minor } from '../../../games/engine/money'
import {
  HISTORY_LENGTH,
  ROOMS_PROTOCOL_VERSION,
  type PurchaseId,
  type RoomRound,
  type RoomDraw,
  type ServerEvent,
} from '../../../games/rooms/protocol'
import { ROOMS, type Room } from '../../../games/rooms/rules'
import type { Db } from '../../db/db'
import type { Ledger } from '../../ledger/ledger'
import type { Player } from '../kit/player'
import type { FeedPrivacy } from '../kit/privacy'
import { RoomsStore } from './store'
import { drawOf, purchaseRows, roundOf } from './view'

/** The full state event. */
export type RoomsSnapshot = Extract<ServerEvent, { type: 'snapshot' }>

/** The snapshot of `currency` for `user` (null: a guest). */
export async function roomsSnapshot(ctx: {
  db: Db
  ledger: Ledger
  privacy: FeedPrivacy
  currency: Currency
  user: Player | null
  serverTime: () => number
}): Promise<RoomsSnapshot> {
  const { db, privacy, currency, user } = ctx
  const rooms = {} as Record<Room, { round: RoomRound; history: RoomDraw[] }>
  const mine: PurchaseId[] = []
  for (const room of ROOMS) {
    const store = new RoomsStore(db, room, currency)
    const latest = await store.latestRound()
    if (!latest) throw new Error(`[rooms] ${room} has no round in ${currency} yet`)
    const purchases = latest.status === 'refunded' ? [] : await store.purchasesOf(latest.id)
    const round = roundOf(latest, purchaseRows(purchases, privacy))
    const history: RoomDraw[] = []
    for (const drawn of await store.history(HISTORY_LENGTH)) {
      const rows =
        drawn.id === latest.id
          ? round.purchases
          : purchaseRows(await store.purchasesOf(drawn.id), privacy)
      history.push(drawOf(drawn, rows))
    }
    rooms[room] = { round, history }
    if (user)
      for (const p of purchases) if (p.user_id === user.userId) mine.push(p.id as PurchaseId)
  }
  const balance = user
    ? ((await ctx.ledger.balances(user.userId, user.currency)).real as Minor)
    : null
  return {
    type: 'snapshot',
    v: ROOMS_PROTOCOL_VERSION,
    serverTime: ctx.serverTime(),
    currency,
    rooms,
    me: user && balance !== null ? { balance, currency: user.currency, purchaseIds: mine } : null,
  }
}
