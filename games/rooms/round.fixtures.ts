/**
 * Test-only: rooms' wire messages as the server sends them (plain JSON, before parsing), with
 * draws computed by the rules from a fixed server seed, so every message passes the wire's
 * checks and a draw verifies. Used by the machine's, the replay's and the page's tests.
 */
import { commitmentOf, drawRoom, potOf, ticketPrice, type Room } from './rules'

/** The fixed server seed of every fixture round. */
export const SERVER_SEED = 'ab'.repeat(32)
/** Its commitment. */
export const COMMITMENT = commitmentOf(SERVER_SEED)
/** The server's clock at the fixtures' start. */
export const T0 = 1_800_000_000_000

/** A purchase row's fields a test chooses; the rest follow from the round. */
export interface RowSpec {
  purchaseId: string
  player: string | null
  count: number
  clientSeed?: string
  avatar?: string | null
}

/** Purchase rows numbered on from `first`, coloured by first appearance. */
export function rows(specs: readonly RowSpec[], first = 0, players: string[] = []) {
  let next = first
  return specs.map((s) => {
    const key = s.player ?? s.purchaseId
    if (!players.includes(key)) players.push(key)
    const row = {
      purchaseId: s.purchaseId,
      player: s.player,
      avatar: s.avatar ?? null,
      colour: players.indexOf(key) % 12,
      firstTicket: next,
      count: s.count,
      clientSeed: s.clientSeed ?? `seed-${s.purchaseId}`,
    }
    next += s.count
    return row
  })
}

type Row = ReturnType<typeof rows>[number]

/** A room's round as the wire carries it. */
export function wireRound(options: {
  room: Room
  roundId: string
  nonce: number
  purchases?: Row[]
  status?: 'open' | 'counting' | 'drawn'
  countdownEndsAt?: number | null
}) {
  const purchases = options.purchases ?? []
  const tickets = purchases.reduce((sum, p) => sum + p.count, 0)
  const price = ticketPrice(options.room, 'RUB')
  const status = options.status ?? 'open'
  return {
    roundId: options.roundId,
    room: options.room,
    currency: 'RUB',
    nonce: options.nonce,
    status,
    commitment: COMMITMENT,
    price,
    openedAt: T0,
    countdownEndsAt: status === 'open' ? null : (options.countdownEndsAt ?? T0 + 60_000),
    purchases,
    tickets,
    pot: potOf(tickets, price),
    draw: status === 'drawn' ? wireDraw({ ...options, purchases, roundId: options.roundId }) : null,
  }
}

/** The draw of a round of `purchases`, computed by the rules, as the history and `drawn` carry it. */
export function wireDraw(options: {
  room: Room
  roundId: string
  nonce: number
  purchases: Row[]
}) {
  const draw = drawRoom({
    room: options.room,
    currency: 'RUB',
    nonce: options.nonce,
    serverSeed: SERVER_SEED,
    purchases: options.purchases,
    beacon: null,
  })
  const winner = options.purchases[draw.winner.index]
  if (!winner) throw new Error('[rooms/fixtures] no winner row')
  return {
    roundId: options.roundId,
    room: options.room,
    currency: 'RUB',
    nonce: options.nonce,
    commitment: COMMITMENT,
    serverSeed: SERVER_SEED,
    clientSeed: draw.clientSeed,
    beacon: null,
    tickets: draw.tickets,
    winningTicket: draw.winningTicket,
    winner,
    pot: draw.pot,
    commission: draw.commission,
    payout: draw.payout,
    drawnAt: T0 + 60_000,
  }
}

/** A snapshot of the three rooms, each with an empty open round unless `rounds` gives one. */
export function wireSnapshot(
  options: {
    rounds?: Partial<Record<Room, ReturnType<typeof wireRound>>>
    history?: Partial<Record<Room, ReturnType<typeof wireDraw>[]>>
    me?: { balance: number; purchaseIds: string[] } | null
    serverTime?: number
  } = {},
) {
  const room = (name: Room, n: number) => ({
    round: options.rounds?.[name] ?? wireRound({ room: name, roundId: `${name}-${n}`, nonce: n }),
    history: options.history?.[name] ?? [],
  })
  return {
    type: 'snapshot',
    v: 1,
    serverTime: options.serverTime ?? T0,
    currency: 'RUB',
    rooms: { red: room('red', 1), yellow: room('yellow', 1), purple: room('purple', 1) },
    me: options.me ? { currency: 'RUB', ...options.me } : null,
  }
}

/** A batch of `purchases` of a round that now holds `tickets` tickets. */
export function ticketsEvent(room: Room, roundId: string, purchases: Row[]) {
  const last = purchases[purchases.length - 1]
  const tickets = last ? last.firstTicket + last.count : 0
  return {
    type: 'tickets',
    v: 1,
    room,
    roundId,
    purchases,
    tickets,
    pot: potOf(tickets, ticketPrice(room, 'RUB')),
  }
}

/** The countdown of a round, ending at `endsAt`. */
export const countdownEvent = (room: Room, roundId: string, endsAt = T0 + 60_000) => ({
  type: 'countdown',
  v: 1,
  room,
  roundId,
  endsAt,
})

/** The draw of a round as the `drawn` event. */
export const drawnEvent = (draw: ReturnType<typeof wireDraw>) => ({ type: 'drawn', v: 1, ...draw })

/** A new empty round. */
export const openedEvent = (room: Room, roundId: string, nonce: number) => ({
  type: 'opened',
  v: 1,
  round: wireRound({ room, roundId, nonce }),
})
