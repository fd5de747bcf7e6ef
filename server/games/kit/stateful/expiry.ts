/**
 * The timer that settles a stateful game's rounds left open for {@link ROUND_LIFETIME_MS}. It
 * wakes when the oldest open round comes due (at least once a day, so a timer never exceeds what
 * Node's `setTimeout` holds and a clock that jumped is caught up), settles what is due through
 * `StatefulRounds.expire` and sleeps again. Every process running the game runs one: the
 * settlement is a compare-and-set on the row and an idempotent payment, so two never pay twice.
 */
import type { Db } from '../../../db/db'
import type { GameLog } from '../log'
import type { Scheduler, TimerHandle } from '../scheduler'
import { ROUND_LIFETIME_MS, type StatefulGame, type StatefulRounds } from './StatefulRounds'
import { oldestOpen } from './store'

/** The longest the timer sleeps: a day, well under `setTimeout`'s limit of about 24.8 days. */
export const EXPIRY_MAX_SLEEP_MS = 24 * 60 * 60 * 1000

/** What the expiry timer of one game needs. */
export interface ExpiryOptions {
  db: Db
  rounds: StatefulRounds
  scheduler: Scheduler
  log: GameLog
  game: StatefulGame<unknown, unknown, unknown, unknown, unknown, unknown>
}

/** A running expiry timer. */
export interface ExpiryTimer {
  /** Resolves when the sweep under way, if any, has finished and the next one is armed. */
  idle(): Promise<void>
  /** Stops the timer after the sweep under way; rounds it leaves open, the next start settles. */
  stop(): Promise<void>
}

/** Starts the expiry timer of `game`: a first sweep now (rounds that came due while stopped). */
export function startExpiry(options: ExpiryOptions): ExpiryTimer {
  const { db, rounds, scheduler, log, game } = options
  let timer: TimerHandle | null = null
  let stopped = false
  let sweeping: Promise<void> = Promise.resolve()

  const sweep = async () => {
    try {
      await rounds.expire(game)
      const oldest = await oldestOpen(db, game.id)
      // A round opened later is due later than one open now: the oldest is the next due.
      const due = (oldest ?? scheduler.now()) + ROUND_LIFETIME_MS
      arm(Math.min(Math.max(0, due - scheduler.now()), EXPIRY_MAX_SLEEP_MS))
    } catch (err) {
      log.error({ err, game: game.id }, `[stateful] ${game.id} expiry failed`)
      arm(EXPIRY_MAX_SLEEP_MS)
    }
  }
  const arm = (ms: number) => {
    if (stopped) return
    timer = scheduler.setTimeout(() => {
      timer = null
      sweeping = sweep()
    }, ms)
  }
  sweeping = sweep()

  return {
    idle: () => sweeping,
    async stop() {
      stopped = true
      if (timer) scheduler.clearTimeout(timer)
      timer = null
      await sweeping
    },
  }
}
