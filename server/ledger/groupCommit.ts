import { sqlLiteral, type SqlScalar } from '../db/db'
import { refusalOf } from './postings'
import { isRetryable, withRetry } from './retry'

/** A movement as the batch function `ledger_apply_batch` takes it (migration 011). */
export interface BatchMove {
  /** Which movement function: hold, close (settle and refund), deposit, bonus, instant bet. */
  f: 'hold' | 'close' | 'deposit' | 'bonus' | 'instant'
  /** Idempotency key. */
  k: string
  /** Request hash stored beside the key. */
  h: string
  /** The movement function's arguments after key and hash. */
  a: readonly SqlScalar[]
}

/** One row of `ledger_apply_batch`: the movement's outcome or the error it raised alone. */
export interface BatchRow {
  ord: number
  replayed: boolean | null
  result: unknown
  error_state: string | null
  error_constraint: string | null
  error_message: string | null
}

/** Runs one batch as one serializable transaction; returns one row per movement, in order. */
export type ApplyBatch = (moves: readonly BatchMove[]) => Promise<BatchRow[]>

/**
 * Most movements in one batch. Each takes a subtransaction id in the database, and PostgreSQL
 * caches only 64 per session before every other session's visibility checks get slower.
 */
export const MAX_BATCH = 32

interface Pending {
  move: BatchMove
  resolve: (result: unknown) => void
  reject: (err: unknown) => void
}

/** An error of one movement, shaped like a driver error (code, constraint) for the same handling. */
export class MovementError extends Error {
  constructor(
    readonly code: string,
    readonly constraint: string | undefined,
    message: string,
  ) {
    super(message)
    this.name = 'MovementError'
  }
}

/** Turns a batch row into the movement's result, or throws what the movement alone raised. */
function outcomeOf(row: BatchRow | undefined): unknown {
  if (!row) throw new Error('[ledger] ledger_apply_batch returned too few rows')
  if (row.error_state === null) return row.result
  const err = new MovementError(
    row.error_state,
    row.error_constraint ?? undefined,
    row.error_message ?? '',
  )
  throw refusalOf(err) ?? err
}

/**
 * Group commit: movements submitted while a batch is being applied wait, and go together as the
 * next batch, one serializable transaction for all of them (each in its own subtransaction, so a
 * refused movement refuses only itself). Nothing waits on purpose: a movement submitted to an idle
 * writer goes at the next turn of the event loop, alone or with whatever arrived in the same turn,
 * so batches grow with load and latency stays that of one transaction when there is none.
 * A batch that fails as a whole (serialization failure, deadlock, a key claimed concurrently) is
 * retried whole; one that fails otherwise is split, each movement retried alone, so an unexpected
 * error reaches only the movement that caused it.
 */
export class GroupCommit {
  private readonly queue: Pending[] = []
  private inFlight = 0
  private scheduled = false
  /** Batches committed so far, and the movements they carried: a health figure. */
  readonly stats = { batches: 0, movements: 0 }

  constructor(
    private readonly apply: ApplyBatch,
    /** Batches applied at once (1 = a single writer; PGlite runs one transaction at a time). */
    readonly maxInFlight: number,
    /** Told of each retried batch attempt with the number of movements it carried. */
    private readonly onRetry: (movements: number) => void = () => {},
    readonly maxBatch: number = MAX_BATCH,
  ) {
    if (!(maxInFlight >= 1)) throw new Error(`[ledger] batches in flight ${maxInFlight} < 1`)
    if (!(maxBatch >= 1 && maxBatch <= MAX_BATCH)) {
      throw new Error(`[ledger] batch size ${maxBatch} outside 1..${MAX_BATCH}`)
    }
  }

  /** Queues a movement; settles with its result or its own error once its batch commits. */
  submit(move: BatchMove): Promise<unknown> {
    // Refuse here what the database could not be sent (NUL in a string, an unsafe integer), so a
    // bad call fails alone instead of failing the batch it would have joined.
    for (const v of [move.k, move.h, ...move.a]) sqlLiteral(v)
    return new Promise((resolve, reject) => {
      this.queue.push({ move, resolve, reject })
      this.schedule()
    })
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.maxInFlight) return
    this.scheduled = true
    // setImmediate, not a microtask: callers whose previous movement just resolved submit their
    // next one in the microtasks of that same turn, and they all join this batch.
    setImmediate(() => {
      this.scheduled = false
      // Share what waits among the free places, so several connections work at once.
      const free = this.maxInFlight - this.inFlight
      const size = Math.min(this.maxBatch, Math.ceil(this.queue.length / Math.max(1, free)))
      while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
        void this.flush(this.queue.splice(0, size))
      }
    })
  }

  private async flush(batch: Pending[]): Promise<void> {
    this.inFlight++
    try {
      await this.applyAndAnswer(batch)
    } finally {
      this.inFlight--
      this.schedule()
    }
  }

  private async applyAndAnswer(batch: Pending[]): Promise<void> {
    let rows: BatchRow[]
    try {
      rows = await withRetry(
        () => this.apply(batch.map((p) => p.move)),
        () => this.onRetry(batch.length),
      )
    } catch (err) {
      if (batch.length > 1 && !isRetryable(err)) {
        // Not a conflict: find the guilty movement by applying each on its own.
        for (const p of batch) await this.applyAndAnswer([p])
        return
      }
      for (const p of batch) p.reject(err)
      return
    }
    this.stats.batches++
    this.stats.movements += batch.length
    const byOrd = new Map(rows.map((r) => [r.ord, r]))
    batch.forEach((p, i) => {
      try {
        p.resolve(outcomeOf(byOrd.get(i + 1)))
      } catch (err) {
        p.reject(err)
      }
    })
  }
}
