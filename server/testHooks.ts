/**
 * Test hooks of the live games (`TEST_HOOKS=true`, refused in production mode): a test reserves
 * an upcoming round by its outcome and holds the round's loop at two points until it lets go:
 * `start` (its betting window stays open while the test bets; released with `now`, it closes) and, if asked, `next` (after the
 * round ends, the next betting window waits, so the round's result stays on screen while the test
 * reads it). The round's outcome is still the one its game decided (the crash chain's point), so
 * its proof verifies like any other; the hooks only let a test pick a round and act in it without
 * racing the loop's timers, whatever the machine's speed.
 *
 * A test may also arm a kill: the process sends itself SIGKILL the instant a game hands one event
 * of one round to socket.io (before it leaves), so a restart test kills a real server exactly at
 * an announcement, not by luck of timing (tests/integration/crashKill.test.ts).
 */
import type { GameEmitter, WireEvent } from './games/kit/namespace'
import type { Scheduler, TimerHandle } from './games/kit/scheduler'

/** What a live game lends the hooks: its upcoming rounds and their outcomes. */
export interface RoundSource {
  /** The rounds whose betting window has not opened yet, in play order (lazily: outcomes cost). */
  upcoming(): Iterable<{ round: number; outcome: number }>
  /**
   * Ends `round`'s betting window now if it is still open: a test that released the round's
   * `start` with `now` is done betting and should not wait on what remains of the window.
   */
  startNow?(round: number): void
}

/** A reserved round: its number and outcome (a crash point in hundredths for crash). */
export interface Reservation {
  round: number
  outcome: number
}

/** Where a game's loop waits for a held round: before it starts, and before the next opens. */
export type HoldPoint = 'start' | 'next'

/** How far ahead a reservation looks for a round with the wanted outcome. */
export const RESERVE_LOOKAHEAD = 200

/**
 * Longest wait at one hold point: a test that died without releasing its round delays the loop by
 * this much once, never stops it.
 */
export const MAX_HOLD_MS = 60_000

interface Hold {
  released: boolean
  /** Set once the loop is waiting on this hold: moves the loop on. */
  resume: (() => void) | null
  cap: TimerHandle | null
}

/** Ends this process as `kill -9` does: no handler, no flush, no last write. */
function killThisProcess(): void {
  process.kill(process.pid, 'SIGKILL')
}

/** The hooks of one server: rounds held per game. */
export class TestHooks {
  private readonly sources = new Map<string, { source: RoundSource; scheduler: Scheduler }>()
  private readonly holds = new Map<string, Hold>()
  /** Armed kills, as `game:round:event`. */
  private readonly kills = new Set<string>()

  /** `kill` ends the process (a test of the hooks themselves passes one that records). */
  constructor(private readonly kill: () => void = killThisProcess) {}

  /**
   * Arms a kill: the instant `game` hands the event named `event` of `round` to its emitter
   * (see {@link emitter}), the process dies and the event is never sent. False when the game is
   * not running here.
   */
  killAt(game: string, round: number | string, event: string): boolean {
    if (!this.sources.has(game)) return false
    this.kills.add(`${game}:${round}:${event}`)
    return true
  }

  /**
   * `emitter` with the kills armed for `game` in front of it: an event they name ends the process
   * instead of going out. Events carry their round as `roundId`; one without is never stopped.
   */
  emitter<Public extends WireEvent, Personal extends WireEvent>(
    game: string,
    emitter: GameEmitter<Public, Personal>,
  ): GameEmitter<Public, Personal> {
    const killed = (event: WireEvent) => {
      const { roundId } = event as { roundId?: unknown }
      if (this.kills.size === 0 || typeof roundId !== 'string') return false
      if (!this.kills.has(`${game}:${roundId}:${event.type}`)) return false
      this.kill()
      return true
    }
    return {
      broadcast: (event) => void (killed(event) || emitter.broadcast(event)),
      toUser: (userId, event) => void (killed(event) || emitter.toUser(userId, event)),
    }
  }

  /**
   * Holds `round` of `game` at each of `points` until released (a game whose outcomes are not
   * known in advance, the rooms: a test holds a round's countdown or the opening after its draw,
   * never its outcome). False when the game is not running here.
   */
  hold(game: string, round: number, points: readonly HoldPoint[]): boolean {
    if (!this.sources.has(game)) return false
    for (const point of points) {
      if (!this.holds.has(key(game, round, point)))
        this.holds.set(key(game, round, point), newHold())
    }
    return true
  }

  /** A game's loop lends its upcoming rounds (called when the game starts). */
  register(game: string, source: RoundSource, scheduler: Scheduler): void {
    this.sources.set(game, { source, scheduler })
  }

  /**
   * Holds the first upcoming round of `game` whose outcome is within `minOutcome`..`maxOutcome`
   * at `start` (and at `next` with `holdNext`); null when the game is not running here or no such
   * round is near.
   */
  reserve(
    game: string,
    options: { minOutcome?: number; maxOutcome?: number; holdNext?: boolean } = {},
  ): Reservation | null {
    const { minOutcome = 0, maxOutcome = Infinity, holdNext = false } = options
    const entry = this.sources.get(game)
    if (!entry) return null
    let looked = 0
    for (const r of entry.source.upcoming()) {
      if (++looked > RESERVE_LOOKAHEAD) break
      // A round another test holds is skipped: its release must not cut this test's window short.
      if (r.outcome < minOutcome || r.outcome > maxOutcome) continue
      if (this.holds.has(key(game, r.round, 'start'))) continue
      this.holds.set(key(game, r.round, 'start'), newHold())
      if (holdNext) this.holds.set(key(game, r.round, 'next'), newHold())
      return { round: r.round, outcome: r.outcome }
    }
    return null
  }

  /**
   * Lets the loop pass a held point of `round` (at once if it is already waiting there). With
   * `now` at `start`, a betting window still open ends now too: the round starts on the release,
   * so a test's next step does not race whatever remained of that window.
   */
  release(game: string, round: number, point: HoldPoint, options: { now?: boolean } = {}): boolean {
    const hold = this.holds.get(key(game, round, point))
    if (!hold || hold.released) return false
    this.finish(game, key(game, round, point), hold)
    if (options.now && point === 'start') this.sources.get(game)?.source.startNow?.(round)
    return true
  }

  /**
   * Called by a game's loop at `point` of `round`: runs `go` now, or, where a test holds that
   * point, once it is released or {@link MAX_HOLD_MS} has passed.
   */
  gate(game: string, round: number, point: HoldPoint, go: () => void): void {
    const k = key(game, round, point)
    const hold = this.holds.get(k)
    if (!hold || hold.released) {
      this.holds.delete(k)
      go()
      return
    }
    hold.resume = go
    const scheduler = this.sources.get(game)?.scheduler
    if (scheduler) hold.cap = scheduler.setTimeout(() => this.finish(game, k, hold), MAX_HOLD_MS)
  }

  private finish(game: string, k: string, hold: Hold): void {
    hold.released = true
    if (!hold.resume) return
    const scheduler = this.sources.get(game)?.scheduler
    if (hold.cap && scheduler) scheduler.clearTimeout(hold.cap)
    this.holds.delete(k)
    const resume = hold.resume
    hold.resume = null
    resume()
  }
}

function newHold(): Hold {
  return { released: false, resume: null, cap: null }
}

function key(game: string, round: number, point: HoldPoint): string {
  return `${game}:${round}:${point}`
}
