/**
 * One leader per live loop. A live loop (crash, each room in each currency) deals rounds,
 * recovers what a dead process left and refunds what nobody saw: done by two processes at once on
 * one database, one would abort the other's running round. So a loop runs only in the process that
 * holds its advisory lock (server/db/locks.ts), the rule living in the database as ARCHITECTURE
 * asks. The other processes follow: they try the lock every `retryMs`, and the first to take it
 * after the leader dies (its connection drops and PostgreSQL lets the lock go) starts the loop,
 * whose recovery continues from the database. PGlite is one process, which always leads.
 */
import type { SessionLocks } from '../../../db/locks'
import type { GameLog } from '../log'
import type { Scheduler, TimerHandle } from '../scheduler'

/** How often a follower tries to take a loop's lock: how long a dead leader's loop stands still. */
export const LEADER_RETRY_MS = 1000

/** Options of {@link LoopLeader.start}. */
export interface LoopLeaderOptions {
  /** The process's lock session (`db.sessionLocks()`, one for all its loops). */
  locks: SessionLocks
  /** The loop's lock name, unique per loop: `live:crash`, `live:rooms:red:RUB`. */
  name: string
  scheduler: Scheduler
  log: GameLog
  /** Starts the loop (its recovery, then its first round): called each time the lock is won. */
  lead(): Promise<void>
  /**
   * Stops the loop without ending its round (its `stop()`): called when the lock is lost, as
   * another process may run the loop from the next instant.
   */
  follow(): Promise<void>
  retryMs?: number
}

/** Which process runs one live loop; see the module comment. */
export class LoopLeader {
  private state: 'following' | 'leading' | 'stopped' = 'following'
  private timer: TimerHandle | null = null
  /** The attempt or hand-over under way: one at a time, in order. */
  private work: Promise<void> = Promise.resolve()
  private readonly unsubscribe: () => void
  private readonly leaders = new Set<() => void>()

  private constructor(private readonly options: LoopLeaderOptions) {
    this.unsubscribe = options.locks.onLost(() => this.queue(() => this.lost()))
  }

  /**
   * Tries the lock at once and resolves once that try is over: leading (the loop started) or
   * following (trying again every `retryMs`).
   */
  static async start(options: LoopLeaderOptions): Promise<LoopLeader> {
    const leader = new LoopLeader(options)
    await leader.queue(() => leader.attempt())
    return leader
  }

  /** True while this process runs the loop. */
  get leading(): boolean {
    return this.state === 'leading'
  }

  /** Resolves when this process leads the loop (at once if it does). */
  whenLeading(): Promise<void> {
    if (this.leading) return Promise.resolve()
    return new Promise((resolve) => this.leaders.add(resolve))
  }

  /** Stops trying; a leader stops its loop first, then lets the lock go for another process. */
  async stop(): Promise<void> {
    await this.queue(async () => {
      const was = this.state
      this.state = 'stopped'
      this.clearTimer()
      this.unsubscribe()
      if (was !== 'leading') return
      await this.options.follow()
      await this.options.locks.unlock(this.options.name).catch((err: unknown) => {
        this.options.log.error({ err, loop: this.options.name }, '[live] could not unlock')
      })
    })
  }

  private queue(step: () => Promise<void>): Promise<void> {
    this.work = this.work.then(step, step)
    return this.work
  }

  private async attempt(): Promise<void> {
    if (this.state !== 'following') return
    const { locks, name, log } = this.options
    let won = false
    try {
      won = await locks.tryLock(name)
    } catch (err) {
      log.error({ err, loop: name }, '[live] could not ask for the loop lock; trying again')
    }
    if (!won) return this.retry()
    this.state = 'leading'
    log.info({ loop: name }, '[live] this process leads the loop')
    try {
      await this.options.lead()
    } catch (err) {
      // A loop that cannot start must not keep the lock from a process that might.
      log.error({ err, loop: name }, '[live] the loop did not start; letting the lock go')
      this.state = 'following'
      await this.options.follow().catch(() => {})
      await locks.unlock(name).catch(() => {})
      return this.retry()
    }
    for (const resolve of this.leaders) resolve()
    this.leaders.clear()
  }

  private async lost(): Promise<void> {
    if (this.state !== 'leading') return
    this.state = 'following'
    this.options.log.error({ loop: this.options.name }, '[live] the loop lock was lost; following')
    await this.options.follow()
    this.retry()
  }

  private retry(): void {
    if (this.state !== 'following') return
    this.clearTimer()
    this.timer = this.options.scheduler.setTimeout(() => {
      this.timer = null
      void this.queue(() => this.attempt())
    }, this.options.retryMs ?? LEADER_RETRY_MS)
  }

  private clearTimer(): void {
    if (this.timer) this.options.scheduler.clearTimeout(this.timer)
    this.timer = null
  }
}
