import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import {
  affiliateRequest,
  clientConfigResponse,
  gameServiceNames,
  middlewareIpRequest,
  mirrorDomainRequest,
  registerPageOpenEventRequest,
  utmRequest,
  type AffiliateResponse,
  type ClientConfigResponse,
  type GeoResponse,
  type MiddlewareIpResponse,
  type MirrorResponse,
  type UtmResponse,
} from '../../../contract'
import type { Services } from '../../services'
import { offeredProviders } from '../../social/config'
import { messageError } from '../errors'
import { countryOf } from '../geo'
import { mirrorTarget } from '../../geo/hosts'
import { parseBody } from '../parse'
import { analyticsConfigOf } from './analytics'

/**
 * What GET /config answers, also written into the served index.html (server/http/static.ts).
 * Parsed on the way out as the client parses it on arrival: the map is the deployment's split.
 */
export function clientConfigOf(
  config: Pick<Services['config'], 'mode' | 'gameServices'> &
    Partial<Pick<Services['config'], 'analytics' | 'social' | 'botCheck' | 'support'>>,
): ClientConfigResponse {
  return clientConfigResponse.parse({
    mode: config.mode,
    social_providers: offeredProviders({
      sandbox: config.mode === 'sandbox',
      social: config.social ?? {},
    }),
    game_services: Object.fromEntries(
      gameServiceNames.map((name) => [name, config.gameServices[name] ?? null]),
    ),
    ...analyticsConfigOf(config.analytics),
    // The bot check's provider and public site key (never its secret or HMAC key).
    ...(config.botCheck && {
      bot_check: { provider: config.botCheck.provider, site_key: config.botCheck.siteKey },
    }),
    revshare_service_frontend_url: config.support?.revshareUrl ?? null,
    telegram_channel_url: config.support?.tgChannelUrl ?? null,
    support_widget_url: config.support?.widgetUrl ?? null,
  })
}

/** Deployment config, geo, mirrors and the middleware (attribution) calls. None needs a session. */
export function miscRoutes(app: FastifyInstance, s: Services): void {
  const record = (kind: string, data: unknown) =>
    s.db.query(`INSERT INTO marketing_events (kind, data) VALUES ($1, $2::text::jsonb)`, [
      kind,
      JSON.stringify(data),
    ])

  app.get('/config', async () => clientConfigOf(s.config))

  app.get('/geo_ip', async (req) => {
    const country = countryOf(req, s.config)
    if (s.config.blockedCountries.includes(country)) {
      throw messageError(451, 'region_blocked', { country_code: country })
    }
    return { ip: req.ip, country_code: country } satisfies GeoResponse
  })

  app.get('/mirror', async (req) => {
    const m = s.config.mirror
    // The host asking (the page's, as the API shares it) decides, so the new host never loops.
    const newLink = mirrorTarget(s.config, req.host)
    return {
      redirect: newLink ? { newLink } : null,
      meta_yandex_verification: m.yandexVerification,
      sso: m.sso,
    } satisfies MirrorResponse
  })

  app.post('/middleware/mirrorRedirect', async (req) => {
    const { domain } = parseBody(mirrorDomainRequest, req)
    // Only a domain that is not already the target is sent on (server/geo/hosts.ts).
    const newLink = mirrorTarget(s.config, domain)
    const redirect = newLink ? { newLink } : null
    return { redirect }
  })

  app.post('/middleware/mirror', async (req) => {
    const { domain } = parseBody(mirrorDomainRequest, req)
    return { mirrors: s.config.mirror.domains.filter((d) => d !== domain) }
  })

  app.post('/middleware/affiliate', async (req) => {
    const { query } = parseBody(affiliateRequest, req)
    await record('affiliate', query)
    // The reference middleware takes the click's attribution from the query itself; an operator's
    // would look the partner up by `pr` (the referral hash) here.
    const pick = (key: string) => query[key] || null
    return {
      partner: pick('partner'),
      adplace: pick('adplace'),
      stag: pick('stag'),
      partnerId: pick('partnerId'),
      advertiseUid: pick('advertiseUid'),
      advertiseSource: pick('advertiseSource'),
      cpaOneUid: pick('cpaOneUid'),
    } satisfies AffiliateResponse
  })

  app.post('/middleware/ip', async (req) => {
    const body = parseBody(middlewareIpRequest, req)
    await record('ip', { ...body, ip: req.ip })
    // The client keeps the address in `userVersion` and reports again only when it changes.
    return { success: true, ip: req.ip } satisfies MiddlewareIpResponse
  })

  app.post('/middleware/registerPageOpenEvent', async (req) => {
    await record('page_open', parseBody(registerPageOpenEventRequest, req))
    return { success: true }
  })

  app.post('/middleware/utm', async (req) => {
    const query = parseBody(utmRequest, req)
    await record('utm', query)
    // A stable id per campaign click, so replays of the same query answer the same advId.
    const advId = createHash('sha256')
      .update(JSON.stringify(Object.entries(query).sort()))
      .digest('hex')
      .slice(0, 24)
    // Campaigns tagged `utm_content=bonus-<n>` carry an ad bonus of n free spins.
    const m = /^bonus-([0-9]{1,4})$/.exec(query.utm_content ?? '')
    const answer: UtmResponse = { advId }
    if (m?.[1]) answer.promo = { type: 'free_spins', value: m[1] }
    return answer
  })
}
