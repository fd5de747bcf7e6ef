import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  analyticsEventsQuery,
  type AnalyticsEventsResponse,
  type ClientAnalyticsConfig,
} from '../../../contract'
import {
  IngestDecodeError,
  decodeIngestBody,
  eventsOf,
  flagsAnswer,
  listEvents,
  remoteConfigAnswer,
  storeEvents,
} from '../../analytics/ingest'
import { analyticsPage } from '../../analytics/sandboxPage'
import type { Config } from '../../config'
import type { Services } from '../../services'
import { messageError } from '../errors'
import { parseParams, parseQuery } from '../parse'
import { limit } from '../rateLimit'

/** Where posthog-js posts events: `/e/` by default, `/batch/` and `/i/v0/e/` in newer paths. */
export const INGEST_EVENT_PATHS = ['/ingest/e', '/ingest/batch', '/ingest/i/v0/e'] as const

/** Largest ingest body (compressed) one request may carry; posthog-js batches stay far below. */
const INGEST_BODY_LIMIT = 1024 * 1024
/** Ingest requests per minute and address: a page sends one batch every few seconds at most. */
const INGEST_PER_MINUTE = 600

/** The `analytics` entry of GET /config for this deployment (absent when it runs none). */
export function analyticsConfigOf(analytics: Config['analytics'] | undefined): {
  analytics?: ClientAnalyticsConfig | null
} {
  if (!analytics) return {}
  return { analytics: analytics.enabled ? { host: analytics.host, key: analytics.key } : null }
}

const compressionQuery = z.object({ compression: z.string().max(20).optional() })

/** The body of an ingest call decoded, or 400 `bad_request` when it is not posthog-js'. */
function decoded(req: FastifyRequest): unknown {
  const { compression } = compressionQuery.catch({}).parse(req.query)
  return readable(() => decodeIngestBody(req.body as Buffer | undefined, compression))
}

/** Runs a read of an ingest body; a body that is not posthog-js' is a 400 `bad_request`. */
function readable<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof IngestDecodeError) {
      throw messageError(400, 'bad_request', { reason: error.message })
    }
    throw error
  }
}

/**
 * The ingest a PostHog host would answer, when the deployment uses this server's own
 * (`ANALYTICS_HOST` unset): the event calls, `/flags` (and the older `/decide`) and the remote
 * config. Bodies are read raw in every encoding posthog-js uses (server/analytics/ingest.ts).
 */
export function analyticsRoutes(api: FastifyInstance, s: Services): void {
  const analytics = s.config.analytics
  if (!analytics.enabled || analytics.host !== null) return
  // Its own scope: only here are bodies read raw (gzip, form or JSON alike).
  void api.register(async (app) => {
    app.removeAllContentTypeParsers()
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: INGEST_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    )
    const options = { bodyLimit: INGEST_BODY_LIMIT, config: limit(INGEST_PER_MINUTE) }

    for (const path of INGEST_EVENT_PATHS) {
      app.post(path, options, async (req) => {
        const events = readable(() => eventsOf(decoded(req), analytics.key))
        await storeEvents(s.db, events)
        return { status: 1 }
      })
    }

    for (const path of ['/ingest/flags', '/ingest/decide']) {
      app.post(path, options, async (req) => {
        // Read, so a malformed call is refused as a real host would; every visitor gets the same
        // flags, so nothing in it changes the answer.
        decoded(req)
        return flagsAnswer(analytics.flags)
      })
    }

    app.get('/ingest/array/:token/config', { config: limit(INGEST_PER_MINUTE) }, async (req) => {
      const { token } = parseParams(z.object({ token: z.string().max(200) }), req)
      if (token !== analytics.key) throw messageError(404, 'not_found', { token })
      return remoteConfigAnswer(token)
    })
  })
}

/**
 * The sandbox's view of the own ingest: a page listing the latest events and the same list as
 * JSON. Registered inside the sandbox scope (server/http/routes/sandbox.ts), so it answers this
 * machine only, like the outbox: events carry visitors' ids and the pages they opened.
 */
export function analyticsSandboxRoutes(app: FastifyInstance, s: Services): void {
  app.get('/sandbox/analytics', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(analyticsPage()),
  )
  app.get('/sandbox/analytics/events', async (req) => {
    const q = parseQuery(analyticsEventsQuery, req)
    return {
      data: await listEvents(s.db, q.distinct_id, q.limit),
    } satisfies AnalyticsEventsResponse
  })
}
