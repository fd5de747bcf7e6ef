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
 * Runs `attempt` again on serialization failures, deadlocks and lost idempotency races, at most
 * `maxAttempts` times with a short randomised back-off, then gives up with the last error.
 */
export async function withRetry<T>(attempt: () => Promise<T>, maxAttempts = 8): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt()
    } catch (err) {
      if (i >= maxAttempts || !isRetryable(err)) throw err
      // Jitter spreads colliding retries apart so they do not collide again in lockstep.
      await new Promise((r) => setTimeout(r, Math.random() * 10 * i))
    }
  }
}
