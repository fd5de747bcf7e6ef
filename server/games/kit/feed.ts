/**
 * Live-feed batching: rows of a public table (bets placed, cashed out, lost) are sent as one event
 * per `flushMs` instead of one message per change, each row the latest state of its id.
 */
import type { Scheduler, TimerHandle } from './scheduler'

/** Options of {@link FeedBatcher}. */
export interface FeedOptions<Row> {
  scheduler: Scheduler
  /** How long a change waits for others before the batch goes out. */
  flushMs: number
  /** Sends one batch (never empty), in the order the ids first changed. */
  send(rows: Row[]): void
}

/** Batches rows by id; a game flushes early where order matters (crash: before `crashed`). */
export class FeedBatcher<Row> {
  private readonly pending = new Map<string, Row>()
  private timer: TimerHandle | null = null
  private stopped = false

  constructor(private readonly options: FeedOptions<Row>) {}

  /** Queues `row` as the latest state of `id`; the batch goes out within `flushMs`. */
  put(id: string, row: Row): void {
    this.pending.set(id, row)
    if (this.timer || this.stopped) return
    this.timer = this.options.scheduler.setTimeout(() => {
      this.timer = null
      this.flush()
    }, this.options.flushMs)
  }

  /** Sends what is pending now. */
  flush(): void {
    this.clearTimer()
    if (this.pending.size === 0) return
    const rows = [...this.pending.values()]
    this.pending.clear()
    this.options.send(rows)
  }

  /** Stops the timer for good (the game is stopping); a later `flush` still sends. */
  stop(): void {
    this.stopped = true
    this.clearTimer()
  }

  private clearTimer(): void {
    if (this.timer) this.options.scheduler.clearTimeout(this.timer)
    this.timer = null
  }
}
