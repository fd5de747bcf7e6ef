/**
 * Write, then announce: the one order in which a live game tells anything. A restart knows only
 * what the database holds, so an event sent before the write that makes it true could be taken
 * back by the next start (a crash shown to every watcher, then refunded as if it never came).
 * A game therefore never calls its emitter itself: it queues its writes and its events here, and
 * each event goes out only once every write queued before it has landed.
 *
 * - {@link Announcer.write} runs a write after the earlier ones (a round's rows change in loop
 *   order) and holds back every event queued after it until it lands.
 * - {@link Announcer.after} holds back later events until a write made elsewhere is done too
 *   (a bet's own chain of ledger and row writes).
 * - {@link Announcer.broadcast} and {@link Announcer.toUser} queue an event; its optional `sent`
 *   runs the instant it goes out, for state that must change with what watchers saw.
 * - {@link Announcer.whenDurable} runs code at that point of the queue, to build events from the
 *   state of that moment (a batch of rows that the writes before it let in).
 * - A failed write is logged, and the events queued after it, until the next write, are dropped:
 *   nothing is told that a restart would not repeat. The next write runs all the same.
 *
 * Decisions still happen at once, in memory, so two commands never both decide; only telling
 * waits. A write that needs no announcement (a bet's row) need not pass through here.
 */
import type { GameLog } from './log'
import type { GameEmitter, WireEvent } from './namespace'
import type { UserId } from './player'

/** Options of {@link Announcer}. */
export interface AnnouncerOptions<Public extends WireEvent, Personal extends WireEvent> {
  /** The game's id, in log lines. */
  game: string
  emitter: GameEmitter<Public, Personal>
  log: GameLog
  /** Counts a promise as in-flight work (the game's `idle()` waits for it). */
  track?(work: Promise<unknown>): void
}

/** A game's writes and the events that wait for them, in one order. */
export class Announcer<Public extends WireEvent, Personal extends WireEvent> {
  /** Resolves once everything queued so far is done: true when its latest write landed. */
  private tail: Promise<boolean> = Promise.resolve(true)
  private queued = 0
  private stopped = false
  /** True while an event or step is being sent at its turn in the queue. */
  private inTurn = false

  constructor(private readonly options: AnnouncerOptions<Public, Personal>) {}

  /**
   * Runs `write` after every write queued before it; events queued after this call wait for it.
   * Resolves true once it landed, false when it failed (logged here; those events are dropped).
   */
  write(what: string, write: () => Promise<unknown>): Promise<boolean> {
    const { log, game } = this.options
    return this.enqueue(
      this.tail.then(write).then(
        () => true,
        (err: unknown) => {
          log.error({ err }, `[${game}] ${what} failed; what waited on it is not announced`)
          return false
        },
      ),
    )
  }

  /** Holds back every event queued after this call until `durable` is done, however it ends. */
  after(durable: Promise<unknown>): void {
    const settled = durable.then(
      () => {},
      () => {},
    )
    void this.enqueue(Promise.all([this.tail, settled]).then(([landed]) => landed))
  }

  /** Sends `event` to every watcher once everything queued before it is durable. */
  broadcast(event: Public, sent?: () => void): void {
    this.announce(() => this.options.emitter.broadcast(event), sent)
  }

  /** Sends `event` to one player's sockets once everything queued before it is durable. */
  toUser(userId: UserId, event: Personal, sent?: () => void): void {
    this.announce(() => this.options.emitter.toUser(userId, event), sent)
  }

  /**
   * Runs `step` once everything queued before it has landed (not when a write failed); the events
   * it queues go out in its order, before anything queued after this call.
   */
  whenDurable(step: () => void): void {
    this.announce(step)
  }

  /** True while a write or an event is queued: what the game holds in memory is ahead. */
  get busy(): boolean {
    return this.queued > 0
  }

  /** Resolves once everything queued so far (and whatever it queued in turn) is done. */
  async idle(): Promise<void> {
    while (this.queued > 0) await this.tail
  }

  /** Sends nothing more (the game is stopping); queued writes still run. */
  stop(): void {
    this.stopped = true
  }

  private announce(send: () => void, sent?: () => void): void {
    // Queued from a step at its turn (whenDurable, `sent`): that turn is now, ahead of the rest.
    if (this.inTurn) return this.send(send, sent)
    void this.enqueue(
      this.tail.then((landed) => {
        if (landed) this.send(send, sent)
        return landed
      }),
    )
  }

  private send(send: () => void, sent?: () => void): void {
    if (this.stopped) return
    const outer = this.inTurn
    this.inTurn = true
    try {
      send()
      sent?.()
    } catch (err) {
      this.options.log.error({ err }, `[${this.options.game}] an announcement failed`)
    } finally {
      this.inTurn = outer
    }
  }

  private enqueue(step: Promise<boolean>): Promise<boolean> {
    this.queued += 1
    this.tail = step
    const done = step.finally(() => {
      this.queued -= 1
    })
    this.options.track?.(done)
    return step
  }
}
