/**
 * Single sign-on between the mirror hosts of one server (SSO_ORIGINS). Each host keeps its own
 * `token` cookie, which no other host can read, so a log-in on one host hands the browser a
 * ticket that the others redeem:
 *
 * 1. The log-in answer's `sso` is `<next origin>/api/sso/enter?ticket=<t>&return=`; the client
 *    appends its current URL, encoded, and goes there (src/features/session/login.ts).
 * 2. `GET /api/sso/enter` on that host takes the ticket once, starts a session of the player
 *    there, sets that host's `token` cookie and sends the browser on to the next host that has
 *    not had the ticket yet, or back to the return URL.
 *
 * Safe by construction: a ticket is 256 random bits stored as its SHA-256, lives
 * SSO_TICKET_TTL_S (60 s), is taken once per host by one UPDATE (a replay finds nothing), and
 * only origins of SSO_ORIGINS ever receive it or are redirected to, so the return address cannot
 * send the player anywhere else (no open redirect). Each host gets its own session: sharing one
 * would let the hosts' refreshes rotate each other's token and end it as reused.
 */
import type { FastifyRequest } from 'fastify'
import type { Services } from '../services'
import { hashToken, newToken } from '../auth/tokens'
import { sessionClient } from '../http/routes/profileArea'

/** The API prefix of every host (server/app.ts `API_PREFIX`; not imported: app imports us). */
const API_PREFIX = '/api'

/** Seconds the `token` cookie lives (SPEC.md section 3), as the client writes it. */
const TOKEN_COOKIE_MAX_AGE_S = 2_592_000

/** The page's origin a request came from: its Origin header, else its own scheme and host. */
export function pageOrigin(req: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>): string {
  const origin = req.headers.origin
  if (typeof origin === 'string' && origin !== 'null') return origin.toLowerCase()
  return `${req.protocol}://${req.host}`.toLowerCase()
}

/** This host's own origin (where the request was sent, not where it came from). */
function ownOrigin(req: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return `${req.protocol}://${req.host}`.toLowerCase()
}

function enterUrl(origin: string, ticket: string, back: string | null): string {
  const base = `${origin}${API_PREFIX}/sso/enter?ticket=${encodeURIComponent(ticket)}&return=`
  return back === null ? base : base + encodeURIComponent(back)
}

/**
 * The `sso` link of a log-in answer: a fresh ticket for the other mirror hosts when the log-in
 * came from one of SSO_ORIGINS, else the operator's static MIRROR_SSO_URL (or null).
 */
export async function ssoLinkFor(
  s: Pick<Services, 'config' | 'db' | 'now'>,
  req: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>,
  userId: number,
): Promise<string | null> {
  const { ssoOrigins, ssoTicketTtlS } = s.config.hosts
  const from = pageOrigin(req)
  if (!ssoOrigins.includes(from)) return s.config.mirror.sso
  const others = ssoOrigins.filter((o) => o !== from)
  if (others.length === 0) return s.config.mirror.sso
  const ticket = newToken('st')
  const now = s.now()
  await s.db.query('DELETE FROM sso_tickets WHERE expires_at < $1', [now])
  await s.db.query(
    `INSERT INTO sso_tickets (ticket_hash, user_id, pending_origins, expires_at)
     VALUES ($1, $2, $3, $4)`,
    [hashToken(ticket), userId, others, new Date(now.getTime() + ssoTicketTtlS * 1000)],
  )
  return enterUrl(others[0]!, ticket, null)
}

/** What `GET /sso/enter` answers: where to send the browser, and the token cookie to set. */
export interface SsoEntry {
  location: string
  /** `Set-Cookie` value of this host's new session, when the ticket was good. */
  cookie: string | null
}

/**
 * Redeems a ticket on this host. A return URL outside SSO_ORIGINS is replaced by this host's
 * home page; a bad, used or expired ticket only skips the session (the player is still signed
 * in where they logged in) and the browser goes back all the same.
 */
export async function enterSso(
  s: Pick<Services, 'config' | 'db' | 'now' | 'sessions'>,
  req: FastifyRequest,
  query: { ticket: string; return?: string | undefined },
): Promise<SsoEntry> {
  const { ssoOrigins } = s.config.hosts
  const here = ownOrigin(req)
  const back =
    safeReturn(query.return, ssoOrigins) ?? (ssoOrigins.includes(here) ? `${here}/` : '/')
  if (!ssoOrigins.includes(here)) return { location: back, cookie: null }
  const rows = await s.db.query<{ user_id: number; pending_origins: string[] }>(
    `UPDATE sso_tickets SET pending_origins = array_remove(pending_origins, $2)
     WHERE ticket_hash = $1 AND $2 = ANY(pending_origins) AND expires_at > $3
     RETURNING user_id, pending_origins`,
    [hashToken(query.ticket), here, s.now()],
  )
  const row = rows[0]
  if (!row) return { location: back, cookie: null }
  const tokens = await s.sessions.create(Number(row.user_id), sessionClient(req))
  const next = row.pending_origins[0]
  if (next === undefined) {
    await s.db.query('DELETE FROM sso_tickets WHERE ticket_hash = $1', [hashToken(query.ticket)])
  }
  const secure = here.startsWith('https:') ? '; Secure' : ''
  return {
    location: next === undefined ? back : enterUrl(next, query.ticket, back),
    cookie: `token=${tokens.token}; Path=/; Max-Age=${TOKEN_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`,
  }
}

/** The return URL when it is an absolute URL on one of `origins`, else null. */
export function safeReturn(value: string | undefined, origins: readonly string[]): string | null {
  if (!value) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  return origins.includes(url.origin.toLowerCase()) ? url.href : null
}
