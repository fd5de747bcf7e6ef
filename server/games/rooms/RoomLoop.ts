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
import { randomBytes } from 'node:crypto'
import type { Currency, Minor } from '../../../games/engine/money'
import type { PurchaseRow, RoundId } from '../../../games/rooms/protocol'
import {
  COUNTDOWN_MS,
  NEXT_ROUND_PAUSE_MS,
  commitmentOf,
  maxPot,
  purchaseRefusal,
  ticketPrice,
  type Room,
} from '../../../games/rooms/rules'
import { AnswerStore } from '../kit/answers'
import { LiveLoop } from '../kit/live/loop'
import type { Player } from '../kit/player'
import { realScheduler, type Scheduler } from '../kit/scheduler'
import { refusal, type BuyCommand, type BuyResult } from './commands'
import { ackOf, holdTickets, type PurchaseContext } from './purchase'
import { recoverRoom } from './recovery'
import { refundPurchase, settleRound, type SettlementContext } from './settlement'
import { RoomsStore, type PurchaseRecord, type RoundRecord } from './store'
import { drawOf, purchaseRows, roundIdOf, roundOf, v, type PurchaseFacts } from './view'

import { loopName, type RoomLoopOptions, type RoomsPublic } from './loopOptions'

export { loopName, type RoomLoopOptions, type RoomsEmitter, type RoomsPublic } from './loopOptions'

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
  private readonly purchases: PurchaseContext
  private readonly settling: SettlementContext

  private constructor(private readonly options: RoomLoopOptions) {
    this.scheduler = options.scheduler ?? realScheduler()
    this.store = new RoomsStore(options.db, options.room, options.currency)
    this.price = ticketPrice(options.room, options.currency)
    const { db, ledger, log, room, currency } = options
    this.settling = { ledger, store: this.store, log }
    this.purchases = {
      db,
      ledger,
      store: this.store,
      log,
      room,
      currency,
      price: this.price,
      countdownMs: options.countdownMs ?? COUNTDOWN_MS,
    }
    this.loop = new LiveLoop({
      game: loopName(options.room, options.currency),
      emitter: options.emitter,
      scheduler: this.scheduler,
      log: options.log,
      testHooks: options.testHooks ?? null,
      pauseMs: options.pauseMs ?? NEXT_ROUND_PAUSE_MS,
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
    if (known) return ackOf(this.options, known)
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
    const held = await holdTickets(this.purchases, r.rec, user, cmd, this.now())
    if (!('facts' in held)) return held
    this.landed(r, held.facts, held.countdownEndsAt)
    // The row and the hold are one transaction; the ack is a convenience a retry rebuilds.
    void this.loop.track(this.store.setAck(held.facts.id, held.ack)).catch((err: unknown) => {
      this.options.log.error({ err, purchaseId: held.facts.id }, '[rooms] ack write failed')
    })
    return held.ack
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

  /** Closes a drawn round's purchases in the ledger (settlement.ts). */
  settle(round: RoundRecord, purchases: readonly PurchaseRecord[]): Promise<void> {
    return settleRound(this.settling, round, purchases)
  }

  /** Gives a purchase's money back (its round refunded whole), once. */
  refund(p: PurchaseRecord): Promise<void> {
    return refundPurchase(this.settling, p)
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
