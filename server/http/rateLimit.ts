import type { FastifyInstance } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { messageError } from './errors'

/** Registers the rate limiter (off by default, switched on per route with {@link limit}). */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      messageError(429, 'too_many_requests', { retry_after: Math.ceil(ctx.ttl / 1000) }),
  })
}

/** Route config limiting a route to `max` requests per minute and client IP. */
export function limit(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } }
}
