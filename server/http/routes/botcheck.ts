import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BOT_CHECK_FIELD, type AltchaChallenge } from '../../../contract'
import type { Services } from '../../services'
import { fieldError, messageError } from '../errors'

/**
 * A `preHandler` for the calls the bot check guards (registration, log-in code requests, password
 * forgot): the body's `h-captcha-response` must hold a fresh, unused solution. The refusal is a
 * 422 on that field, which the client's forms show translated (`error.bot_check_required`,
 * `error.bot_check_failed`); its text is not SPEC's suppressed "field is required" sentence.
 */
export function requireBotCheck(s: Services) {
  return async (req: FastifyRequest): Promise<void> => {
    if (s.botCheck.provider === 'off') return
    const body = req.body
    const solution =
      body !== null && typeof body === 'object'
        ? (body as Record<string, unknown>)[BOT_CHECK_FIELD]
        : undefined
    const outcome = await s.botCheck.verify(solution, req.ip)
    if (outcome === 'ok') return
    if (outcome === 'missing') {
      throw fieldError(BOT_CHECK_FIELD, 'bot_check_required', 'Complete the bot check first.')
    }
    throw fieldError(
      BOT_CHECK_FIELD,
      'bot_check_failed',
      `The bot check was not passed (${outcome}); solve a new one.`,
    )
  }
}

/** GET /captcha/challenge: a new ALTCHA challenge (404 when another provider, or none, is on). */
export function botCheckRoutes(app: FastifyInstance, s: Services): void {
  app.get('/captcha/challenge', async (): Promise<AltchaChallenge> => {
    if (s.botCheck.provider !== 'altcha') throw messageError(404, 'not_found', {})
    return s.botCheck.challenge()
  })
}
