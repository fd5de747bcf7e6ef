import { extname } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import { pageRedirect } from './hosts'

/** Paths that are never pages: the API, the game sockets, build files. */
const NOT_PAGES = /^\/(api|socket\.io|assets|builds)(\/|$)/

/**
 * Answers page requests that a host setting redirects (server/geo/hosts.ts): the mirror's 301
 * to MIRROR_NEW_LINK with the path and query, matched-host mode and the route rules. The server
 * does it, not the client: a browser cannot answer its own page with a 301, and a redirect
 * before any page loads costs no download. A page already open learns the same from
 * GET /mirror and GET /host_config (src/features/geo).
 */
export function registerHostPages(app: FastifyInstance, config: Pick<Config, 'mirror' | 'hosts'>) {
  const active =
    config.mirror.newLink !== null ||
    config.hosts.routeRules.length > 0 ||
    config.hosts.enOnlyHosts.length > 0
  if (!active) return
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return
    const path = req.url.split('?')[0] ?? '/'
    if (NOT_PAGES.test(path) || extname(path) !== '') return
    const agent = req.headers['user-agent']
    const to = pageRedirect(config, { host: req.host, url: req.url, userAgent: agent })
    if (!to) return
    return reply
      .status(to.status)
      .header('location', to.location)
      .header('cache-control', 'no-store')
      .send()
  })
}
