import type { Db } from '../db/db'
import { MemorySessionEnds, type SessionEnd, type SessionEnds } from './sessionEnds'
import { hashToken, newToken } from './tokens'

/** Tokens handed to the client at log-in and refresh. */
export interface IssuedTokens {
  token: string
  refresh_token: string
  expires_in: number
}

/** The authenticated caller of a request. */
export interface AuthContext {
  userId: number
  sessionId: number
}

/** A live session as `authenticate` resolves it. */
export type Authenticated = AuthContext & {
  accessExpiresAt: Date
  /** When the session ends unless used again: its idle or its absolute timeout, the sooner. */
  expiresAt: Date
}

/** The device a session was started from, as its log-in request told it. */
export interface SessionClient {
  userAgent?: string | null
  ip?: string | null
}

export interface SessionPolicy {
  accessTtlS: number
  idleTtlS: number
  absoluteTtlS: number
}

interface SessionRow {
  id: number
  user_id: number
  access_expires_at: Date
  created_at: Date
  last_seen_at: Date
  ended_at: Date | null
}

/**
 * Sessions: a short-lived access token plus a refresh token, both random 256-bit values stored
 * only as hashes. A session ends at logout, after `idleTtlS` without use, or `absoluteTtlS` after
 * log-in, whichever comes first. Every end written here is announced on `ends`, so the sockets
 * opened with the session close with it.
 */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
    private readonly now: () => Date,
    readonly ends: SessionEnds = new MemorySessionEnds(),
  ) {}

  /**
   * Starts a new session (every log-in gets fresh tokens). `client` is what the log-in request
   * carried, so the player can recognise the session in the profile (GET /profile/sessions).
   */
  async create(userId: number, client: SessionClient = {}): Promise<IssuedTokens> {
    const access = newToken('ta')
    const refresh = newToken('tr')
    const now = this.now()
    await this.db.query(
      `INSERT INTO sessions (user_id, access_hash, refresh_hash, access_expires_at, created_at, last_seen_at, user_agent, ip)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7)`,
      [
        userId,
        hashToken(access),
        hashToken(refresh),
        this.accessExpiry(now),
        now,
        client.userAgent?.slice(0, 512) ?? null,
        client.ip ?? null,
      ],
    )
    return { token: access, refresh_token: refresh, expires_in: this.policy.accessTtlS }
  }

  private accessExpiry(now: Date): Date {
    return new Date(now.getTime() + this.policy.accessTtlS * 1000)
  }

  private alive(s: SessionRow, now: Date): boolean {
    return s.ended_at === null && now.getTime() < this.expiry(s).getTime()
  }

  /** When a session times out unless used again: idle or absolute, the sooner. */
  private expiry(s: Pick<SessionRow, 'created_at' | 'last_seen_at'>): Date {
    return new Date(
      Math.min(
        s.last_seen_at.getTime() + this.policy.idleTtlS * 1000,
        s.created_at.getTime() + this.policy.absoluteTtlS * 1000,
      ),
    )
  }

  /** Resolves an access token to its caller, or undefined when unknown, expired or ended. */
  async authenticate(accessToken: string): Promise<Authenticated | undefined> {
    const rows = await this.db.query<SessionRow>(
      'SELECT id, user_id, access_expires_at, created_at, last_seen_at, ended_at FROM sessions WHERE access_hash = $1',
      [hashToken(accessToken)],
    )
    const s = rows[0]
    const now = this.now()
    if (!s || !this.alive(s, now) || s.access_expires_at.getTime() <= now.getTime())
      return undefined
    // Touch at most once a minute: the idle timeout needs minutes, not every request's write.
    let lastSeen = s.last_seen_at
    if (now.getTime() - s.last_seen_at.getTime() > 60_000) {
      await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [s.id, now])
      lastSeen = now
    }
    return {
      userId: s.user_id,
      sessionId: s.id,
      accessExpiresAt: s.access_expires_at,
      expiresAt: this.expiry({ created_at: s.created_at, last_seen_at: lastSeen }),
    }
  }

  /**
   * When a session times out as of now (HTTP use may have moved it since a socket's handshake),
   * or null when it has ended or timed out. A socket asks this only once its known deadline passed.
   */
  async liveUntil(sessionId: number): Promise<Date | null> {
    const rows = await this.db.query<SessionRow>(
      'SELECT id, user_id, access_expires_at, created_at, last_seen_at, ended_at FROM sessions WHERE id = $1',
      [sessionId],
    )
    const s = rows[0]
    return s && this.alive(s, this.now()) ? this.expiry(s) : null
  }

  /**
   * Rotates both tokens of a live session, given its refresh token or (for clients that keep one
   * token) its access token, expired or not. Each presented token works once. A refresh token
   * presented again after its rotation was copied: the session ends (`refresh_reused`), so the
   * thief's copy and the player's both stop, and the player logs in again. A replayed access
   * token only fails: browser tabs share one token cookie and may race to refresh with it.
   */
  async refresh(presented: string): Promise<IssuedTokens | undefined> {
    const hash = hashToken(presented)
    const now = this.now()
    if (await this.endIfSpent(hash)) return undefined
    const rows = await this.db.query<SessionRow & { access_hash: string; refresh_hash: string }>(
      `SELECT id, user_id, access_expires_at, created_at, last_seen_at, ended_at, access_hash, refresh_hash
       FROM sessions WHERE refresh_hash = $1 OR access_hash = $1`,
      [hash],
    )
    const s = rows[0]
    if (!s || !this.alive(s, now)) return undefined
    const access = newToken('ta')
    const refresh = newToken('tr')
    // Compare-and-swap on the old hash: two racing refreshes cannot both win. The refresh token
    // rotated away is remembered in the same statement, so no window lets it pass unnoticed.
    const updated = await this.db.query(
      `WITH rotated AS (
         UPDATE sessions SET access_hash = $3, refresh_hash = $4, access_expires_at = $5, last_seen_at = $6
         WHERE id = $1 AND (refresh_hash = $2 OR access_hash = $2) AND ended_at IS NULL RETURNING id
       )
       INSERT INTO spent_refresh_tokens (token_hash, session_id, spent_at)
       SELECT $7, id, $6 FROM rotated RETURNING session_id`,
      [
        s.id,
        hash,
        hashToken(access),
        hashToken(refresh),
        this.accessExpiry(now),
        now,
        s.refresh_hash,
      ],
    )
    if (updated.length === 0) {
      // Lost the race to a refresh with the same token: a second presentation all the same.
      await this.endIfSpent(hash)
      return undefined
    }
    return { token: access, refresh_token: refresh, expires_in: this.policy.accessTtlS }
  }

  /** Ends the session of a spent refresh token; true when `hash` is one. */
  private async endIfSpent(hash: string): Promise<boolean> {
    const spent = await this.db.query<{ session_id: number }>(
      'SELECT session_id FROM spent_refresh_tokens WHERE token_hash = $1',
      [hash],
    )
    const sessionId = spent[0]?.session_id
    if (sessionId === undefined) return false
    await this.end(sessionId, 'refresh_reused')
    return true
  }

  /**
   * Replaces only the access token when it is in the last third of its life (GET /profile/user
   * hands it out as `fresh_token`), keeping the refresh token.
   */
  async freshAccessToken(ctx: AuthContext & { accessExpiresAt: Date }): Promise<string | null> {
    const left = ctx.accessExpiresAt.getTime() - this.now().getTime()
    if (left > (this.policy.accessTtlS * 1000) / 3) return null
    const access = newToken('ta')
    await this.db.query(
      'UPDATE sessions SET access_hash = $2, access_expires_at = $3 WHERE id = $1',
      [ctx.sessionId, hashToken(access), this.accessExpiry(this.now())],
    )
    return access
  }

  /** Ends a session (logout). */
  async end(sessionId: number, reason: string): Promise<void> {
    this.ended(
      await this.db.query<EndedRow>(
        `UPDATE sessions SET ended_at = $2, ended_reason = $3 WHERE id = $1 AND ended_at IS NULL
         RETURNING id, user_id`,
        [sessionId, this.now(), reason],
      ),
    )
  }

  /** Ends every session of a user but one (after a password change or reset). */
  async endOthers(userId: number, keepSessionId: number | null, reason: string): Promise<void> {
    this.ended(
      await this.db.query<EndedRow>(
        `UPDATE sessions SET ended_at = $3, ended_reason = $4
         WHERE user_id = $1 AND id IS DISTINCT FROM $2 AND ended_at IS NULL RETURNING id, user_id`,
        [userId, keepSessionId, this.now(), reason],
      ),
    )
  }

  /**
   * Ends a live session of `userId` from the sessions list (`revoked`); false when the user has
   * no live session by that id (another player's, or one already over).
   */
  async revoke(userId: number, sessionId: number): Promise<boolean> {
    const now = this.now().getTime()
    const rows = await this.db.query<EndedRow>(
      `UPDATE sessions SET ended_at = $5, ended_reason = 'revoked'
       WHERE id = $1 AND user_id = $2 AND ended_at IS NULL AND last_seen_at > $3 AND created_at > $4
       RETURNING id, user_id`,
      [
        sessionId,
        userId,
        new Date(now - this.policy.idleTtlS * 1000),
        new Date(now - this.policy.absoluteTtlS * 1000),
        new Date(now),
      ],
    )
    this.ended(rows)
    return rows.length > 0
  }

  /** Announces sessions just ended, after their rows are written. */
  private ended(rows: readonly EndedRow[]): void {
    this.ends.publish(rows.map((r): SessionEnd => ({ sessionId: r.id, userId: r.user_id })))
  }
}

interface EndedRow {
  id: number
  user_id: number
}
