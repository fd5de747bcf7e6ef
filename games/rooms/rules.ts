/**
 * The rooms (red, yellow, purple): players buy tickets at the room's price; when the round's
 * countdown ends, one ticket wins the pot less the published commission and the others are lost.
 * Pure, shared by the server (which sells and draws), the client (which shows chances and the
 * pot) and `npm run fair -- rooms`. The draw itself is the engine's ticket draw
 * (games/engine/fairness/tickets.ts); docs/games.md ("Rooms") writes the whole scheme out.
 *
 * A pot is in one currency, so each room runs one round per currency at a time.
 */
import { hashServerSeed } from '../engine/fairness/floats'
import {
  clientSeedOf,
  drawWinner,
  ticketTotal,
  winnerOf,
  type TicketPurchase,
} from '../engine/fairness/tickets'
import {
  maxBetPayout,
  minor,
  roomPrice,
  ROOMS,
  type Currency,
  type Minor,
  type Room,
} from '../engine/money'

export { ROOMS, type Room }

/**
 * A ticket's price in `room` and `currency`, in minor units. SPEC.md section 9 gives RUB (red 1,
 * yellow 10, purple 50); the other currencies are carried over at the ratio crash's minimum bet
 * sets between each currency and RUB (1 RUB = 0.01 USD and EUR = 5 KZT = 1 INR): USD and EUR
 * 0.01/0.10/0.50, KZT 5/50/250, INR 1/10/50. The table lives with the other limits
 * (games/engine/money/limits.ts, its "scale" rule).
 */
export function ticketPrice(room: Room, currency: Currency): Minor {
  return roomPrice(room, currency)
}

/** Most tickets one purchase buys: a purchase is one ledger hold and one line of the list. */
export const MAX_TICKETS_PER_PURCHASE = 100

/**
 * Most tickets one player holds in one round. 1,000 purple tickets cost 50,000 RUB, crash's
 * largest bet, in every currency (prices and crash limits scale alike); a purchase that would
 * pass the cap is refused whole, never cut down.
 */
export const MAX_TICKETS_PER_PLAYER = 1_000

/** Distinct players a round needs before its countdown starts, and so before it can draw. */
export const MIN_PLAYERS = 2

/**
 * The countdown: it starts when the second distinct player's purchase is accepted and ends 60 s
 * later. A round with one player has no countdown: it stays open, its tickets carried on, until a
 * second player buys.
 */
export const COUNTDOWN_MS = 60_000

/**
 * Between a draw and the next round's opening: the page's wheel turns for 5 s before it names
 * the winner (games/rooms/round.model.ts `DRAW_SPIN_MS`), and the winner then stays on screen
 * for 5 s more. A shorter pause would open the next round while the wheel still turns, and a
 * watcher would never see who won.
 */
export const NEXT_ROUND_PAUSE_MS = 10_000

/**
 * The published commission in basis points: 5 % of the pot. The house keeps the rounding, so
 * the commission is `ceil(pot × 500 / 10000)` and the winner is paid the rest.
 */
export const COMMISSION_BP = 500
const BP = 10_000

/** A purchase as the rules see it: its place in the ticket list and its buyer. */
export interface RoomPurchase extends TicketPurchase {
  /** The buyer, as the server keys players (the user id as text): never shown or hashed. */
  readonly player: string
}

/** The pot of `tickets` tickets at `price`: every ticket's price, in minor units. */
export function potOf(tickets: number, price: Minor): Minor {
  if (!Number.isSafeInteger(tickets) || tickets < 0) {
    throw new Error(`[rooms] ${tickets} tickets`)
  }
  return minor(tickets * price)
}

/** The house's commission on `pot`: `ceil(pot × COMMISSION_BP / 10000)`. */
export function commissionOf(pot: Minor): Minor {
  // pot × 500 stays far inside a double's exact integers (pots are capped at the maximum payout),
  // and an exact quotient divides exactly, so ceil never meets a rounding error.
  return minor(Math.ceil((pot * COMMISSION_BP) / BP))
}

/** What the winning ticket is paid: the pot less {@link commissionOf}. */
export function payoutOf(pot: Minor): Minor {
  return minor(pot - commissionOf(pot))
}

/**
 * The largest pot a round may reach: the maximum payout per bet (games/engine/money/limits.ts).
 * A purchase that would pass it is refused (`round_full`), so the winner's payout never needs a
 * cap and the commission is always the published one. Purple holds 100,000 tickets in every
 * currency, yellow 500,000 and red 5,000,000.
 */
export function maxPot(currency: Currency): Minor {
  return maxBetPayout(currency)
}

/** How many distinct players hold tickets in `purchases`. */
export function playersOf(purchases: readonly RoomPurchase[]): number {
  return new Set(purchases.map((p) => p.player)).size
}

/** How many tickets `player` holds in `purchases`. */
export function ticketsOf(purchases: readonly RoomPurchase[], player: string): number {
  let tickets = 0
  for (const p of purchases) if (p.player === player) tickets += p.count
  return tickets
}

/** Why a purchase is refused: a count out of 1-100, the player's cap, or the pot's. */
export type PurchaseRefusal = 'limits' | 'player_cap' | 'round_full'

/**
 * Why `player` may not buy `count` tickets in a round that holds `purchases` at `price`, or null
 * when they may. Each refusal is of the whole purchase.
 */
export function purchaseRefusal(
  purchases: readonly RoomPurchase[],
  player: string,
  count: number,
  price: Minor,
  currency: Currency,
): PurchaseRefusal | null {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_TICKETS_PER_PURCHASE) {
    return 'limits'
  }
  if (ticketsOf(purchases, player) + count > MAX_TICKETS_PER_PLAYER) return 'player_cap'
  if (potOf(ticketTotal(purchases) + count, price) > maxPot(currency)) return 'round_full'
  return null
}

/**
 * True when `player`'s purchase, added to `purchases`, starts the countdown: it brings the round
 * its {@link MIN_PLAYERS}th distinct player.
 */
export function startsCountdown(purchases: readonly RoomPurchase[], player: string): boolean {
  return playersOf(purchases) === MIN_PLAYERS - 1 && !purchases.some((p) => p.player === player)
}

/** When the countdown started at `startedAt` (server time, ms) ends. */
export function countdownEnd(startedAt: number): number {
  return startedAt + COUNTDOWN_MS
}

/** True when a round holding `purchases` may draw (its countdown over): two players or more. */
export function canDraw(purchases: readonly RoomPurchase[]): boolean {
  return playersOf(purchases) >= MIN_PLAYERS
}

/** How many colours the page gives the players of a round (it cycles past them). */
export const PLAYER_COLOURS = 12

/**
 * Each player's colour in a round: the order of their first purchase among the round's players,
 * modulo {@link PLAYER_COLOURS}, so a player keeps one colour for the whole round.
 */
export function playerColours(purchases: readonly RoomPurchase[]): Map<string, number> {
  const colours = new Map<string, number>()
  for (const p of purchases) {
    if (!colours.has(p.player)) colours.set(p.player, colours.size % PLAYER_COLOURS)
  }
  return colours
}

/** A chance as an exact fraction, in lowest terms: `{ numerator: 1, denominator: 4 }`. */
export interface Chance {
  readonly numerator: number
  readonly denominator: number
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b]
  return a
}

/** The chance of holding the winner with `tickets` of `total` tickets: `tickets / total`. */
export function chanceOf(tickets: number, total: number): Chance {
  if (!Number.isSafeInteger(total) || total < 1) throw new Error(`[rooms] ${total} tickets in all`)
  if (!Number.isSafeInteger(tickets) || tickets < 0 || tickets > total) {
    throw new Error(`[rooms] ${tickets} of ${total} tickets`)
  }
  const d = gcd(tickets, total)
  return { numerator: tickets / d, denominator: total / d }
}

/**
 * A chance in percent for display (`formatChance`), to hundredths; a chance that is neither nil
 * nor certain never shows as 0 % or 100 % (1 ticket of 100,000 shows 0.01 %). Never compare it:
 * the fraction is the chance.
 */
export function chancePercent({ numerator, denominator }: Chance): number {
  if (numerator === 0) return 0
  if (numerator === denominator) return 100
  const hundredths = Math.round((numerator * 10_000) / denominator)
  return Math.min(9_999, Math.max(1, hundredths)) / 100
}

/** What a round's draw is computed from: its final purchases, seeds and nonce. */
export interface RoomDrawInput {
  readonly room: Room
  readonly currency: Currency
  /** The round's number: the nonce of the draw. */
  readonly nonce: number
  /** The server seed, committed by its SHA-256 when the round opened. */
  readonly serverSeed: string
  /** The final purchases, in purchase order. */
  readonly purchases: readonly TicketPurchase[]
  /** The operator's public beacon value, when the deployment draws with one. */
  readonly beacon: string | null
}

/** A round's draw and settlement. */
export interface RoomDraw {
  readonly clientSeed: string
  readonly tickets: number
  readonly winningTicket: number
  /** The index in the purchases of the purchase holding the winning ticket, and its range. */
  readonly winner: { readonly index: number; readonly first: number; readonly last: number }
  readonly pot: Minor
  readonly commission: Minor
  readonly payout: Minor
}

/** The commitment shown when a round opens: hex SHA-256 of the server seed's text. */
export function commitmentOf(serverSeed: string): string {
  return hashServerSeed(serverSeed)
}

/**
 * Draws a round and settles it: the winning ticket, its purchase, and who is paid what. It does
 * not check the server seed against the commitment: the verifier does that with
 * {@link commitmentOf}, the server holds the seed it committed.
 */
export function drawRoom(input: RoomDrawInput): RoomDraw {
  const tickets = ticketTotal(input.purchases)
  const clientSeed = clientSeedOf(input.purchases, input.beacon)
  const winningTicket = drawWinner({
    serverSeed: input.serverSeed,
    clientSeed,
    nonce: input.nonce,
    tickets,
  })
  const pot = potOf(tickets, ticketPrice(input.room, input.currency))
  return {
    clientSeed,
    tickets,
    winningTicket,
    winner: winnerOf(input.purchases, winningTicket),
    pot,
    commission: commissionOf(pot),
    payout: payoutOf(pot),
  }
}
