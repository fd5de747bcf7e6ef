import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { attributionReportQuery, type SocialLoginRequest } from '../../../contract'
import type { Services } from '../../services'
import { forbidden } from '../errors'
import { fromLoopback } from '../loopback'
import { parseQuery } from '../parse'

/**
 * What the server keeps of a player's attribution (docs/api.md, "Attribution"): a registration's
 * `partner`, `adplace`, `stag`, `promo` and `fpp` in `users.attribution`, the same for an account
 * a social log-in creates, and every middleware call and attachSource in `marketing_events`.
 */

const FIELDS = ['partner', 'adplace', 'stag', 'promo', 'fpp'] as const

/** The registration fields of a social log-in request, null when absent. */
export function socialAttribution(body: SocialLoginRequest): Record<string, string | null> {
  return Object.fromEntries(FIELDS.map((k) => [k, body[k] ?? null]))
}

const stored = z.record(z.string(), z.string().max(256).nullable())

/**
 * The attribution kept with a social log-in attempt, read back from the database: only the
 * registration fields, each a string or null; anything else (an older row) is none.
 */
export function storedAttribution(raw: unknown): Record<string, string | null> {
  const parsed = stored.safeParse(raw)
  if (!parsed.success) return {}
  return Object.fromEntries(FIELDS.map((k) => [k, parsed.data[k] ?? null]))
}

/**
 * GET /sandbox/attribution (sandbox mode, this machine only): the newest registrations with their
 * attribution and the newest marketing events, optionally of one e-mail's account. What an
 * operator's report reads, shown for tests and the developer; production reads the tables.
 */
export function attributionReportRoutes(api: FastifyInstance, s: Services): void {
  void api.register(async (app) => {
    if (!s.config.sandboxAllowRemote) {
      app.addHook('onRequest', async (req) => {
        if (!fromLoopback(req, s.config.trustProxy)) throw forbidden('sandbox_local_only')
      })
    }
    app.get('/sandbox/attribution', async (req) => {
      const { email, limit } = parseQuery(attributionReportQuery, req)
      const users = await s.db.query<{ id: number; email: string | null; attribution: unknown }>(
        `SELECT id, email, attribution FROM users
         WHERE $1::text IS NULL OR email = $1 ORDER BY id DESC LIMIT $2`,
        [email ?? null, limit],
      )
      const events = await s.db.query<{ kind: string; user_id: number | null; data: unknown }>(
        `SELECT kind, user_id, data, created_at FROM marketing_events
         WHERE $1::text IS NULL OR user_id = ANY($2::bigint[]) ORDER BY id DESC LIMIT $3`,
        [email ?? null, users.map((u) => u.id), limit],
      )
      return { users, events }
    })
  })
}
