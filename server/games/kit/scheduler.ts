/**
 * Time for a game loop: the clock that stamps a round's moments and the timers that move its phases.
 * Injected so tests drive whole rounds on fake time in milliseconds.
 */

/** A pending timer; opaque to the loop. */
export interface TimerHandle {
  readonly id: number
}

/** A clock with timers. */
export interface Scheduler {
  /** Epoch milliseconds. */
  now(): number
  setTimeout(fn: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

/** Wall-clock time and Node timers. */
export function realScheduler(): Scheduler {
  const timers = new Map<number, NodeJS.Timeout>()
  let next = 0
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const id = ++next
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id)
          fn()
        }, ms),
      )
      return { id }
    },
    clearTimeout(handle) {
      clearTimeout(timers.get(handle.id))
      timers.delete(handle.id)
    },
  }
}

/** A scheduler whose time moves only when told; for tests. */
export interface FakeScheduler extends Scheduler {
  /**
   * Moves time forward by `ms`, running every timer that falls due in order, each at its own due
   * time; `between` runs after each timer (tests pass a function that awaits pending work).
   */
  advance(ms: number, between?: () => Promise<void>): Promise<void>
  /** Due time of the earliest pending timer, or null. */
  nextDue(): number | null
}

/** A {@link FakeScheduler} starting at `start` epoch ms. */
export function fakeScheduler(start: number): FakeScheduler {
  let now = start
  let seq = 0
  const timers = new Map<number, { due: number; fn: () => void }>()
  const earliest = () => {
    let best: [number, { due: number; fn: () => void }] | null = null
    for (const entry of timers) if (!best || entry[1].due < best[1].due) best = entry
    return best
  }
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++seq
      timers.set(id, { due: now + Math.max(0, ms), fn })
      return { id }
    },
    clearTimeout(handle) {
      timers.delete(handle.id)
    },
    nextDue: () => earliest()?.[1].due ?? null,
    async advance(ms, between) {
      const end = now + ms
      for (;;) {
        const due = earliest()
        if (!due || due[1].due > end) break
        timers.delete(due[0])
        now = Math.max(now, due[1].due)
        due[1].fn()
        await between?.()
      }
      now = end
    },
  }
}
