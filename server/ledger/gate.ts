/**
 * A counting gate: at most `limit` tasks run at once, the rest wait in arrival order. The ledger
 * runs its serializable transactions through one, because on a database with few cores more
 * concurrent transactions than it can run add no throughput, only overlap, and under SERIALIZABLE
 * overlap is what turns into serialization failures and retries.
 */
export class Gate {
  private running = 0
  private readonly queue: (() => void)[] = []

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`[ledger] gate limit ${limit} must be at least 1`)
  }

  /** Runs `task` once a place is free; the place is given back however it ends. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve))
    else this.running++
    try {
      return await task()
    } finally {
      // Hand the place straight to the next waiter (running stays the same), else free it.
      const next = this.queue.shift()
      if (next) next()
      else this.running--
    }
  }
}
