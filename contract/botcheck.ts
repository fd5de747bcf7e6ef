import { z } from 'zod/mini'
import { text } from './common'

/**
 * The bot check (SPEC.md sections 4, 5 and 7) on registration, log-in code requests and password
 * forgot calls. The client solves a challenge and sends the solution in the request body's
 * `h-captcha-response` field (the SPEC's field name, whatever the provider); the server verifies
 * it once and refuses a request without one. See docs/api.md "Bot check".
 */

/** The body field that carries the solution (an ALTCHA payload, an hCaptcha or Turnstile token). */
export const BOT_CHECK_FIELD = 'h-captcha-response'

/** Which bot check the server runs: `off` means none (its requests need no solution). */
export const botCheckProviders = ['altcha', 'hcaptcha', 'turnstile', 'off'] as const
export type BotCheckProvider = (typeof botCheckProviders)[number]

/**
 * The bot check part of GET /config: the provider and, for hCaptcha and Turnstile, the public
 * site key their script is loaded with (null for ALTCHA and off).
 */
export const botCheckClientConfig = z.object({
  provider: z.enum(botCheckProviders),
  site_key: z.nullable(z.string()),
})
export type BotCheckClientConfig = z.infer<typeof botCheckClientConfig>

/** The solution field as request schemas declare it (absent: refused when the check is on). */
export const botCheckSolution = z.optional(text(8192))

/** The body fields of a request the bot check guards. */
export const botCheckFields = { [BOT_CHECK_FIELD]: botCheckSolution }

const hex = z.string().check(z.regex(/^[0-9a-f]+$/), z.maxLength(1024))

/**
 * GET /captcha/challenge (ALTCHA only): a signed proof-of-work challenge (altcha-lib v2,
 * deterministic mode). The client finds the counter whose derived key starts with `keyPrefix`.
 */
export const altchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string().check(z.maxLength(32)),
    nonce: hex,
    salt: hex,
    cost: z.int().check(z.positive()),
    keyLength: z.int().check(z.positive(), z.maximum(64)),
    keyPrefix: hex,
    keySignature: z.optional(hex),
    expiresAt: z.optional(z.int()),
  }),
  signature: hex,
})
export type AltchaChallenge = z.infer<typeof altchaChallenge>

/** A solved challenge; sent base64-encoded JSON in {@link BOT_CHECK_FIELD}, as the ALTCHA widget does. */
export const altchaPayload = z.object({
  challenge: altchaChallenge,
  solution: z.object({
    counter: z.int().check(z.nonnegative()),
    derivedKey: hex,
  }),
})
export type AltchaPayload = z.infer<typeof altchaPayload>
