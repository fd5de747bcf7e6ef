import { z } from 'zod'

import { socialProviderIds, type SocialProviderId } from '../../contract'

export type { SocialProviderId }

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))

/** The SOCIAL_* variables; each provider is on when its required ones are all set. */
const socialEnv = z.object({
  /** Google, or any OpenID Connect provider found by discovery at SOCIAL_GOOGLE_ISSUER. */
  SOCIAL_GOOGLE_CLIENT_ID: optional,
  SOCIAL_GOOGLE_CLIENT_SECRET: optional,
  SOCIAL_GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  /** Yandex ID (OAuth 2, no discovery). */
  SOCIAL_YANDEX_CLIENT_ID: optional,
  SOCIAL_YANDEX_CLIENT_SECRET: optional,
  /** VK ID (OAuth 2.1 with PKCE; a public client, no secret). */
  SOCIAL_VK_CLIENT_ID: optional,
  /** Telegram log-in widget: the bot's token (from @BotFather) and its username. */
  SOCIAL_TELEGRAM_BOT_TOKEN: optional,
  SOCIAL_TELEGRAM_BOT_NAME: optional,
})

/** Settings of the configured providers; a provider left out is not configured. */
export interface SocialConfig {
  google?: { issuer: string; clientId: string; clientSecret: string }
  yandex?: { clientId: string; clientSecret: string }
  vk?: { clientId: string }
  telegram?: { botToken: string; botName: string }
}

/**
 * Reads the social log-in settings from the environment. A provider with only some of its
 * variables set is a mistake the operator must hear about at start, not a button that fails.
 */
export function socialConfigOf(env: Record<string, string | undefined>): SocialConfig {
  const parsed = socialEnv.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`[config] invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const out: SocialConfig = {}
  const problems: string[] = []
  const pair = (names: string[], values: (string | undefined)[]) => {
    const set = values.filter((v) => v !== undefined).length
    if (set > 0 && set < values.length) {
      problems.push(`  ${names.join(', ')}: set all of them or none`)
    }
    return set === values.length
  }
  if (
    pair(
      ['SOCIAL_GOOGLE_CLIENT_ID', 'SOCIAL_GOOGLE_CLIENT_SECRET'],
      [e.SOCIAL_GOOGLE_CLIENT_ID, e.SOCIAL_GOOGLE_CLIENT_SECRET],
    )
  ) {
    out.google = {
      issuer: e.SOCIAL_GOOGLE_ISSUER,
      clientId: e.SOCIAL_GOOGLE_CLIENT_ID!,
      clientSecret: e.SOCIAL_GOOGLE_CLIENT_SECRET!,
    }
  }
  if (
    pair(
      ['SOCIAL_YANDEX_CLIENT_ID', 'SOCIAL_YANDEX_CLIENT_SECRET'],
      [e.SOCIAL_YANDEX_CLIENT_ID, e.SOCIAL_YANDEX_CLIENT_SECRET],
    )
  ) {
    out.yandex = {
      clientId: e.SOCIAL_YANDEX_CLIENT_ID!,
      clientSecret: e.SOCIAL_YANDEX_CLIENT_SECRET!,
    }
  }
  if (e.SOCIAL_VK_CLIENT_ID) out.vk = { clientId: e.SOCIAL_VK_CLIENT_ID }
  if (
    pair(
      ['SOCIAL_TELEGRAM_BOT_TOKEN', 'SOCIAL_TELEGRAM_BOT_NAME'],
      [e.SOCIAL_TELEGRAM_BOT_TOKEN, e.SOCIAL_TELEGRAM_BOT_NAME],
    )
  ) {
    out.telegram = { botToken: e.SOCIAL_TELEGRAM_BOT_TOKEN!, botName: e.SOCIAL_TELEGRAM_BOT_NAME! }
  }
  if (problems.length > 0) throw new Error(`[config] invalid environment:\n${problems.join('\n')}`)
  return out
}

/**
 * The providers the log-in form offers: the configured ones, and in sandbox mode every one (the
 * sandbox provider stands in for those not configured, so tests and demos need no accounts).
 */
export function offeredProviders(config: {
  sandbox: boolean
  social: SocialConfig
}): SocialProviderId[] {
  return socialProviderIds.filter((p) => config.sandbox || config.social[p] !== undefined)
}
