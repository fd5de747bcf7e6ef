import type { FastifyInstance } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import type { Services } from '../services'
import { messageError } from './errors'
import { rateLimitStore } from './throttle/rateLimitStore'

/**
 * Registers the rate limiter (off by default, switched on per route with {@link limit}), counting
 * in the services' counter store on the services' clock.
 */
export async function registerRateLimit(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(s.counters, s.now),
    errorResponseBuilder: (_req, ctx) =>
      messageError(429, 'too_many_requests', { retry_after: Math.ceil(ctx.ttl / 1000) }),
  })
}

/** Route config limiting a route to `max` requests per minute and client IP. */
export function limit(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } }
}
