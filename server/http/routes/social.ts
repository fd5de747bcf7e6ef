import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  opaqueToken,
  socialLoginRequest,
  socialProviderIds,
  type SocialProviderId,
  type SocialLoginMessage,
  type SocialLoginResponse,
} from '../../../contract'
import { hashToken, newToken } from '../../auth/tokens'
import { signInSocialAccount, socialParams } from '../../social/accounts'
import {
  newChecks,
  openIdProvider,
  vkProvider,
  yandexProvider,
  type OAuthChecks,
  type OAuthProvider,
} from '../../social/oauth'
import {
  popupResultPage,
  POPUP_SCRIPT,
  TELEGRAM_PAGE_CSP,
  telegramWidgetPage,
} from '../../social/pages'
import { checkTelegramLogin } from '../../social/telegram'
import type { Services } from '../../services'
import { fieldError, messageError } from '../errors'
import { parseBody, parseQuery } from '../parse'
import { limit } from '../rateLimit'

/** How long a started log-in waits for its callback. */
const SOCIAL_STATE_TTL_MS = 10 * 60_000

/** A started attempt, as its callback finds (and uses up) it. */
interface SocialLoginRow {
  provider: string
  origin: string
  params: unknown
  code_verifier: string | null
  nonce: string | null
}

/**
 * Social log-in: PUT /auth/login starts it and answers the popup's URL; the provider's callback
 * (`GET /auth/social/<provider>/callback`) finishes it on a page that posts the session's tokens
 * to the opener. Google (any OpenID Connect issuer), Yandex and VK sign in by the OAuth code flow
 * with PKCE and state (and a nonce for OpenID); Telegram by its log-in widget, whose data is
 * checked against the bot token. In sandbox mode the sandbox provider (routes/sandbox.ts) stands
 * in for every provider that is not configured.
 */
export function socialRoutes(app: FastifyInstance, s: Services): void {
  const social = s.config.social
  const oauth: Partial<Record<SocialProviderId, OAuthProvider>> = {
    ...(social.google ? { google: openIdProvider(social.google) } : {}),
    ...(social.yandex ? { yandex: yandexProvider(social.yandex) } : {}),
    ...(social.vk ? { vk: vkProvider(social.vk) } : {}),
  }
  const callbackUrl = (provider: SocialProviderId) =>
    `${s.config.publicUrl}/api/auth/social/${provider}/callback`

  const remember = async (
    state: string,
    provider: string,
    origin: string,
    params: object,
    checks?: OAuthChecks,
  ) => {
    await s.db.query(
      `INSERT INTO social_logins (state_hash, provider, origin, params, expires_at, code_verifier, nonce)
       VALUES ($1, $2, $3, $4::text::jsonb, $5, $6, $7)`,
      [
        hashToken(state),
        provider,
        origin,
        JSON.stringify(params),
        new Date(s.now().getTime() + SOCIAL_STATE_TTL_MS),
        checks?.codeVerifier ?? null,
        checks?.nonce ?? null,
      ],
    )
  }

  app.put('/auth/login', { config: limit(s.config.rateLimits.login) }, async (req) => {
    const body = parseBody(socialLoginRequest, req)
    const provider = body.provider
    const real = oauth[provider] !== undefined || (provider === 'telegram' && social.telegram)
    if (!real && !s.config.sandbox) {
      // The client offers only the providers GET /config lists, so this is a stale or forged call.
      throw messageError(404, 'not_found', { provider })
    }
    // The popup posts tokens to this origin: only our own site or a configured client may be it.
    const origin = new URL(body.origin).origin
    const allowed = [new URL(s.config.publicUrl).origin, ...s.config.corsOrigins]
    if (!allowed.includes(origin)) {
      throw fieldError('origin', 'invalid', 'The origin is not a site of this casino.')
    }
    const params = {
      promo: body.promo ?? null,
      currency: body.currency ?? null,
      partner: body.partner ?? null,
      adplace: body.adplace ?? null,
      stag: body.stag ?? null,
      fpp: body.fpp ?? null,
    }
    const api = `${s.config.publicUrl}/api`
    const oauthProvider = oauth[provider]
    if (oauthProvider) {
      const checks = newChecks()
      await remember(checks.state, provider, origin, params, checks)
      const url = await oauthProvider.authorizationUrl(checks, callbackUrl(provider))
      return {
        url: url.href,
        message_origin: new URL(s.config.publicUrl).origin,
      } satisfies SocialLoginResponse
    }
    const state = newToken('ss')
    await remember(state, provider, origin, params)
    const url = real
      ? `${api}/auth/social/telegram?state=${encodeURIComponent(state)}`
      : `${api}/sandbox/social/authorize?state=${encodeURIComponent(state)}`
    return { url } satisfies SocialLoginResponse
  })

  /** Uses up a started attempt of `provider`; undefined when unknown, used or expired. */
  const takeAttempt = async (state: string, provider: SocialProviderId) =>
    (
      await s.db.query<SocialLoginRow>(
        `UPDATE social_logins SET used_at = $2
         WHERE state_hash = $1 AND provider = $3 AND used_at IS NULL AND expires_at > $2
         RETURNING provider, origin, params, code_verifier, nonce`,
        [hashToken(state), s.now(), provider],
      )
    )[0]

  const html = (reply: FastifyReply, body: string) =>
    reply.type('text/html; charset=utf-8').send(body)

  /** Signs the account in and answers the page that hands the tokens to the opener. */
  const finish = async (
    req: FastifyRequest,
    reply: FastifyReply,
    attempt: SocialLoginRow,
    subject: string,
  ) => {
    const params = socialParams.parse(attempt.params)
    const tokens = await signInSocialAccount(s, req, attempt.provider, subject, params)
    const message: SocialLoginMessage = { type: 'tessera:social-login', ...tokens }
    return html(reply, popupResultPage({ origin: attempt.origin, message }))
  }
  // A refused log-in (bad, unknown, used or forged input) is a 400, still answered with the page
  // the popup shows, which tells the opener.
  const failed = (reply: FastifyReply, origin: string | null) =>
    html(reply.code(400), popupResultPage({ origin, failed: true }))

  const callbackLimit = { config: limit(s.config.rateLimits.login) }
  const stateQuery = z.looseObject({ state: opaqueToken })

  // One route per provider, configured or not: an unconfigured one has no attempt to finish.
  const callback =
    (provider: SocialProviderId) => async (req: FastifyRequest, reply: FastifyReply) => {
      const query = stateQuery.safeParse(req.query)
      if (!query.success) return failed(reply, null)
      const attempt = await takeAttempt(query.data.state, provider)
      if (!attempt) return failed(reply, null)
      let subject: string
      if (provider === 'telegram') {
        if (!social.telegram) return failed(reply, attempt.origin)
        // Every field but our own state is Telegram's and signed.
        const { state: _state, ...fields } = req.query as Record<string, unknown>
        const strings = Object.fromEntries(
          Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
        const check = checkTelegramLogin(
          strings,
          social.telegram.botToken,
          Math.floor(s.now().getTime() / 1000),
        )
        if (!check.ok) {
          req.log.warn({ reason: check.reason }, 'telegram log-in refused')
          return failed(reply, attempt.origin)
        }
        subject = check.subject
      } else {
        const oauthProvider = oauth[provider]
        if (!oauthProvider || !attempt.code_verifier || !attempt.nonce) {
          return failed(reply, attempt.origin)
        }
        try {
          subject = await oauthProvider.subjectOf(new URL(req.url, s.config.publicUrl), {
            state: query.data.state,
            codeVerifier: attempt.code_verifier,
            nonce: attempt.nonce,
          })
        } catch (error) {
          // A refusal (access_denied), a replayed code or a provider outage: logged, not shown.
          req.log.warn({ err: error, provider }, 'social log-in callback refused')
          return failed(reply, attempt.origin)
        }
      }
      return finish(req, reply, attempt, subject)
    }
  for (const provider of socialProviderIds) {
    app.get(`/auth/social/${provider}/callback`, callbackLimit, callback(provider))
  }

  if (social.telegram) {
    const telegram = social.telegram
    app.get(
      '/auth/social/telegram',
      {
        onSend: async (_req, reply, payload) => {
          reply.header('content-security-policy', TELEGRAM_PAGE_CSP)
          return payload
        },
      },
      async (req, reply) => {
        const { state } = parseQuery(z.object({ state: opaqueToken }), req)
        const authUrl = `${callbackUrl('telegram')}?state=${encodeURIComponent(state)}`
        return html(reply, telegramWidgetPage(telegram.botName, authUrl))
      },
    )
  }

  app.get('/auth/social/popup.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(POPUP_SCRIPT),
  )
}
