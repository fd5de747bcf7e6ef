import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  profileHistoryQuery,
  sessionParams,
  type BetHistoryItem,
  type BetHistoryResponse,
  type Currency,
  type UserId,
  type DepositHistoryItem,
  type DepositHistoryResponse,
  type Minor,
  type ProfileSessionsResponse,
  type SessionId,
} from '../../../contract'
import type { SessionClient } from '../../auth/sessions'
import { betHistoryPage, type BetHistoryProvider } from '../../games/kit/history'
import type { Services } from '../../services'
import { authOf, requireUser } from '../auth'
import { fieldError, messageError } from '../errors'
import { parseParams, parseQuery } from '../parse'

/** The device a log-in request came from, stored with its session (migration 007). */
export function sessionClient(req: FastifyRequest): SessionClient {
  const agent = req.headers['user-agent']
  return { userAgent: typeof agent === 'string' ? agent : null, ip: req.ip || null }
}

/**
 * A keyset position: the (time, id) of the last row of a page, as base64url text. Opaque to the
 * client; a cursor that does not decode is a 422 on `cursor`, never a silent first page.
 */
interface Cursor {
  ms: number
  id: string
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.ms}|${c.id}`, 'utf8').toString('base64url')
}

/**
 * The latest time a cursor may name: the end of year 9999. Every row was written long before;
 * a later one would be an invalid Date or outside what PostgreSQL's timestamptz reads.
 */
const CURSOR_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined) return null
  const m = /^(\d{1,16})\|([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(raw, 'base64url').toString())
  const ms = m ? Number(m[1]) : NaN
  if (!m || !Number.isSafeInteger(ms) || ms > CURSOR_MAX_MS) {
    throw fieldError('cursor', 'invalid', 'The cursor is not one this server issued.')
  }
  return { ms, id: m[2]! }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

interface SessionRow {
  id: number
  created_at: Date
  last_seen_at: Date
  user_agent: string | null
  ip: string | null
}

interface InvoiceRow {
  id: string
  amount: number
  commission: number
  currency: Currency
  status: number
  expires_at: Date
  created_at: Date
  method: string
}

/**
 * The profile area's own calls (designed here; docs/api.md, "Calls the SPEC leaves open"): the
 * player's live sessions and revoking one, and the history of bets and deposits. Every query is
 * filtered by the caller's user id, so a player can neither see nor end another's data. The bet
 * history is every game's: each game module pages its own bets (`betHistory`).
 */
export function profileAreaRoutes(
  app: FastifyInstance,
  s: Services,
  betHistory: readonly BetHistoryProvider<BetHistoryItem>[],
): void {
  const signedIn = { preHandler: requireUser(s) }
  // The same rule as Sessions.alive, in SQL: not ended, not idle too long, not too old.
  const live = `ended_at IS NULL AND last_seen_at > $2 AND created_at > $3`
  const liveParams = () => {
    const now = s.now().getTime()
    return [
      new Date(now - s.config.sessionIdleTtlS * 1000),
      new Date(now - s.config.sessionAbsoluteTtlS * 1000),
    ]
  }

  app.get('/profile/sessions', signedIn, async (req) => {
    const { userId, sessionId } = authOf(req)
    const rows = await s.db.query<SessionRow>(
      `SELECT id, created_at, last_seen_at, user_agent, ip FROM sessions
       WHERE user_id = $1 AND ${live} ORDER BY last_seen_at DESC, id DESC LIMIT 100`,
      [userId, ...liveParams()],
    )
    const current = rows.find((r) => r.id === sessionId)
    const previous = await s.db.query<{ created_at: Date }>(
      `SELECT created_at FROM sessions WHERE user_id = $1 AND id < $2
       ORDER BY id DESC LIMIT 1`,
      [userId, sessionId],
    )
    const ordered = current ? [current, ...rows.filter((r) => r !== current)] : rows
    return {
      data: ordered.map((r) => ({
        id: r.id as SessionId,
        created_at: r.created_at.toISOString(),
        last_seen_at: r.last_seen_at.toISOString(),
        user_agent: r.user_agent,
        ip: r.ip,
        current: r.id === sessionId,
      })),
      previous_login_at: previous[0]?.created_at.toISOString() ?? null,
    } satisfies ProfileSessionsResponse
  })

  app.delete('/profile/sessions/:id', signedIn, async (req) => {
    const { id } = parseParams(sessionParams, req)
    const { userId, sessionId } = authOf(req)
    // Log-out ends the current session (PUT /auth/logout); here it would leave the page signed
    // out half-way, so it is refused.
    if (id === sessionId) {
      throw fieldError('id', 'current_session', 'Log out to end the current session.')
    }
    // Another player's session, or one already over: nothing of the caller's by that id.
    if (!(await s.sessions.revoke(userId, id))) throw messageError(404, 'not_found', { id })
    return { success: true }
  })

  app.get('/profile/history', signedIn, async (req) => {
    const q = parseQuery(profileHistoryQuery, req)
    const { userId } = authOf(req)
    const after = decodeCursor(q.cursor)
    // One row more than asked says whether a next page exists.
    const take = q.limit + 1
    if (q.kind === 'bets') {
      const { rows, more } = await betHistoryPage(
        betHistory,
        s.db,
        userId as UserId,
        after,
        q.limit,
      )
      const last = rows[rows.length - 1]
      return {
        kind: 'bets',
        data: rows.map((r) => r.item),
        next_cursor: more && last ? encodeCursor(last) : null,
      } satisfies BetHistoryResponse
    }
    if (after && !UUID.test(after.id)) {
      throw fieldError('cursor', 'invalid', 'The cursor is not one this server issued.')
    }
    const rows = await s.db.query<InvoiceRow>(
      `SELECT i.id, i.amount, i.commission, i.currency, i.status, i.expires_at, i.created_at,
              m.name_en AS method
       FROM invoices i JOIN payment_methods m ON m.hash = i.method_hash
       WHERE i.user_id = $1
         AND ($2::timestamptz IS NULL OR (i.created_at, i.id) < ($2::timestamptz, $3::uuid))
       ORDER BY i.created_at DESC, i.id DESC LIMIT $4`,
      [
        userId,
        after ? new Date(after.ms) : null,
        after?.id ?? '00000000-0000-0000-0000-000000000000',
        take,
      ],
    )
    const page = rows.slice(0, q.limit)
    const last = page[page.length - 1]
    const now = s.now().getTime()
    return {
      kind: 'deposits',
      data: page.map((r) => depositItem(r, now)),
      next_cursor:
        rows.length > q.limit && last
          ? encodeCursor({ ms: last.created_at.getTime(), id: last.id })
          : null,
    } satisfies DepositHistoryResponse
  })
}

function depositItem(r: InvoiceRow, nowMs: number): DepositHistoryItem {
  // An unpaid invoice past its life is expired even before anyone polls it (billing/invoices.ts).
  const unpaid = r.status === 1 || r.status === 2
  const status = unpaid && r.expires_at.getTime() <= nowMs ? 4 : r.status
  return {
    id: r.id,
    amount: r.amount as Minor,
    commission: r.commission as Minor,
    currency: r.currency,
    status: status as DepositHistoryItem['status'],
    method: r.method,
    created_at: r.created_at.toISOString(),
  }
}
