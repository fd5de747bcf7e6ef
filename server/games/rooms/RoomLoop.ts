/**
 * One room in one currency on the kit's live loop (kit/live/loop.ts): a round opens with the
 * commitment of a fresh server seed; players buy tickets (a ledger hold each, numbered in the
 * hold's transaction); the purchase that brings the second player starts the 60 s countdown
 * (stored with it, so a restart keeps it); at its end the round is closed and drawn in one
 * transaction, the draw announced, every purchase closed in the ledger (the winner paid the pot
 * less the commission, the others lost), and after a pause the next round opens. A round of one
 * player stays open with its tickets until a second buys.
 *
 * The stream is state changes only, on this room and currency's channel: `opened`, `tickets`
 * (batched), `countdown`, `drawn`; each after the write that makes it true (kit/announcer.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Currency, Minor } from '../../../games/engine/money'
import type { PurchaseId, PurchaseRow, RoundId, ServerEvent } from '../../../games/rooms/protocol'
import {
  COUNTDOWN_MS,
  commitmentOf,
  MAX_TICKETS_PER_PLAYER,
  maxPot,
  purchaseRefusal,
  ticketPrice,
  type Room,
} from '../../../games/rooms/rules'
import type { Db } from '../../db/db'
import { LedgerError } from '../../ledger/errors'
import type { Ledger } from '../../ledger/ledger'
import type { TestHooks } from '../../testHooks'
import { AnswerStore } from '../kit/answers'
import { LiveLoop } from '../kit/live/loop'
import type { GameLog } from '../kit/log'
import type { GameEmitter } from '../kit/namespace'
import type { Player } from '../kit/player'
import type { FeedPrivacy } from '../kit/privacy'
import { realScheduler, type Scheduler } from '../kit/scheduler'
import { refusal, type BuyCommand, type BuyResult } from './commands'
import { recoverRoom } from './recovery'
import { takeRefusalOf, RoomsStore, type PurchaseRecord, type RoundRecord } from './store'
import { drawOf, purchaseRows, roundIdOf, roundOf, v, type PurchaseFacts } from './view'

/** What every watcher of the room and currency is told. */
export type RoomsPublic = Extract<
  ServerEvent,
  { type: 'opened' | 'tickets' | 'countdown' | 'drawn' }
>

/** Where a room's events go: its channel in production, an array in tests. */
export type RoomsEmitter = GameEmitter<RoomsPublic, never>

/** Options of {@link RoomLoop.start}. */
export interface RoomLoopOptions {
  db: Db
  ledger: Ledger
  room: Room
  currency: Currency
  emitter: RoomsEmitter
  privacy: FeedPrivacy
  scheduler?: Scheduler
  log: GameLog
  /** Between a draw and the next round's opening. */
  pauseMs?: number
  /**
   * How often a batch of tickets goes out. A socket watches the three rooms of its currency, so
   * 600 ms keeps it under 5 messages a second however fast tickets sell.
   */
  flushMs?: number
  /** The countdown's length (the rules' 60 s; tests may shorten it). */
  countdownMs?: number
  /** The operator's beacon value at a close, or null to draw without one. */
  beacon?: () => Promise<string | null>
  /** The operator closed this room in this currency: its round is refunded, none opens. */
  closed?: boolean
  testHooks?: TestHooks | null
}

/** The round being played, as the loop holds it. */
interface Round {
  rec: RoundRecord
  /** The row's id once its opening is written (purchases wait for it). */
  written: boolean
  status: 'open' | 'counting' | 'closing' | 'drawn'
  /** Purchases known here, in ticket order (the draw reads the final list from the database). */
  purchases: PurchaseFacts[]
  /** Purchases that landed ahead of a gap in the numbering, by first ticket. */
  waiting: Map<number, PurchaseFacts>
  /** The next ticket whose purchase goes to the feed. */
  shown: number
}

/** The loop's name in log lines and test hooks: `rooms-red-RUB`. */
export function loopName(room: Room, currency: Currency): string {
  return `rooms-${room}-${currency}`
}

/** One room in one currency. */
export class RoomLoop {
  private readonly loop: LiveLoop<RoomsPublic, never, PurchaseRow>
  private readonly store: RoomsStore
  private readonly scheduler: Scheduler
  private readonly answers = new AnswerStore()
  private round: Round | null = null
  /** The round a restart resumes, with its purchases (recovery.ts). */
  private resumed: { rec: RoundRecord; purchases: PurchaseRecord[] } | null = null
  private readonly price: Minor

  private constructor(private readonly options: RoomLoopOptions) {
    this.scheduler = options.scheduler ?? realScheduler()
    this.store = new RoomsStore(options.db, options.room, options.currency)
    this.price = ticketPrice(options.room, options.currency)
    this.loop = new LiveLoop({
      game: loopName(options.room, options.currency),
      emitter: options.emitter,
      scheduler: this.scheduler,
      log: options.log,
      testHooks: options.testHooks ?? null,
      pauseMs: options.pauseMs ?? 5000,
      feed: {
        flushMs: options.flushMs ?? 600,
        event: (rows) => this.ticketsEvent(rows),
      },
      rounds: {
        open: (seq) => this.open(seq),
        end: () => this.draw(),
      },
    })
  }

  /** Recovers what a previous process left, then opens (or resumes) the round. */
  static async start(options: RoomLoopOptions): Promise<RoomLoop> {
    await options.privacy.load()
    const loop = new RoomLoop(options)
    await loop.loop.start(() => loop.recover())
    return loop
  }

  get room(): Room {
    return this.options.room
  }

  get currency(): Currency {
    return this.options.currency
  }

  /** The round being played: its number and status (tests and tools). */
  current(): { seq: number; roundId: RoundId; status: Round['status'] } | null {
    const r = this.round
    return r && { seq: r.rec.seq, roundId: this.roundId(r), status: r.status }
  }

  /** The server clock, epoch ms. */
  now(): number {
    return this.scheduler.now()
  }

  /** Resolves when every write started so far has finished. */
  idle(): Promise<void> {
    return this.loop.idle()
  }

  /** Stops without ending the round: the next start resumes or settles it (recovery.ts). */
  stop(): Promise<void> {
    return this.loop.stop()
  }

  /**
   * Buys `cmd.count` tickets for `user` in the round that sells now. Refused whole (and nothing
   * held) for a guest, another currency than the player's, past the player's cap or the pot's,
   * without the balance, or once the round closed; a key gets its first answer again.
   */
  buy(user: Player | null, cmd: BuyCommand): Promise<BuyResult> {
    if (!user) return Promise.resolve(refusal('unauthorized'))
    if (
      cmd.currency !== user.currency ||
      cmd.room !== this.room ||
      cmd.currency !== this.currency
    ) {
      return Promise.resolve(refusal('bad_request'))
    }
    return this.loop.track(
      this.answers.once(user.userId, 'buy', cmd.key, () => this.purchase(user, cmd)),
    )
  }

  private async purchase(user: Player, cmd: BuyCommand): Promise<BuyResult> {
    const known = await this.store.purchaseByKey(user.userId, cmd.key)
    if (known) return this.ackOf(known)
    const r = this.round
    if (this.loop.stopped || !r || !r.written || (r.status !== 'open' && r.status !== 'counting')) {
      return refusal('round_closed')
    }
    const early = purchaseRefusal(
      r.purchases.map((p) => ({
        purchaseId: p.id,
        count: p.count,
        clientSeed: p.client_seed,
        player: String(p.user_id),
      })),
      String(user.userId),
      cmd.count,
      this.price,
      this.currency,
    )
    if (early) return refusal(early)
    const id = `p-${randomUUID()}`
    const reference = `rooms:purchase:${id}`
    const cost = this.price * cmd.count
    const createdAt = this.now()
    let taken: { firstTicket: number; countdownEndsAt: number | null } | null = null
    let balance: Minor
    try {
      const held = await this.options.ledger.hold(
        {
          userId: user.userId,
          currency: this.currency,
          amount: cost,
          key: `rooms:hold:${user.userId}:${cmd.key}`,
          reference,
        },
        async (tx) => {
          taken = await this.store.insertPurchase(
            tx,
            {
              id,
              roundId: r.rec.id,
              userId: user.userId,
              clientKey: cmd.key,
              player: user.name,
              clientSeed: cmd.clientSeed,
              count: cmd.count,
              cost,
              currency: this.currency,
              createdAt,
              countdownEndsAt: createdAt + (this.options.countdownMs ?? COUNTDOWN_MS),
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
      this.options.log.error({ err, purchaseId: id }, '[rooms] purchase failed')
      return refusal('internal')
    }
    if (taken === null) {
      // The ledger knew the key (a purchase of an earlier process): its row holds the answer.
      const first = await this.store.purchaseByKey(user.userId, cmd.key)
      return first ? this.ackOf(first) : refusal('internal')
    }
    const { firstTicket, countdownEndsAt } = taken as {
      firstTicket: number
      countdownEndsAt: number | null
    }
    const facts: PurchaseFacts = {
      id,
      user_id: user.userId,
      player: user.name,
      client_seed: cmd.clientSeed,
      first_ticket: firstTicket,
      count: cmd.count,
    }
    this.landed(r, facts, countdownEndsAt)
    const ack: BuyResult = {
      type: 'ok',
      v,
      purchaseId: id as PurchaseId,
      roundId: this.roundId(r),
      room: this.room,
      currency: this.currency,
      firstTicket,
      lastTicket: firstTicket + cmd.count - 1,
      count: cmd.count,
      cost: cost as Minor,
      balance,
    }
    // The row and the hold are one transaction; the ack is a convenience a retry rebuilds.
    void this.loop.track(this.store.setAck(id, ack)).catch((err: unknown) => {
      this.options.log.error({ err, purchaseId: id }, '[rooms] ack write failed')
    })
    return ack
  }

  /** A purchase's answer from its row: its first ack, else built now with today's balance. */
  private async ackOf(p: PurchaseRecord): Promise<BuyResult> {
    if (p.ack) return p.ack as BuyResult
    const round = await this.options.db.query<{ room: Room; currency: Currency; seq: number }>(
      'SELECT room, currency, seq FROM rooms_rounds WHERE id = $1',
      [p.round_id],
    )
    const { room, currency, seq } = round[0]!
    const balances = await this.options.ledger.balances(p.user_id, currency)
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

  /**
   * A purchase is held and numbered: it joins the round's list, goes to the feed once every
   * ticket before it has (purchases may land out of their order), and starts the countdown if
   * its transaction did.
   */
  private landed(r: Round, p: PurchaseFacts, countdownEndsAt: number | null): void {
    if (this.round !== r || p.first_ticket < r.shown) return
    r.waiting.set(p.first_ticket, p)
    for (let next = r.waiting.get(r.shown); next; next = r.waiting.get(r.shown)) {
      r.waiting.delete(r.shown)
      r.purchases.push(next)
      r.shown += next.count
      if (r.status === 'open' || r.status === 'counting') {
        const rows = purchaseRows(r.purchases, this.options.privacy)
        this.loop.feed.put(next.id, rows[rows.length - 1]!)
      }
    }
    if (countdownEndsAt !== null && r.status === 'open') this.countdown(r, countdownEndsAt)
  }

  /** The countdown runs until `endsAt` (stored): the round draws then. */
  private countdown(r: Round, endsAt: number): void {
    r.status = 'counting'
    r.rec = { ...r.rec, status: 'counting', countdown_ends_at: endsAt }
    this.loop.closeIn(Math.max(0, endsAt - this.now()))
    // The tickets that brought the second player go first.
    this.loop.feed.flush()
    this.loop.announce.broadcast({
      type: 'countdown',
      v,
      room: this.room,
      roundId: this.roundId(r),
      endsAt,
    })
  }

  /** The loop's `open`: a new round with a fresh committed seed, or the round a restart resumes. */
  private open(seq: number): { closesIn: number | null } | null {
    if (this.options.closed) {
      this.options.log.info(
        { room: this.room, currency: this.currency },
        '[rooms] closed by the operator',
      )
      return null
    }
    const resumed = this.resumed
    this.resumed = null
    if (resumed && resumed.rec.seq === seq) return this.resume(resumed)
    const serverSeed = randomBytes(32).toString('hex')
    const now = this.now()
    const rec: RoundRecord = {
      id: 0,
      room: this.room,
      currency: this.currency,
      seq,
      status: 'open',
      server_seed: serverSeed,
      commitment: commitmentOf(serverSeed),
      price: this.price,
      max_tickets: Math.floor(maxPot(this.currency) / this.price),
      tickets: 0,
      opened_at: now,
      countdown_ends_at: null,
      drawn_at: null,
      client_seed: null,
      beacon: null,
      winning_ticket: null,
      winner_purchase: null,
      pot: null,
      commission: null,
      payout: null,
    }
    const r: Round = {
      rec,
      written: false,
      status: 'open',
      purchases: [],
      waiting: new Map(),
      shown: 0,
    }
    this.round = r
    this.loop.announce.write('open round', async () => {
      r.rec.id = await this.store.openRound({
        seq,
        serverSeed,
        commitment: rec.commitment,
        price: rec.price,
        maxTickets: rec.max_tickets,
        openedAt: now,
      })
      r.written = true
    })
    this.loop.announce.broadcast({ type: 'opened', v, round: roundOf(rec, []) })
    return { closesIn: null }
  }

  private resume({ rec, purchases }: { rec: RoundRecord; purchases: PurchaseRecord[] }) {
    const r: Round = {
      rec,
      written: true,
      status: rec.status === 'counting' ? 'counting' : 'open',
      purchases: [],
      waiting: new Map(),
      shown: 0,
    }
    this.round = r
    // Not fed again: watchers had them from the previous leader or have them in their snapshot.
    r.purchases = [...purchases]
    r.shown = rec.tickets
    this.options.log.info({ round: this.roundId(r) }, '[rooms] round resumed after a restart')
    if (r.status !== 'counting' || rec.countdown_ends_at === null) return { closesIn: null }
    return { closesIn: Math.max(0, rec.countdown_ends_at - this.now()) }
  }

  /**
   * The loop's `end`: the countdown is over. From this instant no purchase is taken here; the
   * close and the draw are one transaction that the database orders against every purchase, so
   * one that committed first is in the list and one after it is refused and never held.
   */
  private draw(): void {
    const r = this.round!
    r.status = 'closing'
    const drawnAt = this.now()
    let drawn: Awaited<ReturnType<RoomsStore['writeDraw']>> | null = null
    const written = this.loop.announce.write('draw', async () => {
      const beacon = this.options.beacon ? await this.options.beacon() : null
      drawn = await this.store.writeDraw(r.rec.id, drawnAt, beacon)
    })
    this.loop.announce.whenDurable(() => {
      const { round, purchases } = drawn!
      r.status = 'drawn'
      r.rec = round
      const rows = purchaseRows(purchases, this.options.privacy)
      // Every row reaches watchers before the draw: the feed's, then any that landed late here.
      this.loop.feed.flush()
      const late = rows.filter((row) => row.firstTicket >= r.shown)
      if (late.length > 0) this.loop.announce.broadcast(this.ticketsEvent(late))
      r.shown = round.tickets
      this.loop.announce.broadcast({ type: 'drawn', v, ...drawOf(round, rows) })
    })
    void written.then((ok) => {
      if (ok && drawn) void this.loop.track(this.settle(drawn.round, drawn.purchases))
    })
  }

  /**
   * Closes every purchase of a drawn round in the ledger, one keyed close each (batched by the
   * ledger's group commit): the winner's pays the round's payout, the others are lost. A repeat
   * (a restart's recovery) closes nothing twice: the keys and the hold's single close see to it.
   */
  async settle(round: RoundRecord, purchases: readonly PurchaseRecord[]): Promise<void> {
    await Promise.all(
      purchases
        .filter((p) => p.status === 'active')
        .map(async (p) => {
          const won = p.id === round.winner_purchase
          const payout = won ? round.payout! : 0
          try {
            await this.options.ledger.settle({
              holdId: p.hold_id,
              payout,
              key: `rooms:settle:${p.id}`,
            })
            await this.store.closePurchase(p.id, won ? 'won' : 'lost', payout)
          } catch (err) {
            // Left 'active': the next start settles it the same way (recovery.ts).
            this.options.log.error({ err, purchaseId: p.id }, '[rooms] settlement failed')
          }
        }),
    )
  }

  /** Gives a purchase's money back (its round refunded whole), once. */
  async refund(p: PurchaseRecord): Promise<void> {
    await this.options.ledger.refund({ holdId: p.hold_id, key: `rooms:refund:${p.id}` })
    await this.store.closePurchase(p.id, 'refunded', 0)
  }

  /** Runs recovery.ts; resolves to the round to open first. */
  private async recover(): Promise<number> {
    const recovered = await recoverRoom({
      db: this.options.db,
      store: this.store,
      closed: this.options.closed ?? false,
      now: this.now(),
      settle: (round, purchases) => this.settle(round, purchases),
      refund: (p) => this.refund(p),
      log: this.options.log,
    })
    this.resumed = recovered.resumed
    return recovered.next
  }

  private ticketsEvent(rows: PurchaseRow[]): RoomsPublic {
    const r = this.round!
    const last = rows[rows.length - 1]!
    const tickets = last.firstTicket + last.count
    return {
      type: 'tickets',
      v,
      room: this.room,
      roundId: this.roundId(r),
      purchases: rows,
      tickets,
      pot: (tickets * this.price) as Minor,
    }
  }

  private roundId(r: Round): RoundId {
    return roundIdOf(this.room, this.currency, r.rec.seq)
  }
}
