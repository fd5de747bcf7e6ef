/**
 * The reference server's analytics ingest (issue 31, item 2): what a PostHog host does for the
 * calls posthog-js makes, enough for posthog-js to work against this server alone. Events are
 * decoded in each of the encodings posthog-js uses, checked against the contract, stored in
 * `analytics_events` (migration 022), and listed for the sandbox page. The flags and remote-config
 * answers say what the deployment's config says (`ANALYTICS_FLAGS`).
 */
import { randomUUID } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { z } from 'zod'
import { ingestBody, type IngestEvent, type StoredAnalyticsEvent } from '../../contract'
import type { Queryable } from '../db/db'

/** The largest decompressed body accepted: a gzip bomb stops here, not in memory. */
export const MAX_DECODED_BYTES = 5 * 1024 * 1024

/** Why a body could not be read; the route answers 400 with it. */
export class IngestDecodeError extends Error {}

const GZIP_MAGIC = [0x1f, 0x8b] as const

/**
 * Decodes a posthog-js request body to JSON. posthog-js sends, by the `compression` its remote
 * config allows: gzip of the JSON (`compression=gzip-js`, `text/plain`), `data=<base64 of the
 * JSON>` as a form (`compression=base64`, also sendBeacon's fallback), or plain JSON. Gzip is
 * recognised by its magic bytes, so a body is read right even when the query says otherwise.
 */
export function decodeIngestBody(raw: Buffer | undefined, compression?: string): unknown {
  if (!raw || raw.length === 0) throw new IngestDecodeError('empty body')
  let text: string
  if (raw[0] === GZIP_MAGIC[0] && raw[1] === GZIP_MAGIC[1]) {
    try {
      text = gunzipSync(raw, { maxOutputLength: MAX_DECODED_BYTES }).toString('utf8')
    } catch {
      throw new IngestDecodeError('gzip body could not be decompressed')
    }
  } else {
    text = raw.toString('utf8')
    if (text.startsWith('data=')) {
      const data = new URLSearchParams(text).get('data') ?? ''
      const base64 = compression === 'base64' || !/^\s*[[{]/.test(data)
      text = base64 ? Buffer.from(data, 'base64').toString('utf8') : data
    }
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new IngestDecodeError('body is not JSON')
  }
}

/** The events of a decoded body that carry this project's token and a visitor id. */
export function eventsOf(decoded: unknown, token: string): IngestEvent[] {
  const parsed = ingestBody.safeParse(decoded)
  if (!parsed.success) throw new IngestDecodeError('body is not a posthog-js event batch')
  const body = parsed.data
  const events = Array.isArray(body) ? body : 'batch' in body ? body.batch : [body]
  // An event for another project is not this server's to keep (a real host refuses it too).
  return events.filter((e) => e.properties.token === token && distinctIdOf(e) !== null)
}

/** The visitor an event belongs to: `properties.distinct_id`, else the top-level one. */
export function distinctIdOf(e: IngestEvent): string | null {
  const id = e.properties.distinct_id ?? e.distinct_id
  if (typeof id === 'number' && Number.isFinite(id)) return String(id)
  return typeof id === 'string' && id !== '' && id.length <= 200 ? id : null
}

const isoDate = z.iso.datetime({ offset: true })

/**
 * Stores events in one statement; an event whose uuid is already stored (a batch posthog-js
 * retried) is skipped. Returns how many were new.
 */
export async function storeEvents(db: Queryable, events: readonly IngestEvent[]): Promise<number> {
  if (events.length === 0) return 0
  const rows = events.map((e) => ({
    uuid: e.uuid,
    event: e.event,
    distinct_id: distinctIdOf(e),
    properties: e.properties,
    // `$identify` carries person properties in `$set`; posthog-js puts them in properties too.
    set_props: e.$set ?? (e.properties.$set as Record<string, unknown> | undefined) ?? null,
    set_once_props:
      e.$set_once ?? (e.properties.$set_once as Record<string, unknown> | undefined) ?? null,
    sent_at: isoDate.safeParse(e.timestamp).success ? e.timestamp : null,
  }))
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO analytics_events (uuid, event, distinct_id, properties, set_props, set_once_props, sent_at)
     SELECT uuid, event, distinct_id, properties, set_props, set_once_props, sent_at
       FROM jsonb_to_recordset($1::text::jsonb) AS x(uuid text, event text, distinct_id text,
         properties jsonb, set_props jsonb, set_once_props jsonb, sent_at timestamptz)
     ON CONFLICT (uuid) DO NOTHING RETURNING id`,
    // NUL cannot be stored in jsonb text; posthog-js never sends one, a forged body may.
    [JSON.stringify(rows).replace(/\\u0000/g, '')],
  )
  return inserted.length
}

/** The latest stored events, newest first, optionally of one visitor. */
export async function listEvents(
  db: Queryable,
  distinctId: string | undefined,
  limit: number,
): Promise<StoredAnalyticsEvent[]> {
  const rows = await db.query<{
    id: number
    uuid: string
    event: string
    distinct_id: string
    properties: Record<string, unknown>
    set_props: Record<string, unknown> | null
    received_at: Date
  }>(
    `SELECT id, uuid, event, distinct_id, properties, set_props, received_at FROM analytics_events
     WHERE $1::text IS NULL OR distinct_id = $1 ORDER BY id DESC LIMIT $2`,
    [distinctId ?? null, limit],
  )
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    event: r.event,
    distinct_id: r.distinct_id,
    properties: r.properties,
    set: r.set_props,
    received_at: r.received_at.toISOString(),
  }))
}

/**
 * The answer to `/flags` (posthog-js' v2 shape, `flags`) and to the older `/decide`
 * (`featureFlags`): every configured flag on for everyone. posthog-js reads `flags` first.
 */
export function flagsAnswer(flags: readonly string[]) {
  return {
    flags: Object.fromEntries(
      flags.map((key, i) => [
        key,
        {
          key,
          enabled: true,
          variant: null,
          reason: { code: 'condition_match', condition_index: 0, description: 'ANALYTICS_FLAGS' },
          metadata: { id: i + 1, version: 1, payload: null },
        },
      ]),
    ),
    featureFlags: Object.fromEntries(flags.map((key) => [key, true])),
    featureFlagPayloads: {},
    errorsWhileComputingFlags: false,
    quotaLimited: [],
    requestId: randomUUID(),
  }
}

/**
 * The remote config (`/array/<token>/config`): gzip accepted, flags to be asked for, and every
 * product this server does not host (recordings, surveys, heatmaps, site apps) off, so posthog-js
 * neither records nor loads more.
 */
export function remoteConfigAnswer(token: string) {
  return {
    token,
    supportedCompression: ['gzip-js', 'base64'],
    hasFeatureFlags: true,
    autocapture_opt_out: true,
    autocaptureExceptions: false,
    captureDeadClicks: false,
    capturePerformance: false,
    elementsChainAsString: true,
    defaultIdentifiedOnly: true,
    heatmaps: false,
    sessionRecording: false,
    surveys: false,
    productTours: false,
    siteApps: [],
  }
}
