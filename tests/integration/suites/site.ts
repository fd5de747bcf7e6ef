import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  clientConfigResponse,
  geoResponse,
  mirrorResponse,
  outboxResponse,
  profileUserResponse,
  utmResponse,
} from '../../../contract'
import type { Db } from '../../../server/db/db'
import { endpoints } from '../support/endpoints'
import { DIST_PREFIX, startTestApp, type TestApp } from '../support/harness'
import type { SuiteContext } from '../support/context'

/** site, geo, middleware and coverage, run by api.test.ts on each driver over one shared database. */
export function siteSuite(ctx: SuiteContext): void {
  describe('site, geo, middleware and coverage', () => {
    let db: Db
    let t: TestApp
    let token: string
    beforeAll(async () => {
      ;({ db, t } = ctx)
      token = (await t.login()).token
    })

    it('lists every registered API route in the endpoint table, and nothing else', () => {
      const table = new Set(
        endpoints.map(
          (e) =>
            `${e.method} ${e.path.split('?')[0]!.replace(/\/(1|00000000-[0-9a-f-]+|WELCOME100)(?=\/|$)/, '/:x')}`,
        ),
      )
      const served = t.routes
        .filter((r) => r.includes(' /api/') || r.includes(' /builds/'))
        .filter(
          (r) => !/\/sandbox(\/assets\/:name|\/pay\/:invoiceId|\/social\/authorize)?$/.test(r),
        )
        .map((r) => r.replace(/:[A-Za-z]+/g, ':x'))
      expect(new Set(served)).toEqual(table)
    })

    it('refuses every signed-in call without a session, and with a bogus token', async () => {
      for (const e of endpoints.filter((x) => x.auth)) {
        const none = await t.call(e.method, e.path, { body: e.body, headers: e.headers })
        expect(none.statusCode, `${e.method} ${e.path}`).toBe(401)
        expect(none.json().data.message).toBe('unauthenticated')
        const bogus = await t.call(e.method, e.path, {
          body: e.body,
          headers: e.headers,
          token: 'ta_' + 'x'.repeat(43),
        })
        expect(bogus.statusCode, `${e.method} ${e.path}`).toBe(401)
      }
    })

    it('answers 422 with a field map to every call whose body is missing a field', async () => {
      for (const e of endpoints.filter((x) => x.body && Object.keys(x.body).length > 0)) {
        if (e.path.includes('/auth/refresh-token')) continue // all-optional body: answers 401
        const res = await t.call(e.method, e.path, {
          body: {},
          headers: e.headers,
          token: e.auth ? token : undefined,
        })
        expect(res.statusCode, `${e.method} ${e.path}: ${res.body}`).toBe(422)
        const errors = res.json().errors as Record<string, string[]>
        expect(Object.keys(errors).length).toBeGreaterThan(0)
        for (const messages of Object.values(errors))
          for (const m of messages) expect(m).toMatch(/^[a-z_]+: ./)
      }
    })

    it('answers geo_ip, with 451 for blocked countries', async () => {
      expect(geoResponse.parse((await t.call('GET', '/api/geo_ip')).json())).toEqual({
        ip: '127.0.0.1',
        country_code: 'RU',
      })
      const kz = await t.call('GET', '/api/geo_ip', { headers: { 'cf-ipcountry': 'kz' } })
      expect(kz.json().country_code).toBe('KZ')
      const us = await t.call('GET', '/api/geo_ip', { headers: { 'cf-ipcountry': 'US' } })
      expect(us.statusCode).toBe(451)
      expect(us.json()).toEqual({
        data: { message: 'region_blocked', params: { country_code: 'US' } },
      })
    })

    it('answers the deployment config with per-game service URLs', async () => {
      const res = await t.call('GET', '/api/config')
      const config = clientConfigResponse.parse(res.json())
      expect(config.mode).toBe('sandbox')
      expect(config.game_services.crash).toBeNull()
      const split = await startTestApp(db, {
        GAME_SERVICE_URLS: JSON.stringify({ crash: 'https://crash.tessera.test' }),
      })
      try {
        const other = clientConfigResponse.parse((await split.call('GET', '/api/config')).json())
        expect(other.game_services).toMatchObject({
          crash: 'https://crash.tessera.test',
          dice: null,
        })
        const csp = String((await split.call('GET', '/')).headers['content-security-policy'])
        expect(csp).toContain('https://crash.tessera.test')
        expect(csp).toContain('wss://crash.tessera.test')
      } finally {
        await split.close()
      }
    })

    it('answers CORS preflights for configured origins only', async () => {
      const pre = (origin: string) =>
        t.app.inject({
          method: 'OPTIONS',
          url: '/api/profile/user',
          headers: {
            origin,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization,region',
          },
        })
      const ok = await pre('https://allowed.example')
      expect(ok.statusCode).toBeLessThan(300)
      expect(ok.headers['access-control-allow-origin']).toBe('https://allowed.example')
      expect(String(ok.headers['access-control-allow-headers'])).toContain('authorization')
      const evil = await pre('https://evil.example')
      expect(evil.headers['access-control-allow-origin']).toBeUndefined()
    })

    it('answers the mirror calls from configuration', async () => {
      expect(mirrorResponse.parse((await t.call('GET', '/api/mirror')).json())).toEqual({
        redirect: null,
        meta_yandex_verification: null,
        sso: null,
      })
      const mirrored = await startTestApp(db, {
        MIRROR_NEW_LINK: 'https://new.tessera.test',
        MIRROR_YANDEX_VERIFICATION: 'abc123',
        MIRROR_DOMAINS: 'a.tessera.test,b.tessera.test',
      })
      try {
        expect((await mirrored.call('GET', '/api/mirror')).json()).toMatchObject({
          redirect: { newLink: 'https://new.tessera.test' },
          meta_yandex_verification: 'abc123',
        })
        const redirect = await mirrored.call('POST', '/api/middleware/mirrorRedirect', {
          body: { domain: 'a.tessera.test' },
        })
        expect(redirect.json()).toEqual({ redirect: { newLink: 'https://new.tessera.test' } })
        const same = await mirrored.call('POST', '/api/middleware/mirrorRedirect', {
          body: { domain: 'new.tessera.test' },
        })
        expect(same.json()).toEqual({ redirect: null })
        const list = await mirrored.call('POST', '/api/middleware/mirror', {
          body: { domain: 'a.tessera.test' },
        })
        expect(list.json()).toEqual({ mirrors: ['b.tessera.test'] })
      } finally {
        await mirrored.close()
      }
    })

    it('records the middleware events; utm answers a stable advId and an optional promo', async () => {
      const utm = { utm_source: 'tg', utm_medium: 'cpc', utm_campaign: 'spring', utm_term: 'crash' }
      const a = utmResponse.parse(
        (await t.call('POST', '/api/middleware/utm', { body: utm })).json(),
      )
      const b = utmResponse.parse(
        (await t.call('POST', '/api/middleware/utm', { body: utm })).json(),
      )
      expect(a.advId).toBe(b.advId)
      expect(a.promo).toBeUndefined()
      const promo = await t.call('POST', '/api/middleware/utm', {
        body: { ...utm, utm_content: 'bonus-50' },
      })
      expect(promo.json().promo).toEqual({ type: 'free_spins', value: '50' })
      const partial = await t.call('POST', '/api/middleware/utm', { body: { utm_source: 'tg' } })
      expect(partial.statusCode).toBe(422)
      const aff = await t.call('POST', '/api/middleware/affiliate', {
        body: { query: { partner: 'p9', adplace: 'top' } },
      })
      expect(aff.json()).toMatchObject({ partner: 'p9', adplace: 'top', stag: null })
      expect(
        (
          await t.call('POST', '/api/middleware/ip', {
            body: { host: 'tessera.test', userAgent: 'UA' },
          })
        ).statusCode,
      ).toBe(200)
      const open = await t.call('POST', '/api/middleware/registerPageOpenEvent', {
        body: { subH: 'h1', uuid: 'fp', click_url: 'http://tessera.test/?subH=h1' },
      })
      expect(open.statusCode).toBe(200)
      const kinds = await db.query<{ kind: string }>(
        'SELECT DISTINCT kind FROM marketing_events ORDER BY kind',
      )
      expect(kinds.map((k) => k.kind)).toEqual(['affiliate', 'ip', 'page_open', 'utm'])
    })

    it('attaches sources, sends log-in data, takes VIP requests', async () => {
      const src = {
        stag: 'aff-7',
        partnerId: 'p7',
        advId: null,
        advertiseUid: null,
        advertiseSource: null,
        cpaOneUid: null,
        prHash: null,
      }
      expect((await t.call('POST', '/api/attachSource', { token, body: src })).statusCode).toBe(200)
      const [row] = await db.query<{ attribution: Record<string, unknown> }>(
        `SELECT attribution FROM users WHERE email = 'demo@tessera.test'`,
      )
      expect(row!.attribution).toMatchObject({ stag: 'aff-7', partnerId: 'p7' })
      // Only to the account's own confirmed address (issue 24, item 9; hardening.ts refuses others).
      const send = await t.call('POST', '/api/auth/send_login_data', {
        token,
        body: { email: 'Demo@Tessera.test' },
      })
      expect(send.statusCode).toBe(200)
      const mail = outboxResponse.parse(
        (await t.call('GET', '/api/sandbox/outbox?to=demo%40tessera.test&limit=1')).json(),
      )
      expect(mail.data[0]?.body).toContain('demo@tessera.test')
      expect(
        (await t.call('POST', '/api/api/v2/vip/join', { token, body: { request_type: 'join' } }))
          .statusCode,
      ).toBe(200)
      expect(
        (await t.call('POST', '/api/api/v2/vip/join', { token, body: { request_type: 'x' } }))
          .statusCode,
      ).toBe(422)
    })

    it('moves verification through its statuses with the sandbox KYC reviewer', async () => {
      const seen: string[] = []
      for (let i = 0; i < 4; i++) {
        const res = await t.call('POST', '/api/sandbox/kyc', { token, body: { status: 'next' } })
        expect(res.statusCode, res.body).toBe(200)
        const p = profileUserResponse.parse(
          (await t.call('GET', '/api/profile/user', { token })).json(),
        )
        seen.push(`${p.user.verification.data?.status}:${p.user.verification.is_need}`)
      }
      expect(seen).toEqual(['waiting:true', 'pending:true', 'verified:false', 'verified:false'])
      const failed = await t.call('POST', '/api/sandbox/kyc', { token, body: { status: 'failed' } })
      expect(failed.json().status).toBe('failed')
    })

    it('serves the client: files, SPA routes with 200, unknown paths with 404, the build id', async () => {
      for (const path of ['/', '/profile/history', '/ru/profile', '/kz', '/tournament/12']) {
        const res = await t.call('GET', path)
        expect(res.statusCode, path).toBe(200)
        expect(res.headers['content-type']).toMatch(/text\/html/)
      }
      for (const path of ['/tournament/abc', '/nope', '/en/profile', '/profile/history/x']) {
        const res = await t.call('GET', path)
        expect(res.statusCode, path).toBe(404)
        expect(res.body).toContain('<div id="root">')
      }
      const js = await t.call('GET', '/app.js')
      expect(js.statusCode).toBe(200)
      expect(js.headers['content-type']).toMatch(/javascript/)
      expect((await t.call('GET', '/assets/gone-123.js')).statusCode).toBe(404)
      expect((await t.call('GET', '/../package.json')).statusCode).not.toBe(200)
      expect((await t.call('GET', '/%2e%2e/package.json')).statusCode).toBe(404)
      expect((await t.call('GET', '/bad%E0%A4%A')).statusCode).toBe(400)
      expect((await t.call('GET', '/api/bad%E0%A4%A')).statusCode).toBeLessThan(500)
      const api404 = await t.call('GET', '/api/nope')
      expect(api404.statusCode).toBe(404)
      expect(api404.json().data.message).toBe('not_found')
      const build = await t.call('GET', '/builds/latest.json?t=123')
      expect(build.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/) })
      expect(build.headers['cache-control']).toBe('no-store')

      const noRoutes = await mkdtemp(join(tmpdir(), DIST_PREFIX))
      await writeFile(join(noRoutes, 'index.html'), '<!doctype html><p>x</p>')
      const bare = await startTestApp(db, { DIST_DIR: noRoutes })
      try {
        expect((await bare.call('GET', '/anything/at/all')).statusCode).toBe(200)
        // A build's own id (scripts/vite/manifests.ts writes builds/latest.json) is served as it is; without
        // one, the entry script index.html names is the id the client compares with its own.
        await writeFile(
          join(noRoutes, 'index.html'),
          '<!doctype html><script type="module" crossorigin src="/assets/index-Ab1.js"></script>',
        )
        expect((await bare.call('GET', '/builds/latest.json?t=2')).json()).toEqual({
          id: 'assets/index-Ab1.js',
        })
        await mkdir(join(noRoutes, 'builds'))
        await writeFile(join(noRoutes, 'builds', 'latest.json'), '{"id":"assets/index-Cd2.js"}\n')
        const written = await bare.call('GET', '/builds/latest.json?t=3')
        expect(written.json()).toEqual({ id: 'assets/index-Cd2.js' })
        expect(written.headers['cache-control']).toBe('no-store')
      } finally {
        await bare.close()
      }
    })

    it('sends security headers, a CSP without inline script, and CORS only to configured origins', async () => {
      const res = await t.call('GET', '/api/geo_ip', {
        headers: { origin: 'https://allowed.example' },
      })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-tessera-mode']).toBe('sandbox')
      expect(res.headers['access-control-allow-origin']).toBe('https://allowed.example')
      const evil = await t.call('GET', '/api/geo_ip', {
        headers: { origin: 'https://evil.example' },
      })
      expect(evil.headers['access-control-allow-origin']).toBeUndefined()
      const page = await t.call('GET', '/')
      expect(page.headers['content-security-policy']).toBe(csp)
    })

    it('turns the sandbox off in production mode', async () => {
      const prod = await startTestApp(db, { TESSERA_MODE: 'production' })
      try {
        expect((await prod.call('GET', '/api/sandbox/outbox')).statusCode).toBe(404)
        const social = await prod.call('PUT', '/api/auth/login', {
          body: { provider: 'google', origin: 'http://tessera.test' },
        })
        // No provider is configured, so none is offered: the sandbox stands in for none of them.
        expect(social.statusCode).toBe(404)
        expect(social.json().data.message).toBe('not_found')
      } finally {
        await prod.close()
      }
    })
  })
}
