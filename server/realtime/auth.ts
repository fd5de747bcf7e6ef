/**
 * Handshake authentication for every game namespace: the session token arrives as
 * `socket.handshake.auth.token` (the stream client's contract). No token is a guest, who may watch;
 * a token that does not resolve to a live session is refused with a middleware error, so the
 * client refreshes it instead of silently watching as a guest.
 */
import type { Socket } from 'socket.io'
import { isCurrency } from '../../games/engine/money'
import type { GameSocketData } from '../games/kit/namespace'
import type { Player, UserId } from '../games/kit/player'
import type { Services } from '../services'

/** The error message a refused handshake carries (`connect_error` on the client). */
export const UNAUTHORIZED = 'unauthorized'

/** The session a player's socket was opened with: it lives no longer than that session. */
export interface SocketSession {
  id: number
  /** When the session times out unless used again, epoch ms of `services.now` (see Sessions). */
  expiresAt: number
}

/** What the handshake leaves on `socket.data`: the kit's part and the session (null: a guest). */
export interface RealtimeSocketData extends GameSocketData {
  session: SocketSession | null
}

/**
 * Resolves a token to the player it belongs to and their session, with the same session rules as
 * the HTTP API (`Sessions.authenticate`, which `requireUser` in server/http/auth.ts uses).
 */
export async function playerFromToken(
  services: Services,
  token: string,
): Promise<{ user: Player; session: SocketSession } | null> {
  const ctx = await services.sessions.authenticate(token)
  if (!ctx) return null
  const rows = await services.db.query<{ name: string | null; currency: string }>(
    'SELECT name, currency FROM users WHERE id = $1',
    [ctx.userId],
  )
  const row = rows[0]
  if (!row || !isCurrency(row.currency)) return null
  // Live tables are public: show the chosen display name, else an anonymous label.
  const name = (row.name?.trim() || `Player ${ctx.userId}`).slice(0, 64)
  const user: Player = { userId: ctx.userId as UserId, name, currency: row.currency }
  return { user, session: { id: ctx.sessionId, expiresAt: ctx.expiresAt.getTime() } }
}

/** socket.io middleware setting `socket.data` (see {@link RealtimeSocketData}). */
export function handshakeAuth(services: Services) {
  return (socket: Socket, next: (err?: Error) => void): void => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token
    if (token === undefined || token === null || token === '') {
      socket.data = { user: null, session: null } satisfies RealtimeSocketData
      return next()
    }
    if (typeof token !== 'string' || token.length > 512) return next(new Error(UNAUTHORIZED))
    playerFromToken(services, token).then(
      (found) => {
        if (!found) return next(new Error(UNAUTHORIZED))
        socket.data = found satisfies RealtimeSocketData
        next()
      },
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    )
  }
}
