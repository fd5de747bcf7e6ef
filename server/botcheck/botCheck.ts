/**
 * The server half of the bot check (issue #31 item 7, SPEC.md sections 4 and 7): ALTCHA
 * challenges signed with the server's HMAC key and their single-use verification, or an hCaptcha
 * or Turnstile token checked with the provider's siteverify call. Every accepted solution's hash is
 * kept in `bot_check_used` (migration 025) until it expires, so a replay fails on any process.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { altchaPayload, type AltchaChallenge } from '../../contract'
import type { Config } from '../config'
import type { Queryable } from '../db/db'

/** What a check found. Only `ok` lets the request through. */
export type BotCheckOutcome = 'ok' | 'missing' | 'invalid' | 'expired' | 'replayed'

/** How long an ALTCHA challenge may be solved and sent. */
export const CHALLENGE_TTL_S = 10 * 60

/** How long a provider token's hash is kept (hCaptcha's live 2 min, Turnstile's 5). */
const TOKEN_TTL_S = 10 * 60

/** The siteverify endpoints of the third-party providers. */
export const SITEVERIFY_URLS = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const

/** The part of `fetch` the siteverify call uses; tests pass a stub. */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; body: URLSearchParams; signal: AbortSignal },
) => Promise<{ ok: boolean; json(): Promise<unknown> }>

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Runs the configured bot check. One per app (server/services.ts). */
export class BotCheck {
  private readonly hmacKey: string
  private readonly keySignatureKey: string

  constructor(
    private readonly db: Queryable,
    private readonly config: Config['botCheck'],
    private readonly now: () => Date,
    private readonly fetchFn: FetchLike = (url, init) => fetch(url, init),
    private readonly log: (message: string) => void = () => {},
  ) {
    // Without a configured key each process signs with its own, which only one process can check.
    this.hmacKey = config.hmacKey ?? randomBytes(32).toString('hex')
    // A second secret for altcha-lib's key signature (its fast verify path), derived from the first.
    this.keySignatureKey = createHmac('sha256', this.hmacKey).update('altcha-key').digest('hex')
  }

  /** The provider requests must pass; `off` lets every request through. */
  get provider(): Config['botCheck']['provider'] {
    return this.config.provider
  }

  /**
   * A new ALTCHA challenge: a counter drawn below BOT_CHECK_MAX_NUMBER whose SHA-256 key's prefix
   * the client must find by trying counters from 0 (deterministic mode; half the range on average).
   */
  async challenge(): Promise<AltchaChallenge> {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomBytes(4).readUInt32BE(0) % this.config.maxNumber,
      deriveKey,
      expiresAt: Math.floor(this.now().getTime() / 1000) + CHALLENGE_TTL_S,
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.keySignatureKey,
    })
    return challenge as AltchaChallenge
  }

  /** Checks a request's solution (`h-captcha-response`) and uses it up. */
  async verify(solution: unknown, remoteIp: string): Promise<BotCheckOutcome> {
    if (this.config.provider === 'off') return 'ok'
    if (typeof solution !== 'string' || solution.trim() === '') return 'missing'
    if (this.config.provider === 'altcha') return this.verifyAltcha(solution)
    return this.verifyToken(this.config.provider, solution, remoteIp)
  }

  private async verifyAltcha(encoded: string): Promise<BotCheckOutcome> {
    let decoded: unknown
    try {
      decoded = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
    } catch {
      return 'invalid'
    }
    const payload = altchaPayload.safeParse(decoded)
    if (!payload.success) return 'invalid'
    const { challenge, solution } = payload.data
    const expiresAt = challenge.parameters.expiresAt
    // The server's clock decides (tests move it); altcha-lib checks the wall clock as well.
    if (expiresAt === undefined || expiresAt * 1000 <= this.now().getTime()) return 'expired'
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.keySignatureKey,
    })
    if (result.expired) return 'expired'
    if (!result.verified) return 'invalid'
    // The signature names the challenge: each challenge is solved once.
    return this.claim(`altcha:${challenge.signature}`, new Date(expiresAt * 1000))
  }

  private async verifyToken(
    provider: 'hcaptcha' | 'turnstile',
    token: string,
    remoteIp: string,
  ): Promise<BotCheckOutcome> {
    const { secret, siteKey } = this.config
    const body = new URLSearchParams({ secret: secret ?? '', response: token, remoteip: remoteIp })
    if (provider === 'hcaptcha' && siteKey) body.set('sitekey', siteKey)
    try {
      const res = await this.fetchFn(SITEVERIFY_URLS[provider], {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(10_000),
      })
      const answer = (await res.json()) as { success?: unknown; 'error-codes'?: unknown }
      if (!res.ok || answer.success !== true) {
        this.log(`[botcheck] ${provider} refused: ${JSON.stringify(answer['error-codes'] ?? null)}`)
        return 'invalid'
      }
    } catch (err) {
      // An unreachable provider lets nobody through rather than everybody.
      this.log(`[botcheck] ${provider} siteverify failed: ${String(err)}`)
      return 'invalid'
    }
    return this.claim(`${provider}:${token}`, new Date(this.now().getTime() + TOKEN_TTL_S * 1000))
  }

  /** Records a solution as used; `replayed` when it already was. Expired rows go on the way. */
  private async claim(solution: string, expiresAt: Date): Promise<BotCheckOutcome> {
    const now = this.now()
    await this.db.query('DELETE FROM bot_check_used WHERE expires_at <= $1', [now])
    const rows = await this.db.query(
      `INSERT INTO bot_check_used (solution_hash, expires_at) VALUES ($1, $2)
       ON CONFLICT (solution_hash) DO NOTHING RETURNING solution_hash`,
      [sha256(solution), expiresAt],
    )
    return rows.length === 1 ? 'ok' : 'replayed'
  }
}

/**
 * Origins the page's Content-Security-Policy must allow for the provider's script, frames and
 * calls (none for the self-hosted check, whose worker is this origin's).
 */
export function botCheckCspSources(provider: Config['botCheck']['provider']): string[] {
  switch (provider) {
    case 'hcaptcha':
      return ['https://hcaptcha.com', 'https://*.hcaptcha.com']
    case 'turnstile':
      return ['https://challenges.cloudflare.com']
    case 'altcha':
    case 'off':
      return []
    default: {
      const unknown: never = provider
      throw new Error(`[botcheck] unknown provider ${String(unknown)}`)
    }
  }
}
