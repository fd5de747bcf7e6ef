import { z } from 'zod/mini'
import { text } from './common'

/**
 * Product analytics (SPEC.md section 7, "Analytics POST /ingest"): what posthog-js sends to the
 * reference server's ingest endpoint, what the server answers, and how GET /config names the
 * analytics host. posthog-js writes these bodies; the server parses them like any other wire.
 */

/** posthog-js' own property bag: any JSON values under string keys. */
const props = z.record(z.string().check(z.maxLength(200)), z.unknown())

/**
 * One captured event as posthog-js sends it (`/e/`, `/batch/`, `/i/v0/e/`): the event name, its
 * properties (`distinct_id`, `token`, `$current_url`... inside), and for `$identify`/`$set` the
 * person properties. `uuid` is posthog-js' id of the event, the same when a batch is retried.
 */
export const ingestEvent = z.object({
  uuid: text(64, 1),
  event: text(200, 1),
  properties: props,
  timestamp: z.optional(text(64)),
  distinct_id: z.optional(z.union([text(200, 1), z.number()])),
  $set: z.optional(props),
  $set_once: z.optional(props),
})
export type IngestEvent = z.infer<typeof ingestEvent>

/** An ingest body once decoded: one event, a list, or `{ batch: [...] }` (`/batch/`). */
export const ingestBody = z.union([
  z.array(ingestEvent).check(z.maxLength(1000)),
  z.object({ batch: z.array(ingestEvent).check(z.maxLength(1000)) }),
  ingestEvent,
])

/**
 * The `analytics` entry of GET /config: the posthog-js project token and the host it sends to;
 * `host` null means this server's own ingest (`<API base>/ingest`). The entry is null when the
 * deployment runs no analytics.
 */
export const clientAnalyticsConfig = z.object({
  host: z.nullable(z.string()),
  key: z.string().check(z.minLength(1)),
})
export type ClientAnalyticsConfig = z.infer<typeof clientAnalyticsConfig>

/** An event as the sandbox lists it (GET /api/sandbox/analytics/events). */
export const storedAnalyticsEvent = z.object({
  id: z.int(),
  uuid: z.string(),
  event: z.string(),
  distinct_id: z.string(),
  properties: z.record(z.string(), z.unknown()),
  set: z.nullable(z.record(z.string(), z.unknown())),
  received_at: z.string(),
})
export type StoredAnalyticsEvent = z.infer<typeof storedAnalyticsEvent>

/** GET /api/sandbox/analytics/events query: one visitor's events, or the latest of all. */
export const analyticsEventsQuery = z.object({
  distinct_id: z.optional(text(200, 1)),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500)), 100),
})
export const analyticsEventsResponse = z.object({ data: z.array(storedAnalyticsEvent) })
export type AnalyticsEventsResponse = z.infer<typeof analyticsEventsResponse>
