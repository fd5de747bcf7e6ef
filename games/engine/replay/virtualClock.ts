/** The clock shape `createActor(logic, { clock })` accepts (xstate does not export its name). */
export interface ActorClock {
  setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown
  clearTimeout(id: unknown): void
}

interface Timer {
  id: number
  due: number
  order: number
  fn: () => void
}

/**
 * A manual clock for actors (`createActor(logic, { clock })`). Unlike xstate's `SimulatedClock`,
 * `advanceTo` fires each due timer at its own due time, in due order, so a delay that expires
 * between two recorded entries is seen at the moment it really fired.
 */
export class VirtualClock implements ActorClock {
  private current = 0
  private nextId = 1
  private readonly timers = new Map<number, Timer>()

  /** Virtual milliseconds since the clock started. */
  now(): number {
    return this.current
  }

  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = this.nextId++
    this.timers.set(id, { id, due: this.current + Math.max(0, timeout), order: id, fn: () => fn() })
    return id
  }

  clearTimeout(id: unknown): void {
    if (typeof id === 'number') this.timers.delete(id)
  }

  /** Moves time forward to `time`, firing every timer due on the way, including ones they set. */
  advanceTo(time: number): void {
    if (time < this.current) {
      throw new Error(`[VirtualClock] cannot go back from ${this.current} to ${time}`)
    }
    for (let timer = this.nextDue(time); timer; timer = this.nextDue(time)) {
      this.timers.delete(timer.id)
      this.current = timer.due
      timer.fn()
    }
    this.current = time
  }

  /** Moves time forward by `ms`. */
  advanceBy(ms: number): void {
    this.advanceTo(this.current + ms)
  }

  private nextDue(limit: number): Timer | undefined {
    let next: Timer | undefined
    for (const timer of this.timers.values()) {
      if (timer.due > limit) continue
      if (!next || timer.due < next.due || (timer.due === next.due && timer.order < next.order)) {
        next = timer
      }
    }
    return next
  }
}
