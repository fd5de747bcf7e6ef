/**
 * The money API for the rest of the server (games, billing): `Ledger` with deposit, grantBonus,
 * hold, settle, refund and balances; refusals are `LedgerError`s. See docs/api.md "Ledger".
 */
export {
  Ledger,
  type HoldResult,
  type InstantBetMove,
  type InstantBetResult,
  type LedgerOptions,
  type MoveResult,
  type SettleResult,
} from './ledger'
export { LedgerError, type LedgerErrorCode } from './errors'
export type { UserBalances } from './accounts'
