import { createHash } from 'node:crypto'
import { sqlState } from '../db/db'
import { LedgerError, type LedgerErrorCode } from './errors'

/** Stable hash of a request's parameters, stored beside its idempotency key. */
export function requestHash(params: Record<string, unknown>): string {
  const keys = Object.keys(params).sort()
  const canonical = JSON.stringify(keys.map((k) => [k, params[k]]))
  return createHash('sha256').update(canonical).digest('hex')
}

/** SQLSTATE the ledger's SQL functions raise for an expected refusal (migration 005). */
const REFUSAL_STATE = 'TL001'

const REFUSAL_CODES: ReadonlySet<LedgerErrorCode> = new Set([
  'balance_not_enough',
  'idempotency_key_reused',
  'hold_not_found',
  'hold_closed',
  'invalid_amount',
  'nonce_stale',
])

/**
 * Turns a refusal raised by a ledger SQL function (`ledger_refuse`: SQLSTATE TL001, message
 * "<code>: <text>") into the `LedgerError` callers expect; anything else is undefined.
 */
export function refusalOf(err: unknown): LedgerError | undefined {
  if (sqlState(err) !== REFUSAL_STATE || !(err instanceof Error)) return undefined
  const match = /^([a-z_]+): ([\s\S]*)$/.exec(err.message)
  const code = match?.[1] as LedgerErrorCode | undefined
  if (!match || code === undefined || !REFUSAL_CODES.has(code)) return undefined
  return new LedgerError(code, match[2] ?? '')
}
