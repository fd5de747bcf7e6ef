import { createHash, randomBytes } from 'node:crypto'
import type { Currency } from '../../contract'
import type { Queryable } from '../db/db'

/** A launch token's prefix: a token seen in a log says what it is. */
const TOKEN_PREFIX = 'wl_'

/** The stored form of a launch token: its SHA-256 in hex (the token itself is never stored). */
export function launchTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A game launch for one player with one provider, as {@link createLaunchToken} made it. */
export interface LaunchToken {
  token: string
  currency: Currency
  expiresAt: Date
}

/**
 * Opens a game of `providerId` for a player: a fresh launch token the game page hands to the
 * provider, which authenticates it and stakes under it until `ttlS` seconds pass. The token is in
 * the player's own currency. The launch pages call this; a provider never can.
 */
export async function createLaunchToken(
  q: Queryable,
  launch: { providerId: string; userId: number; gameId: string; now: Date; ttlS: number },
): Promise<LaunchToken> {
  const players = await q.query<{ currency: Currency }>(
    'SELECT currency FROM users WHERE id = $1',
    [launch.userId],
  )
  const currency = players[0]?.currency
  if (currency === undefined) throw new Error(`[wallet] no player ${launch.userId} to launch for`)
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url')
  const expiresAt = new Date(launch.now.getTime() + launch.ttlS * 1000)
  await q.query(
    `INSERT INTO wallet_sessions
       (token_hash, provider_id, user_id, game_id, currency, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      launchTokenHash(token),
      launch.providerId,
      launch.userId,
      launch.gameId,
      currency,
      launch.now.toISOString(),
      expiresAt.toISOString(),
    ],
  )
  return { token, currency, expiresAt }
}
