/**
 * The live family's round loop (crash, rooms): one round at a time, open → (running) → end →
 * pause → the next round, every timer on the injected scheduler, every event through one
 * `Announcer` (nothing is told before the write that makes it true: kit/announcer.ts) and the
 * public rows through one `FeedBatcher`. The game keeps its round's state and plugs its phases in
 * as {@link LiveRounds}:
 *
 * - `open(seq)` opens round `seq` (its row written, its opening announced) and says how long it
 *   takes bets: a fixed window (crash's betting), or null when an event starts the countdown
 *   later (rooms: a second player's ticket calls {@link LiveLoop.closeIn}).
 * - When the open phase ends and a test holding the round lets go (gate `start`), `run` starts
 *   the round and says how long it runs (crash: until its crash point); a game without `run`
 *   ends the round right there (rooms: the draw).
 * - `end` decides the outcome, writes and announces it; after `pauseMs` (and gate `next`) the
 *   next round opens.
 *
 * Starting is a step of its own ({@link LiveLoop.start}: the game's recovery, then the first
 * round), so a process can build its game at boot and start the loop only once it may run it
 * (one leader per live loop); {@link LiveLoop.stop} is safe at any moment, before, during or after.
 */
import type { HoldPoint, TestHooks } from '../../../testHooks'
import { Announcer } from '../announcer'
import { FeedBatcher } from '../feed'
import type { GameLog } from '../log'
import type { GameEmitter, WireEvent } from '../namespace'
import type { Scheduler, TimerHandle } from '../scheduler'

/** A game's phases, as the loop calls them; each runs synchronously at its instant. */
export interface LiveRounds {
  /**
   * Opens round `seq`: `closesIn` is how long its open phase lasts, or null until an event
   * starts its countdown ({@link LiveLoop.closeIn}; a round whose countdown is due from its
   * opening, say for tickets rolled over, returns it here). Null deals no more rounds (the game
   * logs why; crash: its chain is used up); commands then see the loop stopped.
   */
  open(seq: number): { closesIn: number | null } | null
  /** The open phase is over: starts the round and returns how long it runs before `end`. */
  run?(seq: number): number
  /** Ends the round: its outcome decided, written and announced. The pause follows. */
  end(seq: number): void
  /** The loop is stopping: clears the game's own timers (crash: auto cash-outs). */
  stopping?(): void
}

/** Where the loop is in its round. */
export type LiveStage = 'open' | 'closing' | 'running' | 'ended'

/** Options of {@link LiveLoop}. */
export interface LiveLoopOptions<Public extends WireEvent, Personal extends WireEvent, Row> {
  /** The game's id: in log lines and test hooks. */
  game: string
  emitter: GameEmitter<Public, Personal>
  scheduler: Scheduler
  log: GameLog
  rounds: LiveRounds
  /** Between a round's end and the next round's opening. */
  pauseMs: number
  /** The public rows' batching: how often a batch goes out, and the event that carries it. */
  feed: { flushMs: number; event(rows: Row[]): Public }
  /** Test hooks (`TEST_HOOKS=true`): tests hold a round at its `start` and its `next`. */
  testHooks?: TestHooks | null
  /** The rounds after the current one with their outcomes, when known in advance (crash). */
  upcoming?(): Iterable<{ round: number; outcome: number }>
}

/** One live loop: a room and currency, or crash. */
export class LiveLoop<Public extends WireEvent, Personal extends WireEvent, Row> {
  /** The loop's writes and every event, in one order: a game queues both here. */
  readonly announce: Announcer<Public, Personal>
  /** The public rows of the round; a game flushes it early where order matters. */
  readonly feed: FeedBatcher<Row>
  private current: { seq: number; stage: LiveStage } | null = null
  private timer: TimerHandle | null = null
  private readonly inFlight = new Set<Promise<unknown>>()
  private started = false
  private halted = false

  constructor(private readonly options: LiveLoopOptions<Public, Personal, Row>) {
    this.announce = new Announcer({
      game: options.game,
      emitter: options.emitter,
      log: options.log,
      track: (work) => this.track(work),
    })
    this.feed = new FeedBatcher({
      scheduler: options.scheduler,
      flushMs: options.feed.flushMs,
      send: (rows) => this.announce.broadcast(options.feed.event(rows)),
    })
  }

  /** The round being played (null before the first opened) and where it is. */
  get round(): { seq: number; stage: LiveStage } | null {
    return this.current && { ...this.current }
  }

  /** True once stopped, or once the game dealt no more: commands are refused. */
  get stopped(): boolean {
    return this.halted
  }

  /** The loop's clock, epoch ms. */
  now(): number {
    return this.options.scheduler.now()
  }

  /**
   * Runs the game's `recover` (what a previous process left open; it resolves to the first
   * round to open), then opens that round, and resolves once its opening is written and told.
   * Once per loop; does nothing after {@link stop}.
   */
  async start(recover: () => Promise<number>): Promise<void> {
    const { options } = this
    if (this.started) throw new Error(`[${options.game}/loop] started twice`)
    this.started = true
    if (this.halted) return
    const first = await this.track(recover())
    if (this.halted) return
    // Every loop lends itself to the hooks (holds, kills); only crash knows rounds in advance.
    options.testHooks?.register(
      options.game,
      { upcoming: () => options.upcoming?.() ?? [], startNow: (seq) => this.closeNow(seq) },
      options.scheduler,
    )
    this.open(first)
    await this.announce.idle()
  }

  /**
   * Ends the open phase in `ms` (rooms: the countdown a second player starts). Null, changing
   * nothing, unless a round is in its open phase with no end armed yet; else its end, epoch ms.
   */
  closeIn(ms: number): number | null {
    const round = this.current
    if (this.halted || !round || round.stage !== 'open' || this.timer) return null
    this.arm(ms, () => this.close(round))
    return this.now() + ms
  }

  /**
   * Ends round `seq`'s open phase now if its end is armed and still to come (test hooks only: a
   * test released the round, server/testHooks.ts); anything else changes nothing.
   */
  private closeNow(seq: number): void {
    const round = this.current
    if (this.halted || !round || round.seq !== seq || round.stage !== 'open' || !this.timer) return
    this.options.scheduler.clearTimeout(this.timer)
    this.timer = null
    this.close(round)
  }

  /** Counts `work` as in flight until it settles ({@link idle} and {@link stop} wait for it). */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work)
    const done = () => this.inFlight.delete(work)
    work.then(done, done)
    return work
  }

  /** Resolves when every write started so far (ledger and rows) has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
  }

  /**
   * Stops the loop without ending the round: nothing more is told, timers are cleared, in-flight
   * writes finish. What is still open is the next start's to settle (its recovery). Safe at any
   * moment and more than once.
   */
  async stop(): Promise<void> {
    this.halted = true
    this.announce.stop()
    if (this.timer) this.options.scheduler.clearTimeout(this.timer)
    this.timer = null
    this.feed.stop()
    this.options.rounds.stopping?.()
    await this.idle()
  }

  private open(seq: number): void {
    const opened = this.options.rounds.open(seq)
    if (!opened) {
      this.halted = true
      return
    }
    const round = { seq, stage: 'open' as LiveStage }
    this.current = round
    if (opened.closesIn !== null) this.arm(opened.closesIn, () => this.close(round))
  }

  private close(round: { seq: number; stage: LiveStage }): void {
    // No second countdown while a test holds the round at its start.
    round.stage = 'closing'
    this.gate(round.seq, 'start', () => this.run(round))
  }

  private run(round: { seq: number; stage: LiveStage }): void {
    round.stage = 'running'
    const { run } = this.options.rounds
    if (!run) return this.end(round)
    this.arm(run(round.seq), () => this.end(round))
  }

  private end(round: { seq: number; stage: LiveStage }): void {
    round.stage = 'ended'
    this.options.rounds.end(round.seq)
    this.arm(this.options.pauseMs, () =>
      this.gate(round.seq, 'next', () => this.open(round.seq + 1)),
    )
  }

  private arm(ms: number, next: () => void): void {
    if (this.halted) return
    this.timer = this.options.scheduler.setTimeout(() => {
      this.timer = null
      if (!this.halted) next()
    }, ms)
  }

  /** Goes on at `point` of `seq` now, or once a test holding it lets go (server/testHooks.ts). */
  private gate(seq: number, point: HoldPoint, next: () => void): void {
    const hooks = this.options.testHooks
    if (!hooks) return next()
    hooks.gate(this.options.game, seq, point, () => {
      if (!this.halted) next()
    })
  }
}
