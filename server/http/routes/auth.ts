import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  codeChannelQuery,
  emailOnlyRequest,
  loginEmailCodeRequest,
  loginEmailPasswordRequest,
  loginPhoneCodeRequest,
  loginPhonePasswordRequest,
  phoneOnlyRequest,
  registerEmailRequest,
  registerPhoneRequest,
  type LoginResponse,
  type RegisterResponse,
} from '../../../contract'
import { sendCode } from '../../auth/delivery'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords'
import { findUser, insertUser, type UserRow } from '../../auth/users'
import type { Services } from '../../services'
import { fieldError } from '../errors'
import { countryOf } from '../geo'
import { parseBody, parseQuery } from '../parse'
import { limit } from '../rateLimit'
import { attachPromo } from './bonus'
import { requireBotCheck } from './botcheck'
import { ssoLinkFor } from '../../geo/sso'
import { sessionClient } from './profileArea'

/**
 * Registration and log-in (SPEC.md section 7): e-mail or phone with a password or a one-time
 * code. Every success starts a new session.
 */
export function authRoutes(app: FastifyInstance, s: Services): void {
  const { rateLimits } = s.config
  // Registration and code sending pass the bot check first (server/botcheck).
  const botCheck = requireBotCheck(s)

  const loginResponse = async (userId: number, req: FastifyRequest): Promise<LoginResponse> => ({
    success: true,
    ...(await s.sessions.create(userId, sessionClient(req))),
    sso: await ssoLinkFor(s, req, userId),
  })

  const register = async (
    req: Parameters<typeof countryOf>[0],
    body: { email?: string; phone?: string; password: string } & Record<string, unknown>,
  ): Promise<RegisterResponse> => {
    const field = body.email !== undefined ? 'email' : 'phone'
    const target = (body.email ?? body.phone)!
    const existing = await findUser(s.db, field === 'email' ? { email: target } : { phone: target })
    if (existing) throw fieldError(field, 'already_taken', `The ${field} has already been taken.`)
    const attribution = Object.fromEntries(
      ['partner', 'adplace', 'stag', 'promo', 'fpp'].map((k) => [k, body[k] ?? null]),
    )
    const id = await insertUser(s.db, {
      [field]: target,
      passwordHash: await hashPassword(body.password, s.config.scryptN),
      registerMethod: field,
      currency: (body.currency as UserRow['currency'] | undefined) ?? 'RUB',
      locale: (body.locale as UserRow['locale'] | undefined) ?? null,
      timezone: (body.timezone as string | undefined) ?? null,
      countryCode: countryOf(req, s.config),
      attribution,
    })
    // Lost a race with a concurrent registration of the same address.
    if (id === undefined)
      throw fieldError(field, 'already_taken', `The ${field} has already been taken.`)
    if (typeof body.promo === 'string') await attachPromo(s, id, body.promo)
    await sendCode(
      s,
      field === 'email' ? 'verify_email' : 'verify_phone',
      field === 'email' ? 'email' : 'sms',
      target,
    )
    const tokens = await s.sessions.create(id, sessionClient(req))
    return { data: tokens }
  }

  const registerLimit = { config: limit(rateLimits.register), preHandler: botCheck }
  app.post('/api/v2/auth/register/email', registerLimit, async (req) =>
    register(req, parseBody(registerEmailRequest, req)),
  )
  app.post('/api/v2/auth/register/phone', registerLimit, async (req) =>
    register(req, parseBody(registerPhoneRequest, req)),
  )

  // The log-in backoff's key: the account when the identifier names one, so its e-mail and phone
  // share one budget; else the normalised identifier, which answers exactly alike.
  const throttleKey = (user: UserRow | undefined, field: 'email' | 'phone', target: string) =>
    user ? `account:${user.id}` : `${field}:${target}`

  const byPassword = async (
    req: FastifyRequest,
    field: 'email' | 'phone',
    target: string,
    password: string,
  ) => {
    const user = await findUser(s.db, field === 'email' ? { email: target } : { phone: target })
    const attempt = await s.loginThrottle.begin(throttleKey(user, field, target))
    const ok = user?.password_hash
      ? await verifyPassword(password, user.password_hash)
      : await verifyAgainstDummy(password, s.config.scryptN)
    if (!user || !ok) {
      throw fieldError(field, 'invalid_credentials', 'These credentials do not match our records.')
    }
    await attempt.succeeded()
    return loginResponse(user.id, req)
  }

  app.post(
    '/api/v2/auth/login/email/password',
    { config: limit(rateLimits.login) },
    async (req) => {
      const b = parseBody(loginEmailPasswordRequest, req)
      return byPassword(req, 'email', b.email, b.password)
    },
  )
  app.post(
    '/api/v2/auth/login/phone/password',
    { config: limit(rateLimits.login) },
    async (req) => {
      const b = parseBody(loginPhonePasswordRequest, req)
      return byPassword(req, 'phone', b.phone, b.password)
    },
  )

  const byCode = async (
    req: FastifyRequest,
    field: 'email' | 'phone',
    target: string,
    code: string,
  ) => {
    const user = await findUser(s.db, field === 'email' ? { email: target } : { phone: target })
    const account = throttleKey(user, field, target)
    // Before the code is tried: a waiting account spends none of the code's own guesses.
    await s.loginThrottle.check(account)
    const guess = await s.codes.guess('login', target, code)
    // Each live code takes five guesses at most (server/auth/codes.ts), so codes need no count
    // up front; a try with no live code to guess could not let anyone in and costs nothing.
    if (guess === 'wrong') await s.loginThrottle.fail(account)
    if (guess !== 'valid' || !user)
      throw fieldError('code', 'invalid_code', 'The code is invalid or has expired.')
    // A code delivered to the address proves the player owns it.
    const column = field === 'email' ? 'is_email_verified' : 'is_phone_verified'
    await s.db.query(`UPDATE users SET ${column} = true WHERE id = $1`, [user.id])
    await s.loginThrottle.clear(account)
    return loginResponse(user.id, req)
  }

  app.post('/api/v2/auth/login/email/code', { config: limit(rateLimits.login) }, async (req) => {
    const b = parseBody(loginEmailCodeRequest, req)
    return byCode(req, 'email', b.email, b.code)
  })
  app.post('/api/v2/auth/login/phone/code', { config: limit(rateLimits.login) }, async (req) => {
    parseQuery(codeChannelQuery, req)
    const b = parseBody(loginPhoneCodeRequest, req)
    return byCode(req, 'phone', b.phone, b.code)
  })

  // Code sending answers the same whether or not the address is registered (no enumeration).
  const sendLoginCode = async (field: 'email' | 'phone', target: string) => {
    const user = await findUser(s.db, field === 'email' ? { email: target } : { phone: target })
    return sendCode(s, 'login', field === 'email' ? 'email' : 'sms', target, user !== undefined)
  }
  const codeLimit = { config: limit(rateLimits.codes), preHandler: botCheck }
  app.post('/api/v2/auth/login/phone/verification', codeLimit, async (req) =>
    sendLoginCode('phone', parseBody(phoneOnlyRequest, req).phone),
  )
  app.post('/api/v2/auth/login/email/verification', codeLimit, async (req) =>
    sendLoginCode('email', parseBody(emailOnlyRequest, req).email),
  )
  app.post('/api/v2/auth/login/phone/code/resend', codeLimit, async (req) => {
    parseQuery(codeChannelQuery, req)
    return sendLoginCode('phone', parseBody(phoneOnlyRequest, req).phone)
  })
  app.post('/login/email/resend', codeLimit, async (req) =>
    sendLoginCode('email', parseBody(emailOnlyRequest, req).email),
  )
}
