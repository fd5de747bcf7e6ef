import type { WalletErrorCode } from '../../contract'
import { sqlState } from '../db/db'

/** The HTTP status each refusal is answered with (docs/providers.md "Errors"). */
export const WALLET_ERROR_STATUS: Record<WalletErrorCode, number> = {
  INVALID_REQUEST: 400,
  UNKNOWN_PROVIDER: 404,
  INVALID_SIGNATURE: 401,
  REQUEST_EXPIRED: 401,
  INVALID_TOKEN: 403,
  TOKEN_EXPIRED: 403,
  UNKNOWN_PLAYER: 404,
  PLAYER_MISMATCH: 403,
  CURRENCY_MISMATCH: 409,
  INSUFFICIENT_FUNDS: 409,
  TX_MISMATCH: 409,
  TX_ROLLED_BACK: 409,
  UNKNOWN_ROUND: 409,
  INVALID_ROLLBACK: 409,
}

/** A refused wallet call; nothing was written. */
export class WalletError extends Error {
  constructor(
    readonly code: WalletErrorCode,
    message: string,
  ) {
    super(`[wallet] ${message}`)
    this.name = 'WalletError'
  }
}

/** SQLSTATE of the refusals `wallet_refuse` raises (migration 032). */
const REFUSAL_STATE = 'TW001'

/**
 * Turns a refusal raised by `wallet_call` ("<CODE>: <text>", SQLSTATE TW001) into a
 * {@link WalletError}; anything else is undefined.
 */
export function walletRefusalOf(err: unknown): WalletError | undefined {
  if (sqlState(err) !== REFUSAL_STATE || !(err instanceof Error)) return undefined
  const match = /^([A-Z_]+): ([\s\S]*)$/.exec(err.message)
  const code = match?.[1] as WalletErrorCode | undefined
  if (!match || code === undefined || !(code in WALLET_ERROR_STATUS)) return undefined
  return new WalletError(code, match[2] ?? '')
}
