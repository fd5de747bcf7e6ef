import type { FastifyInstance } from 'fastify'
import {
  passwordEmailCodeConfirmRequest,
  passwordEmailForgotRequest,
  passwordPhoneCodeConfirmRequest,
  passwordPhoneForgotRequest,
  passwordResetByResetTokenRequest,
  passwordResetByTokenRequest,
  passwordSetRequest,
  passwordTokenRequest,
  passwordUpdateRequest,
  type ResetTokenResponse,
  type TokenCheckResponse,
} from '../../../contract'
import { sendCode } from '../../auth/delivery'
import { hashPassword, verifyPassword } from '../../auth/passwords'
import { hashToken, newToken } from '../../auth/tokens'
import { findUser } from '../../auth/users'
import type { Services } from '../../services'
import { authOf, requireUser } from '../auth'
import { fieldError, unauthenticated } from '../errors'
import { parseBody } from '../parse'
import { limit } from '../rateLimit'
import { requireBotCheck } from './botcheck'

const LINK_TTL_MS = 60 * 60_000
const RESET_TTL_MS = 15 * 60_000
const P = '/api/v2/auth/password'

/** Password update and set (signed in), and the forgot/reset family by e-mail or phone. */
export function passwordRoutes(app: FastifyInstance, s: Services): void {
  const signedIn = { preHandler: requireUser(s), config: limit(s.config.rateLimits.login) }
  const codeLimit = { config: limit(s.config.rateLimits.codes) }
  // The forgot calls send mail and SMS to any address: the bot check comes first (server/botcheck).
  const forgotLimit = { ...codeLimit, preHandler: requireBotCheck(s) }
  const loginLimit = { config: limit(s.config.rateLimits.login) }

  const setPassword = async (userId: number, password: string, keepSession: number | null) => {
    await s.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      userId,
      await hashPassword(password, s.config.scryptN),
    ])
    // A changed password ends every other session: a thief's session must not survive it.
    await s.sessions.endOthers(userId, keepSession, 'password_changed')
  }

  app.post('/password/update', signedIn, async (req) => {
    // SPEC.md section 5: errors are shown for old_password, new_password and password_confirm.
    const b = parseBody(passwordUpdateRequest, req, { password: 'new_password' })
    const { userId, sessionId } = authOf(req)
    const user = await findUser(s.db, { id: userId })
    if (!user) throw unauthenticated()
    if (!user.password_hash)
      throw fieldError('old_password', 'no_password', 'The account has no password yet.')
    if (!(await verifyPassword(b.old_password, user.password_hash))) {
      throw fieldError('old_password', 'invalid_credentials', 'The current password is incorrect.')
    }
    if (b.password !== b.password_confirm) {
      throw fieldError(
        'password_confirm',
        'password_mismatch',
        'The password confirmation does not match.',
      )
    }
    await setPassword(userId, b.password, sessionId)
    return { success: true }
  })

  app.post(`${P}/set`, signedIn, async (req) => {
    const b = parseBody(passwordSetRequest, req)
    const { userId, sessionId } = authOf(req)
    const user = await findUser(s.db, { id: userId })
    if (!user) throw unauthenticated()
    if (user.password_hash)
      throw fieldError('password', 'password_exists', 'The account already has a password.')
    if (b.password !== b.confirm_password) {
      throw fieldError(
        'confirm_password',
        'password_mismatch',
        'The password confirmation does not match.',
      )
    }
    await setPassword(userId, b.password, sessionId)
    return { success: true }
  })

  // --- forgot: a code (e-mail or SMS) or an e-mail link, exchanged for a reset token ----------
  const newResetToken = async (userId: number, purpose: 'email_link' | 'reset') => {
    const token = newToken(purpose === 'reset' ? 'rt' : 'rl')
    await s.db.query(
      `INSERT INTO reset_tokens (user_id, purpose, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [
        userId,
        purpose,
        hashToken(token),
        new Date(s.now().getTime() + (purpose === 'reset' ? RESET_TTL_MS : LINK_TTL_MS)),
        s.now(),
      ],
    )
    return token
  }
  const findToken = async (token: string, purpose: 'email_link' | 'reset', field: string) => {
    const rows = await s.db.query<{ id: number; user_id: number; expires_at: Date }>(
      `SELECT id, user_id, expires_at FROM reset_tokens
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
      [hashToken(token), purpose, s.now()],
    )
    const row = rows[0]
    if (!row)
      throw fieldError(field, 'invalid_token', 'The reset link or token is invalid or has expired.')
    return row
  }
  const useToken = async (id: number) => {
    await s.db.query('UPDATE reset_tokens SET used_at = $2 WHERE id = $1', [id, s.now()])
  }
  const checkConfirm = (password: string, confirm: string) => {
    if (password !== confirm) {
      throw fieldError(
        'password_confirm',
        'password_mismatch',
        'The password confirmation does not match.',
      )
    }
  }

  app.post(`${P}/email/forgot`, forgotLimit, async (req) => {
    const { email } = parseBody(passwordEmailForgotRequest, req)
    const user = await findUser(s.db, { email })
    const link = user
      ? `${s.config.publicUrl}/reset-password/${await newResetToken(user.id, 'email_link')}`
      : ''
    return sendCode(s, 'reset', 'email', email, user !== undefined, link ? ` Or open ${link}` : '')
  })
  app.post(`${P}/phone/forgot`, forgotLimit, async (req) => {
    const { phone } = parseBody(passwordPhoneForgotRequest, req)
    const user = await findUser(s.db, { phone })
    return sendCode(s, 'reset', 'sms', phone, user !== undefined)
  })

  const confirmCode = async (field: 'email' | 'phone', target: string, code: string) => {
    const valid = await s.codes.consume('reset', target, code)
    const user = valid
      ? await findUser(s.db, field === 'email' ? { email: target } : { phone: target })
      : undefined
    if (!user) throw fieldError('code', 'invalid_code', 'The code is invalid or has expired.')
    return {
      data: { reset_token: await newResetToken(user.id, 'reset') },
    } satisfies ResetTokenResponse
  }
  app.post(`${P}/email/code/confirm`, loginLimit, async (req) => {
    const b = parseBody(passwordEmailCodeConfirmRequest, req)
    return confirmCode('email', b.email, b.code)
  })
  app.post(`${P}/phone/code/confirm`, loginLimit, async (req) => {
    const b = parseBody(passwordPhoneCodeConfirmRequest, req)
    return confirmCode('phone', b.phone, b.code)
  })

  app.post(`${P}/email/token/confirm`, loginLimit, async (req) => {
    const { token } = parseBody(passwordTokenRequest, req)
    const row = await findToken(token, 'email_link', 'token')
    await useToken(row.id)
    return {
      data: { reset_token: await newResetToken(row.user_id, 'reset') },
    } satisfies ResetTokenResponse
  })
  const check =
    (purpose: 'email_link' | 'reset') => async (req: Parameters<typeof parseBody>[1]) => {
      const { token } = parseBody(passwordTokenRequest, req)
      const row = await findToken(token, purpose, 'token')
      const left = Math.floor((row.expires_at.getTime() - s.now().getTime()) / 1000)
      return { data: { valid: true, expires_in: left } } satisfies TokenCheckResponse
    }
  app.post(`${P}/email/token/check`, loginLimit, check('email_link'))
  app.post(`${P}/phone/token/check`, loginLimit, check('reset'))

  app.post(`${P}/email/reset/token`, loginLimit, async (req) => {
    const b = parseBody(passwordResetByTokenRequest, req)
    checkConfirm(b.password, b.password_confirm)
    const row = await findToken(b.token, 'email_link', 'token')
    await useToken(row.id)
    await setPassword(row.user_id, b.password, null)
    return { success: true }
  })
  const resetWithResetToken = async (req: Parameters<typeof parseBody>[1]) => {
    const b = parseBody(passwordResetByResetTokenRequest, req)
    checkConfirm(b.password, b.password_confirm)
    const row = await findToken(b.reset_token, 'reset', 'reset_token')
    await useToken(row.id)
    await setPassword(row.user_id, b.password, null)
    return { success: true }
  }
  app.post(`${P}/email/reset/code`, loginLimit, resetWithResetToken)
  app.post(`${P}/phone/reset`, loginLimit, resetWithResetToken)
}
