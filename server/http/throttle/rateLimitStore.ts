import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { CounterStore } from './store'

/**
 * @fastify/rate-limit's store over a {@link CounterStore}, so the per-address limits count where
 * every other counter does (and on the server's clock). Each limited route counts apart, as the
 * plugin's own stores do: its method and URL prefix the client's key.
 */
export function rateLimitStore(counters: CounterStore, now: () => Date): FastifyRateLimitStoreCtor {
  class RateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rate:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const nowMs = now().getTime()
      counters.increment(this.prefix + key, timeWindow, nowMs).then(
        (c) => callback(null, { current: c.value, ttl: c.expiresAt - nowMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      )
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin passes its merged route settings, which carry the route as `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
      return new RateLimitStore(
        routeOptions,
        `${this.prefix}${String(route?.method ?? '')} ${String(route?.url ?? '')}:`,
      )
    }
  }
  return RateLimitStore
}
