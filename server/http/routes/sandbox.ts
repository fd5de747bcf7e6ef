import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  InvoiceStatus,
  opaqueToken,
  outboxQuery,
  paymentStatusParams,
  verificationStatus,
  type OutboxResponse,
  type SocialLoginMessage,
} from '../../../contract'
import { loadInvoice, payInvoice } from '../../billing/invoices'
import { hashToken } from '../../auth/tokens'
import { insertUser } from '../../auth/users'
import type { Services } from '../../services'
import { devPage, page, scripts } from '../../sandbox/pages'
import { authOf, requireUser } from '../auth'
import { fieldError, forbidden, messageError } from '../errors'
import { fromLoopback } from '../loopback'
import { parseBody, parseParams, parseQuery } from '../parse'
import { storedAttribution } from './attribution'
import { attachPromo } from './bonus'
import { sessionClient } from './profileArea'

const socialComplete = z.object({
  state: opaqueToken,
  subject: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
})
/** `next` moves one step along the reviewer's path; a status jumps there (e.g. `failed`). */
const kycRequest = z.object({ status: z.union([verificationStatus, z.literal('next')]) })
/** The reviewer's path when asked to "advance" without a target status. */
const KYC_STEPS = ['init', 'waiting', 'pending', 'verified'] as const

/**
 * Sandbox providers, registered only in sandbox mode: the outbox, the payment page, the social
 * log-in popup and the KYC reviewer. They answer clients on this machine only (403
 * `sandbox_local_only` to others) unless SANDBOX_ALLOW_REMOTE is set: the outbox shows every
 * log-in code and the payment page credits any invoice, so a sandbox reachable from outside is
 * an account takeover waiting to happen.
 */
export function sandboxRoutes(api: FastifyInstance, s: Services): void {
  // Its own scope, so the guard covers these routes and nothing else of the API.
  void api.register(async (app) => {
    if (!s.config.sandboxAllowRemote) {
      app.addHook('onRequest', async (req) => {
        if (!fromLoopback(req, s.config.trustProxy)) throw forbidden('sandbox_local_only')
      })
    }
    providerRoutes(app, s)
  })
}

function providerRoutes(app: FastifyInstance, s: Services): void {
  app.get('/sandbox', async (_req, reply) => reply.type('text/html; charset=utf-8').send(devPage()))

  app.get('/sandbox/assets/:name', async (req, reply) => {
    const { name } = parseParams(z.object({ name: z.string().regex(/^[a-z]+\.js$/) }), req)
    const js = scripts[name.slice(0, -3)]
    if (!js) throw messageError(404, 'not_found', { name })
    return reply.type('text/javascript; charset=utf-8').send(js)
  })

  app.get('/sandbox/outbox', async (req) => {
    const q = parseQuery(outboxQuery, req)
    return { data: await s.outbox.list(q.to, q.limit) } satisfies OutboxResponse
  })

  // --- payment provider -------------------------------------------------------------------
  app.get('/sandbox/pay/:invoiceId', async (req, reply) => {
    const { invoiceId } = parseParams(paymentStatusParams, req)
    const inv = await loadInvoice(s, invoiceId)
    if (!inv) throw messageError(404, 'not_found', { invoiceId })
    const amount = `${(inv.amount / 100).toFixed(2)} ${inv.currency}`
    const html = page(
      'Sandbox payment',
      `<p>Invoice <code>${inv.id}</code>: <strong>${amount}</strong>, status ${inv.status}.</p>
<button id="pay">Pay ${amount}</button><p id="result"></p>`,
      'pay',
      { invoice: inv.id },
    )
    return reply.type('text/html; charset=utf-8').send(html)
  })

  app.post('/sandbox/pay/:invoiceId/confirm', async (req) => {
    const { invoiceId } = parseParams(paymentStatusParams, req)
    const outcome = await payInvoice(s, invoiceId)
    if (outcome === 'not_found') throw messageError(404, 'not_found', { invoiceId })
    if (outcome === 'invoice_expired') throw messageError(410, 'invoice_expired', { invoiceId })
    return { success: true, status: InvoiceStatus.paid }
  })

  // --- social provider --------------------------------------------------------------------
  app.get('/sandbox/social/authorize', async (req, reply) => {
    const { state } = parseQuery(z.object({ state: opaqueToken }), req)
    const html = page(
      'Sandbox social log-in',
      `<p>Sign in as a test player of the sandbox provider.</p>
<label>Player id <input id="subject" value="player1" maxlength="64"></label>
<button id="continue">Continue</button><p id="result"></p>`,
      'social',
      { state },
    )
    return reply.type('text/html; charset=utf-8').send(html)
  })

  app.post('/sandbox/social/complete', async (req) => {
    const body = parseBody(socialComplete, req)
    const rows = await s.db.query<{
      id: number
      provider: string
      origin: string
      params: { currency: string | null; promo?: string | null; attribution?: unknown }
    }>(
      `UPDATE social_logins SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING id, provider, origin, params`,
      [hashToken(body.state), s.now()],
    )
    const login = rows[0]
    if (!login)
      throw fieldError('state', 'invalid_token', 'The log-in attempt is unknown or has expired.')
    const find = () =>
      s.db.query<{ id: number }>(
        'SELECT id FROM users WHERE social_provider = $1 AND social_subject = $2',
        [login.provider, body.subject],
      )
    let userId = (await find())[0]?.id
    if (userId === undefined) {
      const currency = z
        .enum(['RUB', 'USD', 'KZT', 'INR', 'EUR'])
        .catch('RUB')
        .parse(login.params.currency)
      userId =
        (await insertUser(s.db, {
          registerMethod: 'social',
          currency,
          countryCode: s.config.defaultCountry,
          socialProvider: login.provider,
          socialSubject: body.subject,
          attribution: storedAttribution(login.params.attribution),
        })) ?? (await find())[0]?.id
      if (userId !== undefined && login.params.promo)
        await attachPromo(s, userId, login.params.promo)
    }
    if (userId === undefined) throw new Error('[sandbox] social user could not be created')
    const tokens = await s.sessions.create(userId, sessionClient(req))
    const message: SocialLoginMessage = { type: 'tessera:social-login', ...tokens }
    return { origin: login.origin, message }
  })

  // --- KYC reviewer -----------------------------------------------------------------------
  app.post('/sandbox/kyc', { preHandler: requireUser(s) }, async (req) => {
    const { status } = parseBody(kycRequest, req)
    const { userId } = authOf(req)
    const rows = await s.db.query<{ verification_status: string | null }>(
      'SELECT verification_status FROM users WHERE id = $1',
      [userId],
    )
    const current = rows[0]?.verification_status ?? null
    const index = KYC_STEPS.indexOf(current as (typeof KYC_STEPS)[number])
    const next = status !== 'next' ? status : KYC_STEPS[Math.min(index + 1, KYC_STEPS.length - 1)]!
    const done = next === 'verified' || next === 'success'
    await s.db.query(
      'UPDATE users SET verification_status = $2, verification_is_need = $3 WHERE id = $1',
      [userId, next, !done],
    )
    return { success: true, status: next }
  })
}
