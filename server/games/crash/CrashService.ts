/**
 * The crash game on the kit's live loop (kit/live/loop.ts): betting window → running →
 * crashed → pause → next game of the chain. It sends state changes only (`betting`, `started`, batched
 * `bets`, `crashed`, and `settled` to a bettor); clients draw the curve from `startedAt`. The
 * loop owns the timers (on the injected scheduler, so tests play whole rounds on fake time), the
 * Announcer (every event after the write that makes it survive a restart) and the feed; what is
 * here is crash's: its phases, its curve, cash-outs and auto cash-outs.
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
import { crashTimeMs } from '../../../games/crash/rules'
import type { CrashPoint } from '../../../games/engine/fairness'
import type { Minor } from '../../../games/engine/money'
import type { Db } from '../../db/db'
import type { Ledger } from '../../ledger/ledger'
import type { TestHooks } from '../../testHooks'
import { publishChain } from '../kit/live/chain'
import { LiveLoop } from '../kit/live/loop'
import { consoleLog, type GameLog } from '../kit/log'
import type { GameEmitter } from '../kit/namespace'
import type { Player } from '../kit/player'
import type { FeedPrivacy } from '../kit/privacy'
import { realScheduler, type Scheduler } from '../kit/scheduler'
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

/** What every watcher is told. */
type PublicEvent = CrashEvent<'betting' | 'started' | 'bets' | 'crashed'>

/** Where the loop's events go: to every watcher `betting`, `started`, `bets`, `crashed`; to one
 * player's sockets `settled`. The namespace in production, an array in tests. */
export type CrashEmitter = GameEmitter<PublicEvent, CrashEvent<'settled'>>

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
  /** The round timers, the Announcer (writes and events in one order) and the `bets` feed. */
  private readonly loop: LiveLoop<PublicEvent, CrashEvent<'settled'>, BetRow>
  private round!: Round
  private readonly bettingMs: number
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
    this.loop = new LiveLoop({
      game: 'crash',
      emitter: options.emitter,
      scheduler,
      log,
      testHooks: options.testHooks,
      pauseMs: options.pauseMs ?? 3000,
      feed: {
        flushMs: options.flushMs ?? 200,
        event: (bets) => ({ type: 'bets', v: PROTOCOL_VERSION, roundId: this.round.id, bets }),
      },
      upcoming: () => this.upcoming(),
      rounds: {
        open: (game) => this.openBetting(game),
        run: () => this.startRound(),
        end: () => this.crash(),
        stopping: () => this.book.clearAllTimers(),
      },
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
      track: (work) => this.loop.track(work),
      told: () => this.loop.announce.idle(),
    })
  }

  /**
   * Opens (or creates) the chain, publishes it, then starts the loop: settles or refunds whatever
   * a previous process left open (recovery.ts) and opens the next betting window.
   */
  static async start(options: CrashOptions): Promise<CrashService> {
    const scheduler = options.scheduler ?? realScheduler()
    const log = options.log ?? consoleLog
    const chain = await openChain(options.db, options.chain)
    await options.privacy.load()
    if (options.publicationPath) await publishChain(chain.publication(), options.publicationPath)
    const store = new CrashStore(options.db, chain.id)
    const service = new CrashService(options, scheduler, log, chain, store)
    // Started once its first betting window is open and told. A step of its own: a process that
    // must first win the loop's leadership calls it later.
    await service.loop.start(() => service.recover())
    return service
  }

  /** Closes what a previous process left open; resolves to the game to open first. */
  private async recover(): Promise<number> {
    const { store, chain, scheduler, log } = this
    const recovered = await recover({
      store,
      ledger: this.options.ledger,
      bets: this.book,
      chain,
      scheduler,
      log,
    })
    this.history = (await store.history(HISTORY_LENGTH)).map((r) => ({
      roundId: roundIdOf(r.game),
      crashPoint: r.crash_point as CrashPoint,
      roundHash: r.round_hash!,
      salt: chain.salt,
    }))
    for (const { bet, ack } of recovered.standing) this.book.restore(bet, ack)
    return recovered.nextGame
  }

  /** Places a bet (or queues it for the next round); see {@link BetBook.place}. */
  placeBet(user: Player | null, cmd: BetCommand): Promise<BetResult> {
    if (this.loop.stopped) return Promise.resolve(refusal('internal'))
    return this.loop.track(this.book.place(user, cmd))
  }

  /** Cashes a running bet out at the server's current multiplier. */
  cashOut(user: Player | null, cmd: CashOutCommand): Promise<CashOutResult> {
    if (this.loop.stopped) return Promise.resolve(refusal('internal'))
    return this.loop.track(this.book.cashOut(user, cmd))
  }

  /** Withdraws a bet before its round starts. */
  cancelBet(user: Player | null, cmd: CancelBetCommand): Promise<CancelResult> {
    if (this.loop.stopped) return Promise.resolve(refusal('internal'))
    return this.loop.track(this.book.cancel(user, cmd))
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
    while (this.loop.announce.busy) await this.loop.announce.idle()
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
  idle(): Promise<void> {
    return this.loop.idle()
  }

  /**
   * Stops the loop without ending the round: timers are cleared and in-flight writes finish.
   * Whatever is still open (a running round's bets) is settled or refunded by the next start.
   */
  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** The loop's `open`: a betting window of `bettingMs`. */
  private openBetting(game: number): { closesIn: number } | null {
    if (game > this.chain.length) {
      // Rotating to a new chain is not built: stop dealing rather than deal unverifiable rounds.
      this.log.error({ game, length: this.chain.length }, '[crash] the hash chain is used up')
      return null
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
    this.loop.announce.write('open round', () => this.store.openRound(game, bettingEndsAt))
    this.loop.announce.broadcast(
      { type: 'betting', v: PROTOCOL_VERSION, roundId: round.id, bettingEndsAt },
      () => (round.told = 'betting'),
    )
    // Queued bets join now: the feed shows them as this round's bets.
    for (const bet of this.book.betsOf(game)) this.rowChanged(bet)
    return { closesIn: this.bettingMs }
  }

  /** The loop's `run`: the curve climbs until the crash point's time, returned. */
  private startRound(): number {
    const round = this.round
    const startedAt = this.scheduler.now()
    // Bets go to the next round from now on; cash-outs wait until watchers are told it started.
    round.phase = 'running'
    round.startedAt = startedAt
    // `started` goes out only once the row says 'running': had it gone first, a restart in
    // between would reopen for bets a round watchers saw climbing (recovery.ts reopens 'betting').
    // Clients lose nothing by the wait: they draw the curve from `startedAt`, not from arrival.
    this.loop.announce.write('start round', () => this.store.startRound(round.game, startedAt))
    this.loop.announce.broadcast(
      { type: 'started', v: PROTOCOL_VERSION, roundId: round.id, startedAt },
      () => (round.told = 'running'),
    )
    const running = () => this.round === round && round.phase === 'running'
    this.book.armAutoCashouts(round.game, round.crashPoint, running)
    return crashTimeMs(round.crashPoint)
  }

  /** The loop's `end`: the crash. */
  private crash(): void {
    const round = this.round
    const endedAt = this.scheduler.now()
    // From this instant every cash-out is too late.
    round.phase = 'crashed'
    round.endedAt = endedAt
    // The round's end is the record of everything the crash decides below: a restart settles each
    // open bet of a crashed round exactly so (recovery.ts). No row, no `crashed` before it lands.
    this.loop.announce.write('end round', () =>
      this.store.endRound(round.game, 'crashed', endedAt, round.crashPoint, round.hash),
    )
    // A cash-out decided before the crash and still being recorded: its row comes first.
    this.book.crash(round.game, round.crashPoint, (closing) => this.loop.announce.after(closing))
    const entry = {
      roundId: round.id,
      crashPoint: round.crashPoint,
      roundHash: round.hash,
      salt: this.chain.salt,
    }
    this.loop.announce.whenDurable(() => {
      // Every row of this round, auto cash-outs and the late records above included, reaches
      // watchers before the crash.
      this.loop.feed.flush()
      const crashed = { ...entry, crashedAt: endedAt }
      this.loop.announce.broadcast({ type: 'crashed', v: PROTOCOL_VERSION, ...crashed }, () => {
        round.told = 'crashed'
        this.history = [entry, ...this.history].slice(0, HISTORY_LENGTH)
      })
    })
  }

  private rowChanged(bet: Bet): void {
    // Rows belong to the round being played until its crash is told; a queued bet shows when
    // its round opens.
    if (bet.round !== this.round.game || this.round.told === 'crashed') return
    if (bet.status === 'holding' || bet.status === 'cancelled') return
    bet.shown = publicRow(bet, this.options.privacy)
    this.loop.feed.put(bet.id, bet.shown)
  }

  private sendSettled(bet: Bet, balance: Minor): void {
    this.loop.announce.toUser(bet.userId, {
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
