import { beforeAll, describe, expect, it } from 'vitest'
import { registerResponse } from '../../../contract'
import type { TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

/** Password update, set and the forgot/reset family, run by api.test.ts on each driver. */
export function passwordSuite(ctx: SuiteContext): void {
  describe('password API', () => {
    let t: TestApp
    beforeAll(() => {
      t = ctx.t
    })

    const register = async (email: string, password = 'password-123') => {
      const res = await t.call('POST', '/api/api/v2/auth/register/email', {
        body: { email, password, promo: 'WELCOME100', stag: 'aff-1', fpp: 'fp-1' },
      })
      expect(res.statusCode, res.body).toBe(200)
      return registerResponse.parse(res.json()).data
    }
    const profile = async (token: string) => t.call('GET', '/api/profile/user', { token })

    it('updates and sets passwords with the 422 fields the client shows', async () => {
      const { token } = await register('pw.player@tessera.test', 'first-password')
      const other = await t.login('pw.player@tessera.test', 'first-password')
      const call = (body: unknown) => t.call('POST', '/api/password/update', { token, body })
      const wrongOld = await call({
        old_password: 'nope',
        password: 'second-password',
        password_confirm: 'second-password',
      })
      expect(Object.keys(wrongOld.json().errors)).toEqual(['old_password'])
      const short = await call({
        old_password: 'first-password',
        password: 'short',
        password_confirm: 'short',
      })
      expect(Object.keys(short.json().errors)).toEqual(['new_password'])
      const mismatch = await call({
        old_password: 'first-password',
        password: 'second-password',
        password_confirm: 'x',
      })
      expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirm'])
      const ok = await call({
        old_password: 'first-password',
        password: 'second-password',
        password_confirm: 'second-password',
      })
      expect(ok.statusCode, ok.body).toBe(200)
      expect((await profile(token)).statusCode).toBe(200)
      // Other sessions end with a password change.
      expect((await profile(other.token)).statusCode).toBe(401)
      await t.login('pw.player@tessera.test', 'second-password')

      const set = await t.call('POST', '/api/api/v2/auth/password/set', {
        token,
        body: { password: 'third-password', confirm_password: 'third-password' },
      })
      expect(set.statusCode).toBe(422)
      expect(set.json().errors.password[0]).toMatch(/^password_exists:/)
    })

    it('resets a password by e-mail code, e-mail link and SMS code', async () => {
      await register('forgot@tessera.test', 'old-password-1')
      const P = '/api/api/v2/auth/password'
      expect(
        (await t.call('POST', `${P}/email/forgot`, { body: { email: 'forgot@tessera.test' } }))
          .statusCode,
      ).toBe(200)
      const mail = (
        await t.call('GET', '/api/sandbox/outbox?to=forgot%40tessera.test&limit=1')
      ).json().data[0]
      const link = /\/reset-password\/(rl_[A-Za-z0-9_-]+)/.exec(mail.body)?.[1]
      expect(link).toBeDefined()
      const check = await t.call('POST', `${P}/email/token/check`, { body: { token: link } })
      expect(check.json().data).toMatchObject({ valid: true })
      const confirm = await t.call('POST', `${P}/email/code/confirm`, {
        body: { email: 'forgot@tessera.test', code: mail.code },
      })
      expect(confirm.statusCode, confirm.body).toBe(200)
      const resetToken = confirm.json().data.reset_token
      const mismatch = await t.call('POST', `${P}/email/reset/code`, {
        body: { reset_token: resetToken, password: 'new-password-1', password_confirm: 'other' },
      })
      expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirm'])
      const reset = await t.call('POST', `${P}/email/reset/code`, {
        body: {
          reset_token: resetToken,
          password: 'new-password-1',
          password_confirm: 'new-password-1',
        },
      })
      expect(reset.statusCode, reset.body).toBe(200)
      await t.login('forgot@tessera.test', 'new-password-1')
      // The link still works once, then never again.
      const byLink = await t.call('POST', `${P}/email/reset/token`, {
        body: { token: link, password: 'new-password-2', password_confirm: 'new-password-2' },
      })
      expect(byLink.statusCode, byLink.body).toBe(200)
      const again = await t.call('POST', `${P}/email/token/check`, { body: { token: link } })
      expect(again.statusCode).toBe(422)
      await t.login('forgot@tessera.test', 'new-password-2')

      // By SMS (the demo account has a phone).
      const phone = '+79990000000'
      t.clock.advance(61_000)
      expect((await t.call('POST', `${P}/phone/forgot`, { body: { phone } })).statusCode).toBe(200)
      const code = await t.lastCode(phone)
      const pc = await t.call('POST', `${P}/phone/code/confirm`, { body: { phone, code } })
      const rt = pc.json().data.reset_token
      expect(
        (await t.call('POST', `${P}/phone/token/check`, { body: { token: rt } })).statusCode,
      ).toBe(200)
      const pr = await t.call('POST', `${P}/phone/reset`, {
        body: { reset_token: rt, password: 'tessera-demo', password_confirm: 'tessera-demo' },
      })
      expect(pr.statusCode, pr.body).toBe(200)
      expect(
        (await t.call('POST', `${P}/phone/token/check`, { body: { token: rt } })).statusCode,
      ).toBe(422)
    })
  })
}
