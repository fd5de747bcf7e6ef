/**
 * A purchase's money and row: the ledger hold of `count × price` and, in the hold's own
 * transaction, the tickets taken from the round (store.ts `insertPurchase`: the database numbers
 * them, refuses a round that stopped selling, past the pot's or the player's cap, and stores the
 * countdown's end when this purchase brings the second player). The loop (RoomLoop.ts) checks
 * the round before and shows the purchase after.
 */
import { randomUUID } from 'node:crypto'
import type { Currency, Minor } from '../../../games/engine/money'
import type { PurchaseId } from '../../../games/rooms/protocol'
import { MAX_TICKETS_PER_PLAYER, type Room } from '../../../games/rooms/rules'
import type { Db } from '../../db/db'
import { LedgerError } from '../../ledger/errors'
import type { Ledger } from '../../ledger/ledger'
import type { GameLog } from '../kit/log'
import type { Player } from '../kit/player'
import { refusal, type BuyCommand, type BuyResult } from './commands'
import { takeRefusalOf, type PurchaseRecord, type RoomsStore } from './store'
import { roundIdOf, v, type PurchaseFacts } from './view'

/** What a purchase needs of its room. */
export interface PurchaseContext {
  db: Db
  ledger: Ledger
  store: RoomsStore
  log: GameLog
  room: Room
  currency: Currency
  price: Minor
  countdownMs: number
}

/** A purchase held and numbered: its public facts, its countdown's end if it started one, its ack. */
export interface Held {
  facts: PurchaseFacts
  countdownEndsAt: number | null
  ack: Extract<BuyResult, { type: 'ok' }>
}

/**
 * Holds `cmd`'s tickets in round `round` (its database id; `seq` its number) at `now`: the
 * purchase held and numbered, a refusal (nothing held), or, for a key the ledger already knew (a
 * purchase of an earlier process), that purchase's answer.
 */
export async function holdTickets(
  ctx: PurchaseContext,
  round: { id: number; seq: number },
  user: Player,
  cmd: BuyCommand,
  now: number,
): Promise<Held | BuyResult> {
  const id = `p-${randomUUID()}`
  const reference = `rooms:purchase:${id}`
  const cost = (ctx.price * cmd.count) as Minor
  let taken: { firstTicket: number; countdownEndsAt: number | null } | null = null
  let balance: Minor
  try {
    const held = await ctx.ledger.hold(
      {
        userId: user.userId,
        currency: ctx.currency,
        amount: cost,
        key: `rooms:hold:${user.userId}:${cmd.key}`,
        reference,
      },
      async (tx) => {
        taken = await ctx.store.insertPurchase(
          tx,
          {
            id,
            roundId: round.id,
            userId: user.userId,
            clientKey: cmd.key,
            player: user.name,
            clientSeed: cmd.clientSeed,
            count: cmd.count,
            cost,
            currency: ctx.currency,
            createdAt: now,
            countdownEndsAt: now + ctx.countdownMs,
          },
          reference,
          MAX_TICKETS_PER_PLAYER,
        )
      },
    )
    balance = held.balances.real as Minor
  } catch (err) {
    const code = takeRefusalOf(err)
    if (code) return refusal(code)
    if (err instanceof LedgerError && err.code === 'balance_not_enough') {
      return refusal('balance_not_enough')
    }
    ctx.log.error({ err, purchaseId: id }, '[rooms] purchase failed')
    return refusal('internal')
  }
  if (taken === null) {
    // The ledger knew the key (a purchase of an earlier process): its row holds the answer.
    const first = await ctx.store.purchaseByKey(user.userId, cmd.key)
    return first ? ackOf(ctx, first) : refusal('internal')
  }
  const { firstTicket, countdownEndsAt } = taken as {
    firstTicket: number
    countdownEndsAt: number | null
  }
  return {
    facts: {
      id,
      user_id: user.userId,
      player: user.name,
      client_seed: cmd.clientSeed,
      first_ticket: firstTicket,
      count: cmd.count,
    },
    countdownEndsAt,
    ack: {
      type: 'ok',
      v,
      purchaseId: id as PurchaseId,
      roundId: roundIdOf(ctx.room, ctx.currency, round.seq),
      room: ctx.room,
      currency: ctx.currency,
      firstTicket,
      lastTicket: firstTicket + cmd.count - 1,
      count: cmd.count,
      cost,
      balance,
    },
  }
}

/** A purchase's answer from its row: its first ack, else built now with today's balance. */
export async function ackOf(
  ctx: Pick<PurchaseContext, 'db' | 'ledger'>,
  p: PurchaseRecord,
): Promise<BuyResult> {
  if (p.ack) return p.ack as BuyResult
  const round = await ctx.db.query<{ room: Room; currency: Currency; seq: number }>(
    'SELECT room, currency, seq FROM rooms_rounds WHERE id = $1',
    [p.round_id],
  )
  const { room, currency, seq } = round[0]!
  const balances = await ctx.ledger.balances(p.user_id, currency)
  return {
    type: 'ok',
    v,
    purchaseId: p.id as PurchaseId,
    roundId: roundIdOf(room, currency, Number(seq)),
    room,
    currency,
    firstTicket: p.first_ticket,
    lastTicket: p.first_ticket + p.count - 1,
    count: p.count,
    cost: p.cost as Minor,
    balance: balances.real as Minor,
  }
}
