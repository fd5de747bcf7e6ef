/**
 * Who sends a game command: the player a socket's handshake resolved (server/realtime/auth.ts), or
 * null for a guest, who may watch but not bet.
 */
import type { UserId } from '../../../contract'
import type { Currency } from '../../../games/engine/money'

/** A player's id (users.id): the HTTP contract's, shared with the shell. */
export type { UserId }

/** A logged-in player as every game sees them. */
export interface Player {
  userId: UserId
  /**
   * Public display name, as live tables show it: generated at registration, never an e-mail or a
   * phone (server/auth/publicName.ts). Public rows leave it out while the player hides their
   * statistics (privacy.ts).
   */
  name: string
  /** The player's account currency; a bet in another currency is refused. */
  currency: Currency
}
