import { beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../../server/auth/tokens'
import type { Db } from '../../../server/db/db'
import { endpoints } from '../support/endpoints'
import { startTestApp, type TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

/** An address on the internet (TEST-NET-3, RFC 5737): a client that is not this machine. */
const REMOTE = '203.0.113.7'

/** Every sandbox call of the table, and the pages the table leaves out. */
const SANDBOX_CALLS = [
  ...endpoints.filter((e) => e.path.startsWith('/api/sandbox/')),
  { method: 'GET', path: '/api/sandbox', auth: false },
  { method: 'GET', path: '/api/sandbox/assets/pay.js', auth: false },
  { method: 'GET', path: '/api/sandbox/social/authorize?state=ss_0000000000000000', auth: false },
] as const

/**
 * Private answers, the sandbox's reach and stolen tokens (issue 24, items 7 to 9), run by
 * api.test.ts on each driver over one shared database.
 */
export function hardeningSuite(ctx: SuiteContext): void {
  describe('private answers, sandbox reach, stolen tokens', () => {
    let db: Db
    let t: TestApp
    beforeAll(() => {
      ;({ db, t } = ctx)
    })

    it('answers every API call with Cache-Control: no-store, the client files as before', async () => {
      const { token } = await t.login()
      const profile = await t.call('GET', '/api/profile/user', { token })
      expect(profile.statusCode).toBe(200)
      expect(profile.headers['cache-control']).toBe('no-store')
      // Every signed-in read (found or not), and every refusal of a signed-in call.
      for (const e of endpoints.filter((x) => x.auth)) {
        if (e.method === 'GET') {
          const res = await t.call(e.method, e.path, { token })
          expect(res.headers['cache-control'], `${e.method} ${e.path}`).toBe('no-store')
        }
        const refused = await t.call(e.method, e.path, { body: e.body, headers: e.headers })
        expect(refused.statusCode).toBe(401)
        expect(refused.headers['cache-control'], `401 ${e.method} ${e.path}`).toBe('no-store')
      }
      expect((await t.call('GET', '/api/geo_ip')).headers['cache-control']).toBe('no-store')
      // The built client keeps its own caching (hashed files may be cached, index.html revalidated).
      expect((await t.call('GET', '/app.js')).headers['cache-control']).not.toBe('no-store')
    })

    it('answers sandbox calls from this machine only, unless the operator opens them', async () => {
      for (const e of SANDBOX_CALLS) {
        const label = `${e.method} ${e.path}`
        const remote = await t.call(e.method, e.path, { remoteAddress: REMOTE })
        expect(remote.statusCode, label).toBe(403)
        expect(remote.json(), label).toEqual({ data: { error: 'sandbox_local_only' } })
        // A proxy on this machine relays clients from anywhere: its forwarding header gives it away.
        const proxied = await t.call(e.method, e.path, {
          headers: { 'x-forwarded-for': REMOTE },
        })
        expect(proxied.statusCode, label).toBe(403)
        for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
          const res = await t.call(e.method, e.path, { remoteAddress: local })
          expect(res.statusCode, `${label} from ${local}`).not.toBe(403)
        }
      }
      const open = await startTestApp(db, { SANDBOX_ALLOW_REMOTE: 'true' })
      try {
        const outbox = await open.call('GET', '/api/sandbox/outbox', { remoteAddress: REMOTE })
        expect(outbox.statusCode).toBe(200)
      } finally {
        await open.close()
      }
      // Behind a trusted proxy the client is the address it names.
      const proxied = await startTestApp(db, { TRUST_PROXY: 'true' })
      try {
        const far = await proxied.call('GET', '/api/sandbox/outbox', {
          headers: { 'x-forwarded-for': REMOTE },
        })
        expect(far.statusCode).toBe(403)
        const near = await proxied.call('GET', '/api/sandbox/outbox', {
          headers: { 'x-forwarded-for': '127.0.0.1' },
        })
        expect(near.statusCode).toBe(200)
      } finally {
        await proxied.close()
      }
    })
    it('ends a session whose refresh token is presented a second time', async () => {
      const stolen = await t.login()
      const profile = (token: string) => t.call('GET', '/api/profile/user', { token })
      // The thief refreshes first; the player's copy, presented later, gives the theft away.
      const thief = await t.call('POST', '/api/auth/refresh-token', {
        body: { refresh_token: stolen.refresh_token },
      })
      expect(thief.statusCode).toBe(200)
      const tokens = thief.json<{ access_token: string; refresh_token: string }>()
      expect((await profile(tokens.access_token)).statusCode).toBe(200)
      const player = await t.call('POST', '/api/auth/refresh-token', {
        body: { refresh_token: stolen.refresh_token },
      })
      expect(player.statusCode).toBe(401)
      expect(player.json().data).toMatchObject({ message: 'session_expired' })
      // Every token of that session is dead: the thief's fresh ones too.
      expect((await profile(tokens.access_token)).statusCode).toBe(401)
      const again = await t.call('POST', '/api/auth/refresh-token', {
        body: { refresh_token: tokens.refresh_token },
      })
      expect(again.statusCode).toBe(401)
      const [row] = await db.query<{ ended_reason: string }>(
        `SELECT s.ended_reason FROM sessions s
         JOIN spent_refresh_tokens t ON t.session_id = s.id WHERE t.token_hash = $1`,
        [hashToken(stolen.refresh_token)],
      )
      expect(row?.ended_reason).toBe('refresh_reused')
      // A replayed access token (tabs racing on one cookie) is refused and ends nothing.
      const tab = await t.login()
      const first = await t.call('POST', '/api/auth/refresh-token', { token: tab.token })
      expect(first.statusCode).toBe(200)
      expect(
        (await t.call('POST', '/api/auth/refresh-token', { token: tab.token })).statusCode,
      ).toBe(401)
      expect((await profile(first.json().access_token)).statusCode).toBe(200)
    })

    it("sends log-in data only to the account's own confirmed address", async () => {
      const { token } = await t.login()
      const count = async (to: string) =>
        (await db.query('SELECT 1 FROM outbox WHERE recipient = $1', [to])).length
      const foreign = await t.call('POST', '/api/auth/send_login_data', {
        token,
        body: { email: 'thief@evil.example' },
      })
      expect(foreign.statusCode).toBe(422)
      expect(foreign.json().errors.email[0]).toMatch(/^invalid:/)
      expect(await count('thief@evil.example')).toBe(0)
      const before = await count('demo@tessera.test')
      const own = await t.call('POST', '/api/auth/send_login_data', {
        token,
        body: { email: 'demo@tessera.test' },
      })
      expect(own.statusCode).toBe(200)
      expect(await count('demo@tessera.test')).toBe(before + 1)
      // An address not yet confirmed is not the player's for sure: nothing is sent to it.
      const fresh = await t.call('POST', '/api/api/v2/auth/register/email', {
        body: { email: 'unconfirmed@tessera.test', password: 'password-123' },
      })
      const mine = await t.call('POST', '/api/auth/send_login_data', {
        token: fresh.json().data.token,
        body: { email: 'unconfirmed@tessera.test' },
      })
      expect(mine.statusCode).toBe(422)
    })
  })
}
