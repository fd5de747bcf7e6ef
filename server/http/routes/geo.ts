import type { FastifyInstance } from 'fastify'
import { hostConfigQuery, ssoEnterQuery, type HostConfigResponse } from '../../../contract'
import { isEnOnlyHost, rulesForHost } from '../../geo/hosts'
import { enterSso } from '../../geo/sso'
import type { Services } from '../../services'
import { parseQuery } from '../parse'

/** The host settings a page reads (GET /host_config) and the SSO ticket's way in (GET /sso/enter). */
export function geoRoutes(app: FastifyInstance, s: Services): void {
  app.get('/host_config', async (req) => {
    const { host } = parseQuery(hostConfigQuery, req)
    return {
      en_only: isEnOnlyHost(s.config, host),
      route_rules: rulesForHost(s.config.hosts.routeRules, host).map(({ path, to }) => ({
        path,
        to,
      })),
    } satisfies HostConfigResponse
  })

  app.get('/sso/enter', async (req, reply) => {
    const entry = await enterSso(s, req, parseQuery(ssoEnterQuery, req))
    if (entry.cookie) reply.header('set-cookie', entry.cookie)
    return reply.status(303).header('location', entry.location).send()
  })
}
