/**
 * The crash round loop: betting window → running → crashed → pause → next game of the chain.
 * It sends state changes only (`betting`, `started`, batched `bets`, `crashed`, and `settled` to
 * a bettor); clients draw the curve from `startedAt`. Every timer comes from the injected
 * scheduler, so tests play whole rounds on fake time. Every event goes out through the kit's
 * Announcer, after the write that makes it survive a restart (kit/announcer.ts).
 */
import {
  HISTORY_LENGTH,
  PROTOCOL_VERSION,
  type BetRow,
  type HistoryEntry,
  type Phase,
  type RoundId,
  type ServerEvent,
} from '../../../games/crash/protocol'
import { autoWins, crashTimeMs, msToReach, settle } from '../../../games/crash/rules'
import type { CrashPoint } from '../../../games/engine/fairness'
import type { Minor } from '../../../games/engine/money'
import type { Db } from '../../db/db'
import type { Ledger } from '../../ledger/ledger'
import type { HoldPoint, TestHooks } from '../../testHooks'
import { Announcer } from '../kit/announcer'
import { FeedBatcher } from '../kit/feed'
import { publishChain } from '../kit/live/chain'
import { consoleLog, type GameLog } from '../kit/log'
import type { GameEmitter } from '../kit/namespace'
import type { Player } from '../kit/player'
import type { FeedPrivacy } from '../kit/privacy'
import { realScheduler, type Scheduler, type TimerHandle } from '../kit/scheduler'
import {
  publicRow,
  refusal,
  roundIdOf,
  type Bet,
  type BetCommand,
  type BetResult,
  type CancelBetCommand,
  type CancelResult,
  type CashOutCommand,
  type CashOutResult,
} from './bet'
import { CrashBets } from './CrashBets'
import { openChain, type ChainOptions, type CrashChain } from './chainStore'
import { recover } from './recovery'
import { crashSnapshot, type SnapshotRound } from './snapshot'
import { CrashStore } from './store'

/** An event of the stream by its type. */
export type CrashEvent<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>
/** The full state event. */
export type SnapshotEvent = CrashEvent<'snapshot'>

/** Where the loop's events go: to every watcher `betting`, `started`, `bets`, `crashed`; to one
 * player's sockets `settled`. The namespace in production, an array in tests. */
export type CrashEmitter = GameEmitter<
  CrashEvent<'betting' | 'started' | 'bets' | 'crashed'>,
  CrashEvent<'settled'>
>

/** Options of {@link CrashService.start}. */
export interface CrashOptions {
  db: Db
  ledger: Ledger
  emitter: CrashEmitter
  /** Who the live bets show without a name ("Hide my statistics"). */
  privacy: FeedPrivacy
  scheduler?: Scheduler
  log?: GameLog
  /** Length of the betting window. */
  bettingMs?: number
  /** Pause between a crash and the next betting window. */
  pauseMs?: number
  /** How often the live bets feed is flushed (it is also flushed before every `crashed`). */
  flushMs?: number
  /** Chain creation options (first start only). */
  chain?: ChainOptions
  /** Where to publish the chain for `npm run fair`; null to skip. */
  publicationPath: string | null
  /** Test hooks (`TEST_HOOKS=true`): tests reserve upcoming rounds and hold their betting. */
  testHooks?: TestHooks | null
}

interface Round extends SnapshotRound {
  endedAt: number | null
  /** The phase watchers were last told (null before `betting` went out). */
  told: Phase | null
}

/** The crash game of one server process. */
export class CrashService {
  private readonly book: CrashBets
  private readonly feed: FeedBatcher<BetRow>
  /** The round's writes and every event, in one order: nothing is told before it is durable. */
  private readonly announce: Announcer<
    CrashEvent<'betting' | 'started' | 'bets' | 'crashed'>,
    CrashEvent<'settled'>
  >
  private round!: Round
  private roundTimer: TimerHandle | null = null
  private readonly inFlight = new Set<Promise<unknown>>()
  private stopped = false
  private readonly bettingMs: number
  private readonly pauseMs: number
  /** The last finished rounds, newest first, as the snapshot shows them. */
  private history: HistoryEntry[] = []

  private constructor(
    private readonly options: CrashOptions,
    private readonly scheduler: Scheduler,
    private readonly log: GameLog,
    /** The chain being played; its salt and terminating hash are public. */
    readonly chain: CrashChain,
    private readonly store: CrashStore,
  ) {
    this.bettingMs = options.bettingMs ?? 6000
    this.pauseMs = options.pauseMs ?? 3000
    this.announce = new Announcer({
      game: 'crash',
      emitter: options.emitter,
      log,
      track: (work) => this.track(work),
    })
    this.feed = new FeedBatcher({
      scheduler,
      flushMs: options.flushMs ?? 200,
      send: (bets) =>
        this.announce.broadcast({
          type: 'bets',
          v: PROTOCOL_VERSION,
          roundId: this.round.id,
          bets,
        }),
    })
    this.book = new CrashBets({
      db: options.db,
      store,
      ledger: options.ledger,
      scheduler,
      log,
      round: () => {
        const { game, phase, startedAt, crashPoint, told } = this.round
        const live = told === 'running' || told === 'crashed'
        return { game, phase, crashPoint, startedAt: live ? startedAt : null }
      },
      rowChanged: (bet) => this.rowChanged(bet),
      settled: (bet, balance) => this.sendSettled(bet, balance),
      track: (work) => this.track(work),
      told: () => this.announce.idle(),
    })
  }

  /**
   * Opens (or creates) the chain, publishes it, settles or refunds whatever a previous process
   * left open (recovery.ts), and opens the next betting window.
   */
  static async start(options: CrashOptions): Promise<CrashService> {
    const scheduler = options.scheduler ?? realScheduler()
    const log = options.log ?? consoleLog
    const chain = await openChain(options.db, options.chain)
    await options.privacy.load()
    if (options.publicationPath) await publishChain(chain.publication(), options.publicationPath)
    const store = new CrashStore(options.db, chain.id)
    const service = new CrashService(options, scheduler, log, chain, store)
    const recovered = await recover({
      store,
      ledger: options.ledger,
      bets: service.book,
      chain,
      scheduler,
      log,
    })
    service.history = (await store.history(HISTORY_LENGTH)).map((r) => ({
      roundId: roundIdOf(r.game),
      crashPoint: r.crash_point as CrashPoint,
      roundHash: r.round_hash!,
      salt: chain.salt,
    }))
    for (const { bet, ack } of recovered.standing) service.book.restore(bet, ack)
    options.testHooks?.register('crash', { upcoming: () => service.upcoming() }, scheduler)
    service.openBetting(recovered.nextGame)
    // Started once its first betting window is open and told.
    await service.announce.idle()
    return service
  }

  /** Places a bet (or queues it for the next round); see {@link BetBook.place}. */
  placeBet(user: Player | null, cmd: BetCommand): Promise<BetResult> {
    if (this.stopped) return Promise.resolve(refusal('internal'))
    return this.track(this.book.place(user, cmd))
  }

  /** Cashes a running bet out at the server's current multiplier. */
  cashOut(user: Player | null, cmd: CashOutCommand): Promise<CashOutResult> {
    if (this.stopped) return Promise.resolve(refusal('internal'))
    return this.track(this.book.cashOut(user, cmd))
  }

  /** Withdraws a bet before its round starts. */
  cancelBet(user: Player | null, cmd: CancelBetCommand): Promise<CancelResult> {
    if (this.stopped) return Promise.resolve(refusal('internal'))
    return this.track(this.book.cancel(user, cmd))
  }

  /** The public facts of the round being played (no crash point before the crash). */
  currentRound(): { game: number; id: RoundId; phase: Phase; startedAt: number | null } {
    const { game, id, phase, startedAt } = this.round
    return { game, id, phase, startedAt }
  }

  /** The server clock, epoch ms (the `time` command). */
  now(): number {
    return this.scheduler.now()
  }

  /** The full state for a watcher (`user` null) or a player, as sent on join and on `sync`. */
  async snapshot(user: Player | null): Promise<SnapshotEvent> {
    const balance = user
      ? ((await this.options.ledger.balances(user.userId, user.currency)).real as Minor)
      : null
    // Memory runs ahead of what was told while a write is pending: wait until both agree, then
    // read without another await, so everything below is one instant watchers have seen.
    while (this.announce.busy) await this.announce.idle()
    return crashSnapshot({
      round: this.round,
      serverTime: this.scheduler.now(),
      chain: this.chain,
      book: this.book,
      history: this.history,
      user,
      balance,
      privacy: this.options.privacy,
    })
  }

  /** The games after the one being played, with their crash points (test hooks only). */
  private *upcoming(): Generator<{ round: number; outcome: number }> {
    for (let first = this.round.game + 1; first <= this.chain.length; first += 100) {
      const points = this.chain.crashPointsFrom(first, 100)
      for (const [i, outcome] of points.entries()) yield { round: first + i, outcome }
    }
  }

  /** Resolves when every write started so far (ledger and rows) has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
  }

  /**
   * Stops the loop without ending the round: timers are cleared and in-flight writes finish.
   * Whatever is still open (a running round's bets) is settled or refunded by the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true
    this.announce.stop()
    if (this.roundTimer) this.scheduler.clearTimeout(this.roundTimer)
    this.roundTimer = null
    this.feed.stop()
    this.book.clearAllTimers()
    await this.idle()
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work)
    const done = () => this.inFlight.delete(work)
    work.then(done, done)
    return work
  }

  private after(ms: number, next: () => void): void {
    if (this.stopped) return
    this.roundTimer = this.scheduler.setTimeout(() => {
      this.roundTimer = null
      if (!this.stopped) next()
    }, ms)
  }

  /** Goes on at `point` of `game` now, or once a test holding it lets go (server/testHooks.ts). */
  private gate(game: number, point: HoldPoint, next: () => void): void {
    const hooks = this.options.testHooks
    if (!hooks) return next()
    hooks.gate('crash', game, point, () => {
      if (!this.stopped) next()
    })
  }

  private openBetting(game: number): void {
    if (game > this.chain.length) {
      // Rotating to a new chain is not built: stop dealing rather than deal unverifiable rounds.
      this.log.error({ game, length: this.chain.length }, '[crash] the hash chain is used up')
      this.stopped = true
      return
    }
    this.book.prune(game)
    const now = this.scheduler.now()
    this.round = {
      game,
      id: roundIdOf(game),
      phase: 'betting',
      bettingEndsAt: now + this.bettingMs,
      startedAt: null,
      endedAt: null,
      crashPoint: this.chain.crashPointOf(game),
      hash: this.chain.hashOf(game),
      told: null,
    }
    const round = this.round
    const { bettingEndsAt } = round
    this.announce.write('open round', () => this.store.openRound(game, bettingEndsAt))
    this.announce.broadcast(
      { type: 'betting', v: PROTOCOL_VERSION, roundId: round.id, bettingEndsAt },
      () => (round.told = 'betting'),
    )
    // Queued bets join now: the feed shows them as this round's bets.
    for (const bet of this.book.betsOf(game)) this.rowChanged(bet)
    this.after(this.bettingMs, () => this.gate(game, 'start', () => this.startRound()))
  }

  private startRound(): void {
    const round = this.round
    const startedAt = this.scheduler.now()
    // Bets go to the next round from now on; cash-outs wait until watchers are told it started.
    round.phase = 'running'
    round.startedAt = startedAt
    // `started` goes out only once the row says 'running': had it gone first, a restart in
    // between would reopen for bets a round watchers saw climbing (recovery.ts reopens 'betting').
    // Clients lose nothing by the wait: they draw the curve from `startedAt`, not from arrival.
    this.announce.write('start round', () => this.store.startRound(round.game, startedAt))
    this.announce.broadcast(
      { type: 'started', v: PROTOCOL_VERSION, roundId: round.id, startedAt },
      () => (round.told = 'running'),
    )
    const crashMs = crashTimeMs(round.crashPoint)
    for (const bet of this.book.betsOf(round.game)) {
      // A target equal to the crash point pays too; the crash itself settles that tie first.
      if (!autoWins(bet.autoCashoutAt, round.crashPoint)) continue
      const at = bet.autoCashoutAt
      const delay = msToReach(at)
      if (delay >= crashMs) continue
      this.book.armAuto(bet, delay, () => {
        if (this.round === round && round.phase === 'running' && isOpen(bet)) {
          void this.book.close(bet, at, 'auto')
        }
      })
    }
    this.after(crashMs, () => this.crash())
  }

  private crash(): void {
    const round = this.round
    const endedAt = this.scheduler.now()
    // From this instant every cash-out is too late.
    round.phase = 'crashed'
    round.endedAt = endedAt
    // The round's end is the record of everything the crash decides below: a restart settles each
    // open bet of a crashed round exactly so (recovery.ts). No row, no `crashed` before it lands.
    this.announce.write('end round', () =>
      this.store.endRound(round.game, 'crashed', endedAt, round.crashPoint, round.hash),
    )
    for (const bet of this.book.betsOf(round.game)) {
      // A cash-out decided before the crash and still being recorded: its row comes first.
      if (bet.closing) this.announce.after(bet.closing)
      if (!isOpen(bet)) continue
      const outcome = settle({ ...bet, cashedOutAt: null }, round.crashPoint)
      if (outcome.type === 'cashedOut') void this.book.close(bet, outcome.cashoutAt, 'crash')
      else this.book.lose(bet)
    }
    const entry = {
      roundId: round.id,
      crashPoint: round.crashPoint,
      roundHash: round.hash,
      salt: this.chain.salt,
    }
    this.announce.whenDurable(() => {
      // Every row of this round, auto cash-outs and the late records above included, reaches
      // watchers before the crash.
      this.feed.flush()
      const crashed = { ...entry, crashedAt: endedAt }
      this.announce.broadcast({ type: 'crashed', v: PROTOCOL_VERSION, ...crashed }, () => {
        round.told = 'crashed'
        this.history = [entry, ...this.history].slice(0, HISTORY_LENGTH)
      })
    })
    this.after(this.pauseMs, () =>
      this.gate(round.game, 'next', () => this.openBetting(round.game + 1)),
    )
  }

  private rowChanged(bet: Bet): void {
    // Rows belong to the round being played until its crash is told; a queued bet shows when
    // its round opens.
    if (bet.round !== this.round.game || this.round.told === 'crashed') return
    if (bet.status === 'holding' || bet.status === 'cancelled') return
    bet.shown = publicRow(bet, this.options.privacy)
    this.feed.put(bet.id, bet.shown)
  }

  private sendSettled(bet: Bet, balance: Minor): void {
    this.announce.toUser(bet.userId, {
      type: 'settled',
      v: PROTOCOL_VERSION,
      betId: bet.id,
      roundId: roundIdOf(bet.round),
      status: bet.status === 'cashedOut' ? 'cashedOut' : 'lost',
      cashoutAt: bet.status === 'cashedOut' ? bet.cashoutAt : null,
      win: bet.win ?? (0 as Minor),
      balance,
    })
  }
}

function isOpen(bet: Bet): boolean {
  return bet.status === 'active' || bet.status === 'holding'
}
