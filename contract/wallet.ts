import { z } from 'zod/mini'
import { currency, minor, text, type Minor } from './common'

/**
 * The seamless wallet: the calls a game provider (or an aggregator) makes to this server to move
 * a player's money, and their answers (docs/providers.md). Machine to machine: every answer is
 * `status` "OK" or "ERROR" with a machine code, never text for a player. Money in minor units.
 */

/** A provider's id for a transaction, a round or a game: printable ASCII, as aggregators send. */
const providerId = z.string().check(z.regex(/^[!-~]{1,128}$/))

/** The player's id as the wallet hands it to providers (the user id, as a decimal string). */
export const walletPlayerId = z.string().check(z.regex(/^[1-9][0-9]{0,15}$/))

/** POST /api/wallet/:provider/authenticate: a launch token, as the game page received it. */
export const walletAuthenticateRequest = z.strictObject({ token: text(128, 16) })
export type WalletAuthenticateRequest = z.infer<typeof walletAuthenticateRequest>

/** POST /api/wallet/:provider/balance. */
export const walletBalanceRequest = z.strictObject({ playerId: walletPlayerId, currency })
export type WalletBalanceRequest = z.infer<typeof walletBalanceRequest>

/** POST /api/wallet/:provider/debit: a stake, under a live launch token of the provider. */
export const walletDebitRequest = z.strictObject({
  token: text(128, 16),
  playerId: walletPlayerId,
  currency,
  gameId: providerId,
  roundId: providerId,
  transactionId: providerId,
  amount: z.pipe(
    z.int().check(z.positive()),
    z.transform((n: number) => n as Minor),
  ),
})
export type WalletDebitRequest = z.infer<typeof walletDebitRequest>

/** POST /api/wallet/:provider/credit: a win (0 closes a lost round) in a round with a debit. */
export const walletCreditRequest = z.strictObject({
  playerId: walletPlayerId,
  currency,
  roundId: providerId,
  transactionId: providerId,
  amount: minor,
})
export type WalletCreditRequest = z.infer<typeof walletCreditRequest>

/** POST /api/wallet/:provider/rollback: cancels the debit `referenceTransactionId`. */
export const walletRollbackRequest = z.strictObject({
  playerId: walletPlayerId,
  currency,
  roundId: z.optional(providerId),
  transactionId: providerId,
  referenceTransactionId: providerId,
})
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequest>

/** The answer to authenticate: who plays, in what, with how much, in which game. */
export const walletAuthenticateAnswer = z.object({
  status: z.literal('OK'),
  playerId: walletPlayerId,
  currency,
  balance: minor,
  gameId: z.string(),
})
export type WalletAuthenticateAnswer = z.infer<typeof walletAuthenticateAnswer>

/** The answer to balance. */
export const walletBalanceAnswer = z.object({
  status: z.literal('OK'),
  playerId: walletPlayerId,
  currency,
  balance: minor,
})
export type WalletBalanceAnswer = z.infer<typeof walletBalanceAnswer>

/**
 * The answer to debit, credit and rollback: the balance right after the call and this server's id
 * of it. A replay of the call answers these same bytes.
 */
export const walletMoveAnswer = z.object({
  status: z.literal('OK'),
  playerId: walletPlayerId,
  currency,
  balance: minor,
  transactionId: z.string(),
})
export type WalletMoveAnswer = z.infer<typeof walletMoveAnswer>

/** Every refusal code of the wallet; docs/providers.md says what each means and its HTTP status. */
export const walletErrorCodes = [
  'INVALID_REQUEST',
  'UNKNOWN_PROVIDER',
  'INVALID_SIGNATURE',
  'REQUEST_EXPIRED',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'UNKNOWN_PLAYER',
  'PLAYER_MISMATCH',
  'CURRENCY_MISMATCH',
  'INSUFFICIENT_FUNDS',
  'TX_MISMATCH',
  'TX_ROLLED_BACK',
  'UNKNOWN_ROUND',
  'INVALID_ROLLBACK',
] as const
export type WalletErrorCode = (typeof walletErrorCodes)[number]

/** A refused call: nothing changed. */
export const walletErrorAnswer = z.object({
  status: z.literal('ERROR'),
  code: z.enum(walletErrorCodes),
  message: z.string(),
})
export type WalletErrorAnswer = z.infer<typeof walletErrorAnswer>
