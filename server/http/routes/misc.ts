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
  type ClientConfigResponse,
  type GeoResponse,
  type MirrorResponse,
  type UtmResponse,
} from '../../../contract'
import type { Services } from '../../services'
import { messageError } from '../errors'
import { countryOf } from '../geo'
import { parseBody } from '../parse'

/**
 * What GET /config answers, also written into the served index.html (server/http/static.ts).
 * Parsed on the way out as the client parses it on arrival: the map is the deployment's split.
 */
export function clientConfigOf(
  config: Pick<Services['config'], 'mode' | 'gameServices'> & {
    support?: Services['config']['support']
  },
): ClientConfigResponse {
  return clientConfigResponse.parse({
    mode: config.mode,
    game_services: Object.fromEntries(
      gameServiceNames.map((name) => [name, config.gameServices[name] ?? null]),
    ),
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

  app.get('/mirror', async () => {
    const m = s.config.mirror
    return {
      redirect: m.newLink ? { newLink: m.newLink } : null,
      meta_yandex_verification: m.yandexVerification,
      sso: m.sso,
    } satisfies MirrorResponse
  })

  app.post('/middleware/mirrorRedirect', async (req) => {
    const { domain } = parseBody(mirrorDomainRequest, req)
    const newLink = s.config.mirror.newLink
    // Only a domain that is not already the target is sent on.
    const redirect = newLink && new URL(newLink).host !== domain ? { newLink } : null
    return { redirect }
  })

  app.post('/middleware/mirror', async (req) => {
    const { domain } = parseBody(mirrorDomainRequest, req)
    return { mirrors: s.config.mirror.domains.filter((d) => d !== domain) }
  })

  app.post('/middleware/affiliate', async (req) => {
    const { query } = parseBody(affiliateRequest, req)
    await record('affiliate', query)
    return { partner: query.partner ?? null, adplace: query.adplace ?? null }
  })

  app.post('/middleware/ip', async (req) => {
    const body = parseBody(middlewareIpRequest, req)
    await record('ip', { ...body, ip: req.ip })
    return { success: true }
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
