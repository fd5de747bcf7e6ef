import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import { botCheckCspSources } from '../botcheck/botCheck'
import type { Config } from '../config'

/**
 * Content-Security-Policy: scripts only from this origin (no inline script, no eval); game
 * services may be other origins, so they join connect-src. Inline styles stay allowed because
 * the canvas and React set style attributes.
 */
export function contentSecurityPolicy(config: Config): string {
  const services = Object.values(config.gameServices).flatMap((url) => {
    try {
      const u = new URL(url)
      const ws = u.protocol === 'https:' ? 'wss:' : 'ws:'
      return [u.origin, `${ws}//${u.host}`]
    } catch {
      return []
    }
  })
  // A PostHog host of its own (ANALYTICS_HOST) is where posthog-js posts its events.
  if (config.analytics.host) services.push(new URL(config.analytics.host).origin)
  // hCaptcha or Turnstile: their script, challenge frames and calls (server/botcheck).
  const botCheckSources = botCheckCspSources(config.botCheck.provider)
  // A third-party support widget loads its script, calls and frames from its provider.
  const widget = config.support.widgetUrl ? [new URL(config.support.widgetUrl).origin] : []
  const outside = [...botCheckSources, ...widget].join(' ')
  return [
    "default-src 'self'",
    `script-src 'self' ${outside}`.trim(),
    `frame-src 'self' ${outside}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws: wss: ${[...services, ...botCheckSources, ...widget].join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Security headers on every answer, and CORS only for the configured origins. Answers under
 * `apiPrefix` are `Cache-Control: no-store` unless their route chose a policy: they are private
 * (profile, balance, sessions) or live (geo, config), and a shared or back-button cache must
 * never hand one player's answer to another.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  apiPrefix: string,
): Promise<void> {
  const csp = contentSecurityPolicy(config)
  const https = config.publicUrl.startsWith('https:')
  const api = `${apiPrefix}/`
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith(api) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store')
    }
    reply.header('content-security-policy', csp)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    // The social log-in popup posts back to its opener, so popups keep their opener.
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups')
    reply.header('cross-origin-resource-policy', 'same-origin')
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()')
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    // Lets the client label sandbox mode ("no real money") without another call.
    reply.header('x-tessera-mode', config.mode)
    return payload
  })
  const allowed = new Set(config.corsOrigins)
  await app.register(cors, {
    // Bearer tokens, not cookies, authenticate the API: credentials stay off.
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'region',
      'accept-language',
      'idempotency-key',
    ],
    exposedHeaders: ['x-tessera-mode'],
    maxAge: 600,
  })
}
