import { z } from 'zod/mini'
import { botCheckClientConfig } from './botcheck'
import { text } from './common'
import { verificationStatus } from './profile'
import { clientAnalyticsConfig } from './analytics'
import { socialProvidersField } from './social'

/** Attribution, geo, mirrors, middleware events, app version and the sandbox outbox. */

const attribution = z.nullable(text(255))

/** POST attachSource (signed in): attribution cookies, null when absent. Errors are ignored. */
export const attachSourceRequest = z.object({
  stag: attribution,
  partnerId: attribution,
  advId: attribution,
  advertiseUid: attribution,
  advertiseSource: attribution,
  cpaOneUid: attribution,
  prHash: attribution,
})
export type AttachSourceRequest = z.input<typeof attachSourceRequest>

/** GET /geo_ip answer; a blocked country answers 451 `region_blocked` instead. */
export const geoResponse = z.object({ ip: z.string(), country_code: z.string().check(z.length(2)) })
export type GeoResponse = z.infer<typeof geoResponse>

/** GET /mirror answer. `redirect.newLink` makes the client 301 to that origin. */
export const mirrorResponse = z.object({
  redirect: z.nullable(z.object({ newLink: z.string() })),
  meta_yandex_verification: z.nullable(z.string()),
  sso: z.nullable(z.string()),
})
export type MirrorResponse = z.infer<typeof mirrorResponse>

/** POST /middleware/mirrorRedirect and /middleware/mirror body. */
export const mirrorDomainRequest = z.object({
  domain: z
    .string()
    .check(z.minLength(1), z.maxLength(253), z.regex(/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/)),
})
/** POST /middleware/mirrorRedirect answer: where this domain should send players. */
export const mirrorRedirectResponse = z.object({
  redirect: z.nullable(z.object({ newLink: z.string() })),
})
/** POST /middleware/mirror answer: the mirrors known for this domain's site. */
export const mirrorListResponse = z.object({ mirrors: z.array(z.string()) })

/** A URL query as a flat map (POST /middleware/affiliate, /middleware/utm). */
export const queryMap = z.record(text(64), text(2048))

/** POST /middleware/affiliate body: `{ query }`. */
export const affiliateRequest = z.object({ query: queryMap })
export const affiliateResponse = z.object({
  partner: z.nullable(z.string()),
  adplace: z.nullable(z.string()),
  /** The rest of the click's attribution, where the middleware knows it (cookies of section 3). */
  stag: z.nullish(z.string()),
  partnerId: z.nullish(z.string()),
  advertiseUid: z.nullish(z.string()),
  advertiseSource: z.nullish(z.string()),
  cpaOneUid: z.nullish(z.string()),
})
export type AffiliateResponse = z.infer<typeof affiliateResponse>

/** POST middleware/ip body. Errors are ignored by the client. */
export const middlewareIpRequest = z.object({
  host: text(253, 1),
  userAgent: text(1024),
})

/** POST middleware/registerPageOpenEvent body. */
export const registerPageOpenEventRequest = z.object({
  subH: text(255, 1),
  uuid: text(256, 1),
  click_url: text(2048),
})

/**
 * POST /middleware/utm: the whole query; utm_source, utm_medium, utm_campaign and utm_term must
 * be present. Answers an advertising id and, for some campaigns, an ad bonus.
 */
export const utmRequest = queryMap.check(
  z.refine((q) => ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'].every((k) => k in q), {
    error: 'utm_source, utm_medium, utm_campaign and utm_term are required.',
  }),
)
export const utmResponse = z.object({
  advId: z.string(),
  promo: z.optional(z.object({ type: z.string(), value: z.string() })),
})
export type UtmResponse = z.infer<typeof utmResponse>

/** GET /builds/latest.json?t=... (at the site root, not under the API base). */
export const latestBuildResponse = z.object({ id: z.string() })
export type LatestBuildResponse = z.infer<typeof latestBuildResponse>

/** A message in the sandbox outbox (GET /sandbox/outbox, sandbox mode only). */
export const outboxMessage = z.object({
  id: z.int().check(z.positive()),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The one-time code or token the message carries, for tests and the dev page. */
  code: z.nullable(z.string()),
  created_at: z.string(),
})
export type OutboxMessage = z.infer<typeof outboxMessage>
export const outboxQuery = z.object({
  to: z.optional(text(254)),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
})
export const outboxResponse = z.object({ data: z.array(outboxMessage) })
export type OutboxResponse = z.infer<typeof outboxResponse>

/** Games with their own socket service (SPEC.md section 7: separate base URLs per service). */
export const gameServiceNames = [
  'crash',
  'cases',
  'miner',
  'general',
  'coinflip',
  'keno',
  'dice',
] as const
/** One of {@link gameServiceNames}. */
export type GameServiceName = (typeof gameServiceNames)[number]

/**
 * GET /config (designed, not in SPEC): runtime settings of this deployment. `game_services` maps
 * each service to its URL, null meaning "this server" (the socket.io namespace `/<name>`).
 */
export const clientConfigResponse = z.object({
  mode: z.enum(['sandbox', 'production']),
  game_services: z.record(z.enum(gameServiceNames), z.nullable(z.string())),
  /** Product analytics (posthog-js): null or absent when the deployment runs none. */
  analytics: z.optional(z.nullable(clientAnalyticsConfig)),
  social_providers: socialProvidersField,
  /** The bot check to run before guarded calls (absent from another backend: none). */
  bot_check: z.optional(botCheckClientConfig),
  // Support and the settings store (issue 31): absent from a server that does not send them.
  /** SPEC section 3 settings store: the revenue-share programme's site, shown in the footer. */
  revshare_service_frontend_url: z.optional(z.nullable(z.string())),
  /** SPEC section 3 settings store: the Telegram channel, shown in the footer. */
  telegram_channel_url: z.optional(z.nullable(z.string())),
  /** A third-party customer-messaging script; null: the reference server's own support chat. */
  support_widget_url: z.optional(z.nullable(z.string())),
})
export type ClientConfigResponse = z.infer<typeof clientConfigResponse>

/**
 * The id of the `<script type="application/json">` in which the reference server writes the
 * GET /config answer into the index.html it serves, so the page knows it without a round trip.
 */
export const SERVED_CONFIG_ELEMENT_ID = 'client-config'

/**
 * POST /sandbox/kyc (sandbox mode only, signed in): the sandbox KYC reviewer. `next` walks
 * init → waiting → pending → verified; a status jumps there. Answers the status now held.
 */
export const sandboxKycRequest = z.object({
  status: z.union([verificationStatus, z.literal('next')]),
})
export type SandboxKycRequest = z.input<typeof sandboxKycRequest>
export const sandboxKycResponse = z.object({
  success: z.literal(true),
  status: verificationStatus,
})
export type SandboxKycResponse = z.infer<typeof sandboxKycResponse>
