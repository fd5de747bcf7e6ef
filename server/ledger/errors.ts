/** Expected ledger refusals; the HTTP layer turns them into the client's error bodies. */
export type LedgerErrorCode =
  | 'balance_not_enough'
  | 'idempotency_key_reused'
  | 'hold_not_found'
  | 'hold_closed'
  | 'invalid_amount'
  /** An instant bet drawn from a nonce its seed pair has moved past (or a pair retired since). */
  | 'nonce_stale'

/** A refused money movement; nothing was written. */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(`[ledger] ${message}`)
    this.name = 'LedgerError'
  }
}
