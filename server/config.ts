import { z } from 'zod'
import { csv } from './envFields'
import { botCheckProviders, gameServiceNames } from '../contract'
import { socialConfigOf } from './social/config'
import { geoEnvShape, hostConfigOf } from './geo/config'

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback)
const perMinute = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** A setting holding a JSON object (`{}` when unset), parsed here and checked by the caller's schema. */
const jsonSetting = () =>
  z
    .string()
    .default('{}')
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text)
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not a JSON object' })
        return z.NEVER
      }
    })

/**
 * Server configuration, read from the environment once at start. Every variable is listed with
 * its default in the README and docs/api.md.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the site, used in links (payment page, reset link, social popup). */
  PUBLIC_URL: z.string().optional(),
  /** Where the client calls the API; informational (the client is built with VITE_API_BASE_URL). */
  API_BASE_URL: z.string().default('/api'),
  /** `sandbox` (sandbox providers on) or `production`; default sandbox unless NODE_ENV=production. */
  TESSERA_MODE: z.enum(['sandbox', 'production']).optional(),
  NODE_ENV: z.string().optional(),
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /**
   * Redis for the socket.io adapter (the Redis streams adapter), so that several server processes
   * on one PostgreSQL database share their sockets' events and relay commands to the process that
   * leads each live loop. Unset: one process, socket.io's in-memory adapter.
   */
  REDIS_URL: z.string().optional(),
  /** PGlite data directory, or `memory://` for a throwaway database. */
  DATA_DIR: z.string().default('.data/pglite'),
  /** Built client directory. */
  DIST_DIR: z.string().default('dist'),
  /**
   * Trust X-Forwarded-For (client IP for rate limits and geo) only behind a proxy that sets it;
   * otherwise a client could pick its own IP and dodge the limits.
   */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Allowed CORS origins (comma-separated); empty = same origin only. */
  CORS_ORIGINS: csv,
  /** ISO 3166 alpha-2 codes answered with 451 by /geo_ip (comma-separated). */
  BLOCKED_COUNTRIES: csv,
  /** Country assumed for a client IP without a GEO_IP_HEADER (local and private addresses). */
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('RU'),
  /** Request header holding the client's country, set by a CDN or proxy (e.g. cf-ipcountry). */
  GEO_IP_HEADER: z.string().toLowerCase().default('cf-ipcountry'),
  /** /mirror answers: a new link to redirect to, a Yandex verification tag, an SSO link. */
  MIRROR_NEW_LINK: z.url().optional(),
  MIRROR_YANDEX_VERIFICATION: z.string().optional(),
  MIRROR_SSO_URL: z.string().optional(),
  /** Known mirror domains (comma-separated) for /middleware/mirror. */
  MIRROR_DOMAINS: csv,
  /** Mirror hosts, single sign-on, route rules and host modes (server/geo/config.ts). */
  ...geoEnvShape,
  /**
   * Per-game service URLs of SPEC.md section 7, a JSON object such as
   * `{"crash":"https://crash.example"}`: a service left out is this server. Keys are the service
   * names (`gameServiceNames`), values absolute http(s) origins; GET /config hands the map to the
   * client at run time, so one client build serves any split.
   */
  GAME_SERVICE_URLS: jsonSetting().pipe(
    z.partialRecord(z.enum(gameServiceNames), z.url({ protocol: /^https?$/ })),
  ),
  /**
   * Game providers allowed to call the seamless wallet (`/api/wallet/<id>/...`, docs/providers.md),
   * a JSON object `{"<id>":{"secret":"<HMAC key, 16+ characters>","name":"<label>"}}`. Sandbox
   * mode adds `tessera-sandbox` with a published development secret unless the object names it.
   */
  WALLET_PROVIDERS: jsonSetting().pipe(
    z.record(
      z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'expected a lower-case id, e.g. acme-games'),
      z.strictObject({ secret: z.string().min(16), name: z.string().min(1).max(100).optional() }),
    ),
  ),
  /** Seconds a seamless-wallet launch token stays valid for the provider's debits. */
  /**
   * Product analytics (posthog-js, src/features/analytics): where the client sends its events.
   * Unset: this server's own ingest (`/api/ingest`, stored in `analytics_events`); `off`: no
   * analytics at all; an https origin: that PostHog host (`https://eu.i.posthog.com`).
   */
  ANALYTICS_HOST: z.union([z.literal('off'), z.url({ protocol: /^https?$/ })]).optional(),
  /** The PostHog project token the client sends with every event. */
  ANALYTICS_KEY: z.string().min(1).default('phc_tessera_reference'),
  /** Feature flags the own ingest's /flags answers as on for everyone (comma-separated). */
  ANALYTICS_FLAGS: csv,
  /** Seconds an access token lives before it must be refreshed. */
  ACCESS_TOKEN_TTL_S: seconds(900),
  /** Seconds of inactivity that end a session. */
  SESSION_IDLE_TTL_S: seconds(7 * 24 * 3600),
  /** Seconds after log-in that end a session whatever happens. */
  SESSION_ABSOLUTE_TTL_S: seconds(30 * 24 * 3600),
  /** Requests per minute and IP on log-in, code sending and registration. */
  RATE_LIMIT_LOGIN: perMinute(10),
  RATE_LIMIT_CODES: perMinute(5),
  RATE_LIMIT_REGISTER: perMinute(5),
  /** Game sockets open at once, on every namespace together, per player and per address. */
  SOCKETS_PER_PLAYER: z.coerce.number().int().positive().default(20),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /** Game commands per second, on every socket together, per player (per address for guests). */
  SOCKET_COMMANDS_PER_SECOND: z.coerce.number().int().positive().default(50),
  /**
   * Sandbox endpoints (`/api/sandbox/...`: the outbox with every log-in code, the payment page that
   * credits any invoice) answer clients on this machine only; `true` opens them to every client,
   * for a public demo whose players are all test players. Refused in production mode.
   */
  SANDBOX_ALLOW_REMOTE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Sandbox payment provider: pay invoices automatically after this many ms (0 = never). */
  SANDBOX_PAY_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Seconds an invoice stays payable. */
  INVOICE_LIFETIME_S: seconds(1200),
  /** scrypt cost N (memory ~128*N*r bytes); tests lower it. */
  SCRYPT_N: z.coerce.number().int().min(1024).default(32768),
  /** Seed demo data on first start (`false` to skip). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Rooms closed by the operator, `room:CURRENCY` separated by commas (`red:USD,purple:EUR`): the
   * leader of each refunds its round in play whole and opens no other (docs/games.md "Rooms").
   */
  ROOMS_CLOSED: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(red|yellow|purple):(RUB|USD|KZT|INR|EUR)$/,
            'expected room:CURRENCY, e.g. red:USD',
          ),
      ),
    ),
  /**
   * A public randomness beacon the rooms draw with (https or http): at each close its body, 1-256
   * printable ASCII characters, is the ticket list's last line (docs/games.md "Rooms").
   */
  ROOMS_BEACON_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The rooms' countdown in ms, for tests only (TEST_HOOKS=true): a restart test waits seconds,
   * not the rules' minute. It changes when a round draws, never what it draws.
   */
  ROOMS_COUNTDOWN_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  /**
   * Test hooks of the live games (server/testHooks.ts): the e2e suite reserves rounds and holds
   * their betting windows. Refused in production mode.
   */
  TEST_HOOKS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * The bot check on registration, log-in code requests and password forgot calls: `altcha` (a
   * self-hosted proof of work), `hcaptcha` or `turnstile` (their siteverify, with
   * BOT_CHECK_SITE_KEY and BOT_CHECK_SECRET), or `off`.
   */
  BOT_CHECK: z.enum(botCheckProviders).default('altcha'),
  /** HMAC key signing ALTCHA challenges; unset: a random key per process (one process only). */
  BOT_CHECK_HMAC_KEY: z.string().min(16).optional(),
  /** ALTCHA difficulty: the secret counter is drawn below this (the solver tries half on average). */
  BOT_CHECK_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  /** hCaptcha or Turnstile public site key and secret. */
  BOT_CHECK_SITE_KEY: z.string().min(1).optional(),
  BOT_CHECK_SECRET: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Support and the settings store (issue 31), handed to the client by GET /config.
  /** The revenue-share programme's site (SPEC section 3 `revshareUrl`), linked from the footer. */
  REVSHARE_SERVICE_FRONTEND_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The operator's Telegram channel (SPEC section 3 `tgChannelUrl`), linked from the footer. */
  TELEGRAM_CHANNEL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** A third-party customer-messaging script (https); unset: this server's own support chat. */
  SUPPORT_WIDGET_URL: z.url({ protocol: /^https$/ }).optional(),
})

/** The seamless wallet's sandbox provider and its development secret (docs/providers.md). */
export const SANDBOX_WALLET_PROVIDER = {
  id: 'tessera-sandbox',
  name: 'Tessera sandbox',
  secret: 'tessera-sandbox-wallet-secret',
} as const

/** A game provider of the seamless wallet as configured. */
export interface WalletProviderConfig {
  id: string
  name: string
  secret: string
}

function walletProvidersOf(
  configured: Record<string, { secret: string; name?: string | undefined }>,
  sandbox: boolean,
): WalletProviderConfig[] {
  const list = Object.entries(configured).map(([id, p]) => ({
    id,
    name: p.name ?? id,
    secret: p.secret,
  }))
  // The sandbox provider's secret is public, so it exists only where no real money does.
  if (sandbox && !list.some((p) => p.id === SANDBOX_WALLET_PROVIDER.id)) {
    list.push({ ...SANDBOX_WALLET_PROVIDER })
  }
  return list
}

/** Parsed configuration. */
export type Config = ReturnType<typeof loadConfig>

/** Reads and validates the environment; throws a readable error listing bad variables. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`[config] invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const mode = e.TESSERA_MODE ?? (e.NODE_ENV === 'production' ? 'production' : 'sandbox')
  if (e.TEST_HOOKS && mode === 'production') {
    throw new Error('[config] invalid environment:\n  TEST_HOOKS: never in production mode')
  }
  if (e.ROOMS_COUNTDOWN_MS !== undefined && !e.TEST_HOOKS) {
    throw new Error(
      '[config] invalid environment:\n  ROOMS_COUNTDOWN_MS: only with TEST_HOOKS=true',
    )
  }
  if (e.SANDBOX_ALLOW_REMOTE && mode === 'production') {
    throw new Error(
      '[config] invalid environment:\n  SANDBOX_ALLOW_REMOTE: production mode has no sandbox',
    )
  }
  if (
    mode === 'production' &&
    Object.values(e.WALLET_PROVIDERS).some((p) => p.secret === SANDBOX_WALLET_PROVIDER.secret)
  ) {
    throw new Error(
      '[config] invalid environment:\n  WALLET_PROVIDERS: the sandbox secret is public, never in production',
    )
  }
  if (
    (e.BOT_CHECK === 'hcaptcha' || e.BOT_CHECK === 'turnstile') &&
    !(e.BOT_CHECK_SITE_KEY && e.BOT_CHECK_SECRET)
  ) {
    throw new Error(
      `[config] invalid environment:\n  BOT_CHECK: ${e.BOT_CHECK} needs BOT_CHECK_SITE_KEY and BOT_CHECK_SECRET`,
    )
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    apiBaseUrl: e.API_BASE_URL,
    mode,
    sandbox: mode === 'sandbox',
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL ?? null,
    dataDir: e.DATA_DIR,
    distDir: e.DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    blockedCountries: e.BLOCKED_COUNTRIES.map((c) => c.toUpperCase()),
    defaultCountry: e.DEFAULT_COUNTRY,
    geoIpHeader: e.GEO_IP_HEADER,
    mirror: {
      newLink: e.MIRROR_NEW_LINK ?? null,
      yandexVerification: e.MIRROR_YANDEX_VERIFICATION ?? null,
      sso: e.MIRROR_SSO_URL ?? null,
      domains: e.MIRROR_DOMAINS,
    },
    hosts: hostConfigOf(e),
    gameServices: e.GAME_SERVICE_URLS,
    analytics: {
      enabled: e.ANALYTICS_HOST !== 'off',
      host: e.ANALYTICS_HOST === 'off' ? null : (e.ANALYTICS_HOST?.replace(/\/$/, '') ?? null),
      key: e.ANALYTICS_KEY,
      flags: e.ANALYTICS_FLAGS,
    },
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    sessionIdleTtlS: e.SESSION_IDLE_TTL_S,
    sessionAbsoluteTtlS: e.SESSION_ABSOLUTE_TTL_S,
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      codes: e.RATE_LIMIT_CODES,
      register: e.RATE_LIMIT_REGISTER,
    },
    sockets: {
      perPlayer: e.SOCKETS_PER_PLAYER,
      perAddress: e.SOCKETS_PER_ADDRESS,
      commandsPerSecond: e.SOCKET_COMMANDS_PER_SECOND,
    },
    sandboxAllowRemote: e.SANDBOX_ALLOW_REMOTE,
    sandboxPayDelayMs: e.SANDBOX_PAY_DELAY_MS,
    invoiceLifetimeS: e.INVOICE_LIFETIME_S,
    scryptN: e.SCRYPT_N,
    seedDemo: e.SEED_DEMO,
    testHooks: e.TEST_HOOKS,
    rooms: {
      closed: e.ROOMS_CLOSED,
      beaconUrl: e.ROOMS_BEACON_URL ?? null,
      countdownMs: e.ROOMS_COUNTDOWN_MS ?? null,
    },
    logLevel: e.LOG_LEVEL,
    /** Real social log-in providers (SOCIAL_*), see server/social/config.ts. */
    social: socialConfigOf(env),
    botCheck: {
      provider: e.BOT_CHECK,
      hmacKey: e.BOT_CHECK_HMAC_KEY ?? null,
      maxNumber: e.BOT_CHECK_MAX_NUMBER,
      siteKey: e.BOT_CHECK_SITE_KEY ?? null,
      secret: e.BOT_CHECK_SECRET ?? null,
    },
    wallet: {
      providers: walletProvidersOf(e.WALLET_PROVIDERS, mode === 'sandbox'),
    },
    support: {
      revshareUrl: e.REVSHARE_SERVICE_FRONTEND_URL ?? null,
      tgChannelUrl: e.TELEGRAM_CHANNEL_URL ?? null,
      widgetUrl: e.SUPPORT_WIDGET_URL ?? null,
    },
  } as const
}

/**
 * The warning the server logs at start in sandbox mode, one line per fact, or null in production
 * mode: a sandbox deployed by mistake gives away log-in codes and free money, so it must be loud.
 */
export function sandboxWarning(config: Config): string[] | null {
  if (!config.sandbox) return null
  return [
    '!!! SANDBOX MODE: no real money; test providers for mail, SMS, payments, social log-in, KYC.',
    config.sandboxAllowRemote
      ? '!!! SANDBOX_ALLOW_REMOTE=true: ANY client can read every log-in code at /api/sandbox/outbox and credit any invoice. Never on a server with real players.'
      : '!!! /api/sandbox (every log-in code, free deposits) answers clients on this machine only; SANDBOX_ALLOW_REMOTE=true opens it to all.',
    '!!! For real players set NODE_ENV=production (or TESSERA_MODE=production).',
  ]
}
