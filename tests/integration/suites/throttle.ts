import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { Db } from '../../../server/db/db'
import { DEMO } from '../../../server/db/seed'
import { LOGIN_BACKOFF } from '../../../server/http/throttle/login'
import { startTestApp, type TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

const EMAIL_PASSWORD = '/api/api/v2/auth/login/email/password'
const EMAIL_CODE = '/api/api/v2/auth/login/email/code'
const PHONE_PASSWORD = '/api/api/v2/auth/login/phone/password'
const PHONE_CODE = '/api/api/v2/auth/login/phone/code?type=sms'

/** Client addresses of the documentation ranges: every try comes from a new one. */
const address = (n: number) => `198.51.100.${n % 250}`

/** The 429 every waiting account answers, whatever the route, account or address. */
function expectWait(res: LightMyRequestResponse, seconds: number) {
  expect(res.statusCode, res.body).toBe(429)
  expect(res.headers['retry-after']).toBe(String(seconds))
  expect(res.json()).toEqual({
    data: { message: 'too_many_requests', params: { retry_after: seconds } },
  })
}

/**
 * Log-in throttled per account (issue 24, item 4), on an app of its own so its clock and counters
 * are its own; run by api.test.ts on each driver.
 */
export function throttleSuite(ctx: SuiteContext): void {
  describe('log-in throttled per account', () => {
    let db: Db
    let t: TestApp
    let tries = 0
    beforeAll(async () => {
      db = ctx.db
      t = await startTestApp(db)
    })
    afterAll(async () => {
      await t.close()
    })

    const post = (path: string, body: Record<string, string>) =>
      t.call('POST', path, { body, remoteAddress: address(++tries) })
    const register = async (email: string) => {
      const res = await t.call('POST', '/api/api/v2/auth/register/email', {
        body: { email, password: 'password-123' },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const wrongPassword = (email: string) => post(EMAIL_PASSWORD, { email, password: 'guess-1234' })
    const wait = (seconds: number) => t.clock.advance(seconds * 1000)

    it('makes an account wait after five failures, from any address, right password or not', async () => {
      await register('victim@tessera.test')
      for (let i = 0; i < LOGIN_BACKOFF.freeFailures + 1; i++) {
        expect((await wrongPassword('victim@tessera.test')).statusCode).toBe(422)
      }
      // The attack: more guesses from fresh addresses, then the password from another.
      expectWait(await wrongPassword('victim@tessera.test'), 1)
      expectWait(
        await post(EMAIL_PASSWORD, { email: 'victim@tessera.test', password: 'password-123' }),
        1,
      )
      // Every log-in route of the account waits: codes too, and the code's own guesses are kept.
      await t.call('POST', '/api/api/v2/auth/login/email/verification', {
        body: { email: 'victim@tessera.test' },
      })
      const code = await t.lastCode('victim@tessera.test')
      expectWait(await post(EMAIL_CODE, { email: 'victim@tessera.test', code }), 1)
      // Each further failure doubles the wait.
      wait(1)
      expect(
        (await post(EMAIL_CODE, { email: 'victim@tessera.test', code: '000000' })).statusCode,
      ).toBe(422)
      expectWait(await wrongPassword('victim@tessera.test'), 2)
      wait(2)
      expect((await wrongPassword('victim@tessera.test')).statusCode).toBe(422)
      expectWait(await wrongPassword('victim@tessera.test'), 4)
      // Waiting it out lets the player in, and a success wipes the streak.
      wait(4)
      const ok = await post(EMAIL_CODE, { email: 'victim@tessera.test', code })
      expect(ok.statusCode, ok.body).toBe(200)
      for (let i = 0; i < LOGIN_BACKOFF.freeFailures + 1; i++) {
        expect((await wrongPassword('victim@tessera.test')).statusCode).toBe(422)
      }
      expectWait(await wrongPassword('victim@tessera.test'), 1)
    })

    it('answers an unknown account exactly as a known one', async () => {
      await register('known@tessera.test')
      let waits = 0
      for (let i = 0; i < LOGIN_BACKOFF.freeFailures + 3; i++) {
        const known = await wrongPassword('known@tessera.test')
        const unknown = await wrongPassword('unknown@tessera.test')
        expect(unknown.statusCode, `try ${i + 1}`).toBe(known.statusCode)
        expect(unknown.headers['retry-after']).toBe(known.headers['retry-after'])
        expect(unknown.json()).toEqual(known.json())
        if (known.statusCode === 429) {
          waits += 1
          wait(Number(known.headers['retry-after']))
        }
      }
      // Both waited, on the same tries.
      expect(waits).toBeGreaterThan(0)
    })

    it('never locks for good: the wait stops growing, then ends', async () => {
      await register('patient@tessera.test')
      let longest = 0
      for (let i = 0; i < 30; i++) {
        const res = await wrongPassword('patient@tessera.test')
        if (res.statusCode === 429) {
          const seconds = Number(res.headers['retry-after'])
          longest = Math.max(longest, seconds)
          wait(seconds)
        }
      }
      expect(longest).toBe(LOGIN_BACKOFF.maxWaitMs / 1000)
      wait(LOGIN_BACKOFF.maxWaitMs / 1000)
      const ok = await post(EMAIL_PASSWORD, {
        email: 'patient@tessera.test',
        password: 'password-123',
      })
      expect(ok.statusCode, ok.body).toBe(200)
    })

    it("shares one budget between an account's e-mail and phone", async () => {
      for (let i = 0; i < LOGIN_BACKOFF.freeFailures + 1; i++) {
        const res =
          i % 2 === 0
            ? await wrongPassword(DEMO.email)
            : await post(PHONE_PASSWORD, { phone: '+79990000000', password: 'guess-1234' })
        expect(res.statusCode).toBe(422)
      }
      expectWait(await post(PHONE_CODE, { phone: '+79990000000', code: '000000' }), 1)
      wait(1)
      expect((await t.login()).token).toEqual(expect.any(String))
    })

    it('lets one of many parallel guesses past the free ones, never all', async () => {
      await register('burst@tessera.test')
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => wrongPassword('burst@tessera.test')),
      )
      const refused = answers.filter((r) => r.statusCode === 422).length
      expect(refused).toBe(LOGIN_BACKOFF.freeFailures + 1)
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(40 - refused)
    })
  })
}
