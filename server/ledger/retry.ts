import { sqlConstraint, sqlState } from '../db/db'

/** Unique constraints that guard idempotency keys: losing the insert race means "look again". */
const IDEMPOTENCY_CONSTRAINTS = new Set(['ledger_transactions_idempotency', 'invoices_idempotency'])

/** True for errors a fresh attempt of the same serializable transaction may not hit. */
export function isRetryable(err: unknown): boolean {
  const state = sqlState(err)
  if (state === '40001' || state === '40P01') return true
  const constraint = sqlConstraint(err)
  return state === '23505' && constraint !== undefined && IDEMPOTENCY_CONSTRAINTS.has(constraint)
}

/**
 * Attempts per movement. PostgreSQL's serializable isolation tracks reads at index-page
 * granularity, so concurrent bets on an append-heavy ledger conflict far more often than they
 * truly interfere; measured with `npm run bench -- ledger` (8 workers), 8 attempts were not always
 * enough, 20 with back-off were.
 */
const MAX_ATTEMPTS = 20
const BACKOFF_BASE_MS = 2
const BACKOFF_CAP_MS = 100

/**
 * Runs `attempt` again on serialization failures, deadlocks and lost idempotency races, at most
 * `maxAttempts` times with a short randomised back-off, then gives up with the last error.
 * `onRetry` is told of every retry (the ledger counts them).
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  onRetry: () => void = () => {},
  maxAttempts = MAX_ATTEMPTS,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt()
    } catch (err) {
      if (i >= maxAttempts || !isRetryable(err)) throw err
      onRetry()
      // Full jitter over an exponentially growing window (capped): colliding transactions spread
      // apart instead of colliding again in lockstep, and a busy database gets room to drain.
      const window = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (i - 1))
      await new Promise((r) => setTimeout(r, Math.random() * window))
    }
  }
}
