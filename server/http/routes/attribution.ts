import type { FastifyInstance } from 'fastify'
import { attributionReportQuery } from '../../../contract'
import type { Services } from '../../services'
import { forbidden } from '../errors'
import { fromLoopback } from '../loopback'
import { parseQuery } from '../parse'

/**
 * What the server keeps of a player's attribution (docs/api.md, "Attribution"): a registration's
 * `partner`, `adplace`, `stag`, `promo` and `fpp` in `users.attribution`, the same for an account
 * a social log-in creates, and every middleware call and attachSource in `marketing_events`.
 */

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
