import type { FastifyInstance } from 'fastify'
import {
  attachSourceRequest,
  emailOnlyRequest,
  refreshRequest,
  socialLoginRequest,
  verifyCodeRequest,
  type RefreshResponse,
  type SocialLoginResponse,
} from '../../../contract'
import { sendCode } from '../../auth/delivery'
import { hashToken, newToken } from '../../auth/tokens'
import { findUser } from '../../auth/users'
import type { Services } from '../../services'
import { authOf, bearerToken, requireUser } from '../auth'
import { fieldError, HttpError, messageError, unauthenticated } from '../errors'
import { parseBody } from '../parse'
import { limit } from '../rateLimit'
import { socialAttribution } from './attribution'

const SOCIAL_STATE_TTL_MS = 10 * 60_000

/** Token refresh, logout, social log-in, contact verification and attribution of a session. */
export function sessionRoutes(app: FastifyInstance, s: Services): void {
  const signedIn = { preHandler: requireUser(s) }
  const me = async (userId: number) => {
    const user = await findUser(s.db, { id: userId })
    if (!user) throw unauthenticated()
    return user
  }

  app.post('/auth/refresh-token', { config: limit(s.config.rateLimits.login * 6) }, async (req) => {
    const body = parseBody(refreshRequest, req)
    const presented = body.refresh_token ?? bearerToken(req)
    const tokens = presented ? await s.sessions.refresh(presented) : undefined
    if (!tokens) {
      throw new HttpError(401, {
        data: { message: 'session_expired', params: {}, sso: s.config.mirror.sso },
      })
    }
    return {
      access_token: tokens.token,
      refresh_token: tokens.refresh_token,
      expires_in: tokens.expires_in,
    } satisfies RefreshResponse
  })

  app.put('/auth/logout', signedIn, async (req) => {
    await s.sessions.end(authOf(req).sessionId, 'logout')
    return { success: true }
  })

  app.put('/auth/login', { config: limit(s.config.rateLimits.login) }, async (req) => {
    const body = parseBody(socialLoginRequest, req)
    if (!s.config.sandbox) {
      // No real social provider ships with the reference server; an operator plugs one in here.
      throw messageError(400, 'sandbox_only', { provider: body.provider })
    }
    // The popup posts tokens to this origin: only our own site or a configured client may be it.
    const origin = new URL(body.origin).origin
    const allowed = [new URL(s.config.publicUrl).origin, ...s.config.corsOrigins]
    if (!allowed.includes(origin)) {
      throw fieldError('origin', 'invalid', 'The origin is not a site of this casino.')
    }
    const state = newToken('ss')
    await s.db.query(
      `INSERT INTO social_logins (state_hash, provider, origin, params, expires_at)
       VALUES ($1, $2, $3, $4::text::jsonb, $5)`,
      [
        hashToken(state),
        body.provider,
        origin,
        JSON.stringify({
          promo: body.promo ?? null,
          currency: body.currency ?? null,
          // Stored with the account the log-in creates, as a registration's (docs/api.md).
          attribution: socialAttribution(body),
        }),
        new Date(s.now().getTime() + SOCIAL_STATE_TTL_MS),
      ],
    )
    const url = `${s.config.publicUrl}/api/sandbox/social/authorize?state=${encodeURIComponent(state)}`
    return { url } satisfies SocialLoginResponse
  })

  // --- verifying the e-mail and phone of the signed-in account ---------------------------------
  const codeLimit = { ...signedIn, config: limit(s.config.rateLimits.codes) }
  app.post('/auth/email/resend', codeLimit, async (req) => {
    const user = await me(authOf(req).userId)
    if (!user.email) throw fieldError('email', 'required', 'The account has no e-mail.')
    if (user.is_email_verified)
      throw fieldError('email', 'already_verified', 'The e-mail is already confirmed.')
    return sendCode(s, 'verify_email', 'email', user.email)
  })
  app.post('/auth/phone/resend', codeLimit, async (req) => {
    const user = await me(authOf(req).userId)
    if (!user.phone) throw fieldError('phone', 'required', 'The account has no phone.')
    if (user.is_phone_verified)
      throw fieldError('phone', 'already_verified', 'The phone is already confirmed.')
    return sendCode(s, 'verify_phone', 'sms', user.phone)
  })
  const verify = (kind: 'email' | 'phone') => async (req: Parameters<typeof authOf>[0]) => {
    const { code } = parseBody(verifyCodeRequest, req)
    const user = await me(authOf(req).userId)
    const target = kind === 'email' ? user.email : user.phone
    if (
      !target ||
      !(await s.codes.consume(kind === 'email' ? 'verify_email' : 'verify_phone', target, code))
    ) {
      throw fieldError('code', 'invalid_code', 'The code is invalid or has expired.')
    }
    await s.db.query(`UPDATE users SET is_${kind}_verified = true WHERE id = $1`, [user.id])
    return { success: true }
  }
  app.post(
    '/auth/email/verify/code',
    { ...signedIn, config: limit(s.config.rateLimits.login) },
    verify('email'),
  )
  app.post(
    '/auth/phone/verify/code',
    { ...signedIn, config: limit(s.config.rateLimits.login) },
    verify('phone'),
  )

  app.post('/auth/send_login_data', codeLimit, async (req) => {
    const { email } = parseBody(emailOnlyRequest, req)
    const user = await me(authOf(req).userId)
    // Only to the account's own confirmed address: a stolen session must not mail the account's
    // log-in to an address of the thief's choosing.
    if (!user.email || !user.is_email_verified || user.email !== email) {
      throw fieldError(
        'email',
        'invalid',
        "Log-in details are sent only to the account's own confirmed e-mail.",
      )
    }
    const login = user.email
    await s.outbox.send({
      channel: 'email',
      to: user.email,
      subject: 'Your Tessera log-in',
      body: `You sign in to Tessera as ${login}. Passwords are never sent; reset yours at ${s.config.publicUrl}/password/reset.`,
    })
    return { success: true }
  })

  app.post('/attachSource', signedIn, async (req) => {
    const body = parseBody(attachSourceRequest, req)
    const { userId } = authOf(req)
    // Only fill attribution the account does not have yet: the first source wins.
    const present = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null))
    await s.db.query(
      `UPDATE users SET attribution = $2::text::jsonb || attribution WHERE id = $1`,
      [userId, JSON.stringify(present)],
    )
    await s.db.query(
      `INSERT INTO marketing_events (kind, user_id, data) VALUES ('attach_source', $1, $2::text::jsonb)`,
      [userId, JSON.stringify(body)],
    )
    return { success: true }
  })
}
