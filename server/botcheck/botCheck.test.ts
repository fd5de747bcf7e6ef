import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AltchaChallenge } from '../../contract'
import { loadConfig } from '../config'
import type { Db } from '../db/db'
import { contentSecurityPolicy } from '../http/security'
import { openTestPglite } from '../db/testDatabases'
import { BotCheck, CHALLENGE_TTL_S, SITEVERIFY_URLS, type FetchLike } from './botCheck'

/** A clock the test moves. */
let offsetMs = 0
const now = () => new Date(Date.now() + offsetMs)

const config = (env: Record<string, string>) =>
  loadConfig({
    BOT_CHECK_HMAC_KEY: 'test-hmac-key-0123456789',
    BOT_CHECK_MAX_NUMBER: '200',
    ...env,
  }).botCheck

async function solve(challenge: AltchaChallenge, overrides: { counter?: number } = {}) {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 })
  if (!solution) throw new Error('unsolved')
  const payload = {
    challenge,
    solution: { counter: overrides.counter ?? solution.counter, derivedKey: solution.derivedKey },
  }
  return Buffer.from(JSON.stringify(payload)).toString('base64')
}

describe('BotCheck', () => {
  let db: Db
  beforeAll(async () => {
    // The run's migrated database (a copy of one dump), not an initdb and a migration per file.
    db = await openTestPglite()
  }, 60_000)
  afterAll(async () => db.close())
  beforeEach(async () => {
    offsetMs = 0
    await db.query('DELETE FROM bot_check_used')
  })

  describe('altcha', () => {
    const check = () => new BotCheck(db, config({ BOT_CHECK: 'altcha' }), now)

    it('accepts a solved challenge once and refuses its replay', async () => {
      const bot = check()
      const solution = await solve(await bot.challenge())
      expect(await bot.verify(solution, '127.0.0.1')).toBe('ok')
      expect(await bot.verify(solution, '127.0.0.1')).toBe('replayed')
      // Another process over the same database (same key) refuses it too.
      expect(await check().verify(solution, '127.0.0.1')).toBe('replayed')
    })

    it('refuses a wrong counter, a changed challenge and another key', async () => {
      const bot = check()
      const challenge = await bot.challenge()
      const right = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
        solution: { counter: number; derivedKey: string }
      }
      const wrong = Buffer.from(
        JSON.stringify({
          challenge,
          solution: { counter: right.solution.counter + 1, derivedKey: '00'.repeat(32) },
        }),
      ).toString('base64')
      expect(await bot.verify(wrong, '127.0.0.1')).toBe('invalid')
      // An easier challenge written by the client: its signature no longer matches.
      const tampered = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } }
      expect(await bot.verify(await solve(tampered), '127.0.0.1')).toBe('invalid')
      const other = new BotCheck(
        db,
        config({ BOT_CHECK: 'altcha', BOT_CHECK_HMAC_KEY: 'another-key-0123456789' }),
        now,
      )
      expect(await other.verify(await solve(challenge), '127.0.0.1')).toBe('invalid')
      // The right solution still works: the failures used nothing up.
      expect(await bot.verify(await solve(challenge), '127.0.0.1')).toBe('ok')
    })

    it('refuses a solution after its challenge expired, and forgets it then', async () => {
      const bot = check()
      const challenge = await bot.challenge()
      expect(challenge.parameters.expiresAt).toBe(
        Math.floor(now().getTime() / 1000) + CHALLENGE_TTL_S,
      )
      const solution = await solve(challenge)
      offsetMs = (CHALLENGE_TTL_S + 1) * 1000
      expect(await bot.verify(solution, '127.0.0.1')).toBe('expired')
      offsetMs = 0
      expect(await bot.verify(solution, '127.0.0.1')).toBe('ok')
      // A later claim purges the used hash once it has expired: the table does not grow.
      offsetMs = (CHALLENGE_TTL_S + 1) * 1000
      await bot.verify(await solve(await bot.challenge()), '127.0.0.1')
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bot_check_used')
      expect(rows[0]!.n).toBe(1)
    })

    it('answers missing without a solution and invalid for garbage', async () => {
      const bot = check()
      expect(await bot.verify(undefined, '127.0.0.1')).toBe('missing')
      expect(await bot.verify('', '127.0.0.1')).toBe('missing')
      expect(await bot.verify('not base64 json', '127.0.0.1')).toBe('invalid')
      expect(await bot.verify(Buffer.from('{"a":1}').toString('base64'), '1.2.3.4')).toBe('invalid')
    })

    it('draws the counter below BOT_CHECK_MAX_NUMBER', async () => {
      const bot = new BotCheck(db, config({ BOT_CHECK: 'altcha', BOT_CHECK_MAX_NUMBER: '3' }), now)
      for (let i = 0; i < 5; i++) {
        const json = JSON.parse(
          Buffer.from(await solve(await bot.challenge()), 'base64').toString(),
        ) as { solution: { counter: number } }
        expect(json.solution.counter).toBeLessThan(3)
      }
    })
  })

  it('lets everything through when off', async () => {
    const bot = new BotCheck(db, config({ BOT_CHECK: 'off' }), now)
    expect(await bot.verify(undefined, '127.0.0.1')).toBe('ok')
  })

  // hCaptcha and Turnstile cannot be reached offline: their siteverify call runs against a stub.
  describe.each(['hcaptcha', 'turnstile'] as const)('%s siteverify', (provider) => {
    const env = { BOT_CHECK: provider, BOT_CHECK_SITE_KEY: 'site-1', BOT_CHECK_SECRET: 'secret-1' }
    const stub = (answer: unknown, ok = true) =>
      vi.fn<FetchLike>(async () => ({ ok, json: async () => answer }))

    it('posts the secret, the token and the address, and accepts a token once', async () => {
      const fetchFn = stub({ success: true })
      const bot = new BotCheck(db, config(env), now, fetchFn)
      expect(await bot.verify('token-1', '10.0.0.7')).toBe('ok')
      const [url, init] = fetchFn.mock.calls[0]!
      expect(url).toBe(SITEVERIFY_URLS[provider])
      expect(init.method).toBe('POST')
      expect(init.body.get('secret')).toBe('secret-1')
      expect(init.body.get('response')).toBe('token-1')
      expect(init.body.get('remoteip')).toBe('10.0.0.7')
      expect(init.body.get('sitekey')).toBe(provider === 'hcaptcha' ? 'site-1' : null)
      expect(await bot.verify('token-1', '10.0.0.7')).toBe('replayed')
    })

    it('refuses what the provider refuses, and when it cannot be reached', async () => {
      const refused = stub({ success: false, 'error-codes': ['invalid-input-response'] })
      expect(await new BotCheck(db, config(env), now, refused).verify('t', '1.1.1.1')).toBe(
        'invalid',
      )
      const broken = stub({ success: true }, false)
      expect(await new BotCheck(db, config(env), now, broken).verify('t2', '1.1.1.1')).toBe(
        'invalid',
      )
      const down = vi.fn<FetchLike>(async () => {
        throw new Error('ECONNREFUSED')
      })
      expect(await new BotCheck(db, config(env), now, down).verify('t3', '1.1.1.1')).toBe('invalid')
      expect(await new BotCheck(db, config(env), now, stub({})).verify('', '1.1.1.1')).toBe(
        'missing',
      )
    })
  })

  it('lets the page load only the chosen provider (Content-Security-Policy)', () => {
    const keys = { BOT_CHECK_SITE_KEY: 's', BOT_CHECK_SECRET: 'x' }
    const turnstile = contentSecurityPolicy(loadConfig({ BOT_CHECK: 'turnstile', ...keys }))
    expect(turnstile).toContain("script-src 'self' https://challenges.cloudflare.com;")
    expect(turnstile).toContain("frame-src 'self' https://challenges.cloudflare.com;")
    const hcaptcha = contentSecurityPolicy(loadConfig({ BOT_CHECK: 'hcaptcha', ...keys }))
    expect(hcaptcha).toContain('https://*.hcaptcha.com')
    const altcha = contentSecurityPolicy(loadConfig({}))
    expect(altcha).toContain("script-src 'self';")
    expect(altcha).not.toMatch(/hcaptcha|cloudflare/)
  })

  it('config refuses hCaptcha or Turnstile without keys', () => {
    expect(() => loadConfig({ BOT_CHECK: 'turnstile' })).toThrow(/BOT_CHECK_SITE_KEY/)
    expect(loadConfig({}).botCheck.provider).toBe('altcha')
  })
})
