import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginResponse, profileUserResponse, registerResponse } from '../../../contract'
import type { Db } from '../../../server/db/db'
import { startTestApp, type TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

const MIN = 60_000
const DAY = 24 * 60 * MIN

/** auth API, run by api.test.ts on each driver over one shared database. */
export function authSuite(ctx: SuiteContext): void {
  describe('auth API', () => {
    let db: Db
    let t: TestApp
    beforeAll(async () => {
      ;({ db, t } = ctx)
    })
    // The timeout tests move the shared clock by weeks; later suites start from real time.
    afterAll(() => {
      t.clock.offsetMs = 0
    })

    const register = async (email: string, password = 'password-123') => {
      const res = await t.call('POST', '/api/api/v2/auth/register/email', {
        body: { email, password, promo: 'WELCOME100', stag: 'aff-1', fpp: 'fp-1' },
      })
      expect(res.statusCode, res.body).toBe(200)
      return registerResponse.parse(res.json()).data
    }
    const profile = async (token: string) => t.call('GET', '/api/profile/user', { token })

    it('registers by e-mail, verifies the address with the mailed code', async () => {
      const { token } = await register('New.Player@Tessera.test')
      const p = profileUserResponse.parse((await profile(token)).json())
      expect(p.user).toMatchObject({
        email: 'new.player@tessera.test',
        register_method: 'email',
        balance: 0,
        currency: 'RUB',
        is_email_verified: false,
        is_password_exists: true,
        region: 'RU',
      })
      expect(p.super_bonus).toBe('WELCOME100')
      const dup = await t.call('POST', '/api/api/v2/auth/register/email', {
        body: { email: 'new.player@tessera.test', password: 'password-123' },
      })
      expect(dup.statusCode).toBe(422)
      expect(dup.json().errors.email[0]).toMatch(/^already_taken:/)
      const wrong = await t.call('POST', '/api/auth/email/verify/code', {
        token,
        body: { code: '999999x' },
      })
      expect(wrong.statusCode).toBe(422)
      const code = await t.lastCode('new.player@tessera.test')
      const ok = await t.call('POST', '/api/auth/email/verify/code', { token, body: { code } })
      expect(ok.statusCode, ok.body).toBe(200)
      expect(profileUserResponse.parse((await profile(token)).json()).user.is_email_verified).toBe(
        true,
      )
    })

    it('registers by phone; resend respects the cooldown; verifies the phone', async () => {
      const res = await t.call('POST', '/api/api/v2/auth/register/phone', {
        body: { phone: '+7 (999) 123 45 67', password: 'password-123' },
      })
      expect(res.statusCode, res.body).toBe(200)
      const { token } = registerResponse.parse(res.json()).data
      const soon = await t.call('POST', '/api/auth/phone/resend', { token })
      expect(soon.statusCode).toBe(429)
      expect(soon.json().data.message).toBe('too_many_requests')
      t.clock.advance(61_000)
      const again = await t.call('POST', '/api/auth/phone/resend', { token })
      expect(again.statusCode, again.body).toBe(200)
      const code = await t.lastCode('+79991234567')
      expect(
        (await t.call('POST', '/api/auth/phone/verify/code', { token, body: { code } })).statusCode,
      ).toBe(200)
      const p = profileUserResponse.parse((await profile(token)).json())
      expect(p.user).toMatchObject({
        phone: '+79991234567',
        is_phone_verified: true,
        register_method: 'phone',
      })
    })

    it('logs in by password (e-mail and phone); every log-in is a new session', async () => {
      const bad = await t.call('POST', '/api/api/v2/auth/login/email/password', {
        body: { email: 'demo@tessera.test', password: 'not-the-password' },
      })
      expect(bad.statusCode).toBe(422)
      expect(bad.json().errors.email[0]).toMatch(/^invalid_credentials:/)
      const unknown = await t.call('POST', '/api/api/v2/auth/login/email/password', {
        body: { email: 'nobody@tessera.test', password: 'whatever-123' },
      })
      expect(unknown.json()).toEqual(bad.json())
      const a = await t.login()
      const b = await t.login()
      expect(a.token).not.toBe(b.token)
      expect(a.token.length).toBeGreaterThanOrEqual(40)
      const byPhone = await t.call('POST', '/api/api/v2/auth/login/phone/password', {
        body: { phone: '+79990000000', password: 'tessera-demo' },
      })
      expect(byPhone.statusCode).toBe(200)
      expect(loginResponse.parse(byPhone.json())).toMatchObject({ success: true, sso: null })
      const p = profileUserResponse.parse((await profile(a.token)).json())
      expect(p.user.balance).toBe(1_000_000)
    })

    it('logs in by e-mail code and by SMS code; wrong codes are limited', async () => {
      const send = await t.call('POST', '/api/api/v2/auth/login/email/verification', {
        body: { email: 'demo@tessera.test' },
      })
      expect(send.statusCode).toBe(200)
      expect(send.json()).toEqual({ success: true, resend_in: 60 })
      const code = await t.lastCode('demo@tessera.test')
      const ok = await t.call('POST', '/api/api/v2/auth/login/email/code', {
        body: { email: 'demo@tessera.test', code },
      })
      expect(ok.statusCode, ok.body).toBe(200)
      expect(
        (
          await t.call('POST', '/api/api/v2/auth/login/email/code', {
            body: { email: 'demo@tessera.test', code },
          })
        ).statusCode,
      ).toBe(422)

      await t.call('POST', '/api/api/v2/auth/login/phone/verification', {
        body: { phone: '+79990000000' },
      })
      t.clock.advance(61_000)
      const resent = await t.call('POST', '/api/api/v2/auth/login/phone/code/resend?type=sms', {
        body: { phone: '+79990000000' },
      })
      expect(resent.statusCode).toBe(200)
      const sms = await t.lastCode('+79990000000')
      for (let i = 0; i < 5; i++) {
        const wrong = String((Number(sms) + 1 + i) % 1_000_000).padStart(6, '0')
        const r = await t.call('POST', '/api/api/v2/auth/login/phone/code?type=sms', {
          body: { phone: '+79990000000', code: wrong },
        })
        expect(r.statusCode).toBe(422)
      }
      // Five wrong guesses spend the code: the right one no longer works.
      const late = await t.call('POST', '/api/api/v2/auth/login/phone/code?type=sms', {
        body: { phone: '+79990000000', code: sms },
      })
      expect(late.statusCode).toBe(422)
      expect(late.json().errors.code[0]).toMatch(/^invalid_code:/)
      t.clock.advance(61_000)
      // An unknown address answers the same, and nothing is delivered to it.
      const ghost = await t.call('POST', '/api/login/email/resend', {
        body: { email: 'ghost@tessera.test' },
      })
      expect(ghost.json()).toEqual({ success: true, resend_in: 60 })
      const outbox = await t.call('GET', '/api/sandbox/outbox?to=ghost%40tessera.test')
      expect(outbox.json().data).toEqual([])
    })

    it('refreshes (rotating both tokens), logs out, and enforces the timeouts', async () => {
      const s = await t.login()
      const r1 = await t.call('POST', '/api/auth/refresh-token', {
        body: { refresh_token: s.refresh_token },
      })
      expect(r1.statusCode, r1.body).toBe(200)
      const n1 = r1.json<{ access_token: string; refresh_token: string }>()
      expect((await profile(s.token)).statusCode).toBe(401)
      expect((await profile(n1.access_token)).statusCode).toBe(200)
      const reused = await t.call('POST', '/api/auth/refresh-token', {
        body: { refresh_token: s.refresh_token },
      })
      expect(reused.statusCode).toBe(401)
      expect(reused.json().data).toMatchObject({ message: 'session_expired', sso: null })

      // The access token expires after 15 minutes; the client refreshes with it as bearer.
      t.clock.advance(16 * MIN)
      expect((await profile(n1.access_token)).statusCode).toBe(401)
      const r2 = await t.call('POST', '/api/auth/refresh-token', { token: n1.access_token })
      expect(r2.statusCode, r2.body).toBe(200)
      const n2 = r2.json<{ access_token: string; refresh_token: string }>()

      // Near its end, the profile hands out a fresh access token.
      t.clock.advance(11 * MIN)
      const fresh = profileUserResponse.parse((await profile(n2.access_token)).json()).fresh_token
      expect(fresh).toEqual(expect.any(String))
      expect((await profile(fresh!)).statusCode).toBe(200)

      const out = await t.call('PUT', '/api/auth/logout', { token: fresh! })
      expect(out.statusCode).toBe(200)
      expect((await profile(fresh!)).statusCode).toBe(401)
      expect(
        (
          await t.call('POST', '/api/auth/refresh-token', {
            body: { refresh_token: n2.refresh_token },
          })
        ).statusCode,
      ).toBe(401)

      // Inactivity: a week without use ends the session.
      const idle = await t.login()
      t.clock.advance(7 * DAY + MIN)
      expect(
        (
          await t.call('POST', '/api/auth/refresh-token', {
            body: { refresh_token: idle.refresh_token },
          })
        ).statusCode,
      ).toBe(401)

      // Absolute: even a session refreshed every few days ends 30 days after log-in.
      let live = await t.login()
      for (let day = 0; day < 30; day += 5) {
        t.clock.advance(5 * DAY)
        const r = await t.call('POST', '/api/auth/refresh-token', {
          body: { refresh_token: live.refresh_token },
        })
        if (day + 5 < 30) {
          expect(r.statusCode, `day ${day + 5}`).toBe(200)
          live = { token: r.json().access_token, refresh_token: r.json().refresh_token }
        } else {
          expect(r.statusCode).toBe(401)
        }
      }
    })

    it('logs in through the sandbox social provider popup', async () => {
      const start = await t.call('PUT', '/api/auth/login', {
        body: {
          provider: 'google',
          origin: 'http://tessera.test/games/crash',
          currency: 'USD',
          promo: null,
        },
      })
      expect(start.statusCode, start.body).toBe(200)
      const foreign = await t.call('PUT', '/api/auth/login', {
        body: { provider: 'google', origin: 'https://evil.example' },
      })
      expect(foreign.statusCode).toBe(422)
      expect(Object.keys(foreign.json().errors)).toEqual(['origin'])
      const url = new URL(start.json().url)
      const popup = await t.call('GET', url.pathname + url.search)
      expect(popup.statusCode).toBe(200)
      expect(popup.body).toContain('<script src="/api/sandbox/assets/social.js">')
      expect(popup.body).not.toMatch(/<script>/)
      const state = url.searchParams.get('state')
      const done = await t.call('POST', '/api/sandbox/social/complete', {
        body: { state, subject: 'alice' },
      })
      expect(done.statusCode, done.body).toBe(200)
      expect(done.json().origin).toBe('http://tessera.test')
      const { token } = done.json().message
      const p = profileUserResponse.parse((await profile(token)).json())
      expect(p.user).toMatchObject({
        register_method: 'social',
        currency: 'USD',
        is_password_exists: false,
      })
      expect(
        (
          await t.call('POST', '/api/sandbox/social/complete', {
            body: { state, subject: 'alice' },
          })
        ).statusCode,
      ).toBe(422)
      const set = await t.call('POST', '/api/api/v2/auth/password/set', {
        token,
        body: { password: 'social-password', confirm_password: 'social-password' },
      })
      expect(set.statusCode, set.body).toBe(200)
      expect(profileUserResponse.parse((await profile(token)).json()).user.is_password_exists).toBe(
        true,
      )
    })

    it('rate-limits log-in, code sending and registration per IP', async () => {
      const limited = await startTestApp(db, {
        RATE_LIMIT_LOGIN: '2',
        RATE_LIMIT_CODES: '1',
        RATE_LIMIT_REGISTER: '1',
      })
      try {
        const login = () =>
          limited.call('POST', '/api/api/v2/auth/login/email/password', {
            body: { email: 'demo@tessera.test', password: 'x-wrong-1' },
          })
        expect((await login()).statusCode).toBe(422)
        expect((await login()).statusCode).toBe(422)
        const third = await login()
        expect(third.statusCode).toBe(429)
        expect(third.json().data.message).toBe('too_many_requests')
        const code = () =>
          limited.call('POST', '/api/api/v2/auth/login/email/verification', {
            body: { email: 'rl@tessera.test' },
          })
        expect((await code()).statusCode).toBe(200)
        expect((await code()).statusCode).toBe(429)
        const reg = (n: number) =>
          limited.call('POST', '/api/api/v2/auth/register/email', {
            body: { email: `rl${n}@tessera.test`, password: 'password-123' },
          })
        expect((await reg(1)).statusCode).toBe(200)
        expect((await reg(2)).statusCode).toBe(429)
      } finally {
        await limited.close()
      }
    })
  })
}
