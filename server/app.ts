import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config'
import type { Db } from './db/db'
import { GAME_MODULES, type ServerGame } from './games'
import { registerCompression } from './http/compression'
import { errorHandler } from './http/errors'
import { registerRateLimit } from './http/rateLimit'
import { analyticsRoutes } from './http/routes/analytics'
import { authRoutes } from './http/routes/auth'
import { billingRoutes } from './http/routes/billing'
import { botCheckRoutes } from './http/routes/botcheck'
import { catalogueRoutes } from './http/routes/catalogue'
import { bonusRoutes } from './http/routes/bonus'
import { clientConfigOf, miscRoutes } from './http/routes/misc'
import { passwordRoutes } from './http/routes/password'
import { profileRoutes } from './http/routes/profile'
import { profileAreaRoutes } from './http/routes/profileArea'
import { sandboxRoutes } from './http/routes/sandbox'
import { attributionReportRoutes } from './http/routes/attribution'
import { sessionRoutes } from './http/routes/session'
import { socialRoutes } from './http/routes/social'
import { supportRoutes } from './http/routes/support'
import { testHookRoutes } from './http/routes/testHooks'
import { registerSecurity } from './http/security'
import { registerStatic } from './http/static'
import { createServices, type Services } from './services'
import { registerHostPages } from './geo/pages'
import { geoRoutes } from './http/routes/geo'
import { walletRoutes } from './wallet'

/** Prefix of every API route: SPEC's API paths would collide with client routes at the root. */
export const API_PREFIX = '/api'

/**
 * Builds the reference server: the API of SPEC.md section 7 under `/api` (the games' routes
 * among it), the sandbox providers
 * (sandbox mode), and the built client with its SPA fallback. Tests call this with a throwaway
 * database and `inject` requests; `main.ts` adds listening and shutdown.
 */
export async function buildApp(opts: {
  config: Config
  db: Db
  now?: () => Date
  logger?: boolean
  /** The games whose routes and history the app serves; the registry by default. */
  games?: readonly ServerGame[]
}): Promise<{ app: FastifyInstance; services: Services; routes: string[] }> {
  const { config, db } = opts
  const games = opts.games ?? GAME_MODULES
  const services = createServices(config, db, opts.now)
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  })
  // Every route as "METHOD /path", so a test can check that each one is covered.
  const routes: string[] = []
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push(`${m} ${r.url}`)
  })
  app.decorateRequest('auth', null)
  app.setErrorHandler(errorHandler)
  await registerSecurity(app, config, API_PREFIX)
  await registerRateLimit(app, services)
  // Before every route, so each one (and the not-found fallback) gets its compression hook.
  await registerCompression(app)
  await app.register(
    async (api) => {
      authRoutes(api, services)
      sessionRoutes(api, services)
      socialRoutes(api, services)
      passwordRoutes(api, services)
      profileRoutes(api, services)
      profileAreaRoutes(
        api,
        services,
        games.flatMap((game) => (game.history ? [game.history] : [])),
      )
      billingRoutes(api, services)
      bonusRoutes(api, services)
      miscRoutes(api, services)
      analyticsRoutes(api, services)
      geoRoutes(api, services)
      supportRoutes(api, services)
      catalogueRoutes(api, services)
      for (const game of games) game.routes?.(api, services)
      botCheckRoutes(api, services)
      walletRoutes(api, services)
      if (config.sandbox) sandboxRoutes(api, services)
      if (config.sandbox) attributionReportRoutes(api, services)
      if (services.testHooks) testHookRoutes(api, services.testHooks, config.trustProxy, services)
    },
    { prefix: API_PREFIX },
  )
  // Mirror, matched-host and route-rule redirects of page requests, before the pages (server/geo).
  registerHostPages(app, config)
  await registerStatic(app, config.distDir, { config: clientConfigOf(config) })
  app.addHook('onClose', async () => {
    for (const t of services.timers) clearTimeout(t)
    services.timers.clear()
    await services.locks.close()
  })
  return { app, services, routes }
}
