import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostConfigResponse, loginResponse, profileUserResponse } from '../../contract'
import type { Db } from '../../server/db/db'
import { openTestPglite } from '../../server/db/testDatabases'
import { DEMO } from '../../server/db/seed'
import { PREFIXED_LOCALES as SERVER_PREFIXES } from '../../server/geo/hosts'
import { PREFIXED_LOCALES } from '../../src/i18n/locales'
import { startTestApp, type TestApp } from './support/harness'

const A = 'http://a.tessera.test'
const B = 'http://b.tessera.test'
const C = 'http://c.tessera.test'

/**
 * Geo, mirrors and host rules (issue 31, server/geo): page requests redirected by the mirror
 * (301), matched-host mode and route rules; GET /host_config; single sign-on between mirror hosts
 * with one-time tickets.
 */
describe('geo, mirrors and SSO', () => {
  let db: Db
  let t: TestApp
  beforeAll(async () => {
    db = await openTestPglite()
    t = await startTestApp(db, {
      MIRROR_NEW_LINK: 'https://new.tessera.test',
      MIRROR_REDIRECT_HOSTS: 'old.tessera.test',
      SSO_ORIGINS: `${A},${B},${C}`,
      ROUTE_RULES: JSON.stringify([
        { path: '/bonuses', to: 'https://promo.example/bonuses' },
        { path: '/top', hosts: ['a.tessera.test'], to: '/vip-club' },
      ]),
      GAMES_OFF_HOSTS: 'nogames.tessera.test',
      EN_ONLY_HOSTS: 'en.tessera.test',
    })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await db?.close()
  })

  /** The fake client build knows a few routes only: a page that stays answers 200 or 404. */
  const expectNoRedirect = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.headers.location).toBeUndefined()
    expect([200, 404]).toContain(res.statusCode)
  }

  const page = (url: string, host: string, agent = 'Mozilla/5.0') =>
    t.call('GET', url, { headers: { host, 'user-agent': agent } })

  it("knows the client's locale prefixes, which it cannot import", () => {
    expect([...SERVER_PREFIXES]).toEqual([...PREFIXED_LOCALES])
  })

  it('answers a listed host with a 301 to the new link plus path and query; bots stay', async () => {
    const moved = await page('/ru/games/crash?promo=x', 'old.tessera.test')
    expect(moved.statusCode).toBe(301)
    expect(moved.headers.location).toBe('https://new.tessera.test/ru/games/crash?promo=x')
    expectNoRedirect(
      await page('/faq', 'old.tessera.test', 'Mozilla/5.0 (compatible; YandexBot/3.0)'),
    )
    expectNoRedirect(await page('/faq', 'a.tessera.test'))
    // The API and files are never moved: an open tab asks GET /mirror.
    expectNoRedirect(await page('/api/geo_ip', 'old.tessera.test'))
    const mirror = await t.call('GET', '/api/mirror', { headers: { host: 'old.tessera.test' } })
    expect(mirror.json().redirect).toEqual({ newLink: 'https://new.tessera.test' })
    const here = await t.call('GET', '/api/mirror', { headers: { host: 'a.tessera.test' } })
    expect(here.json().redirect).toBeNull()
  })

  it('applies route rules, games turned off by host and matched-host mode', async () => {
    const external = await page('/ru/bonuses', 'a.tessera.test')
    expect([external.statusCode, external.headers.location]).toEqual([
      302,
      'https://promo.example/bonuses',
    ])
    const internal = await page('/kz/top', 'a.tessera.test')
    expect([internal.statusCode, internal.headers.location]).toEqual([302, '/kz/vip-club'])
    expectNoRedirect(await page('/top', 'b.tessera.test'))
    for (const path of [
      '/games/crash',
      '/games/coinflip',
      '/games/cases',
      '/ru/games/cases/starter',
    ]) {
      const off = await page(path, 'nogames.tessera.test')
      expect(off.statusCode).toBe(302)
      expect(off.headers.location).toBe(
        `${path.startsWith('/ru') ? '/ru' : ''}/error?errorCode=404`,
      )
    }
    expectNoRedirect(await page('/games/dice', 'nogames.tessera.test'))
    const en = await page('/ru/faq?x=1', 'en.tessera.test')
    expect([en.statusCode, en.headers.location]).toEqual([302, '/faq?x=1'])
    expectNoRedirect(await page('/kz/faq', 'en.tessera.test'))

    const config = async (host: string) =>
      hostConfigResponse.parse((await t.call('GET', `/api/host_config?host=${host}`)).json())
    expect(await config('en.tessera.test')).toEqual({
      en_only: true,
      route_rules: [{ path: '/bonuses', to: 'https://promo.example/bonuses' }],
    })
    expect((await config('nogames.tessera.test')).route_rules.map((r) => r.path)).toContain(
      '/games/cases/*',
    )
    expect((await t.call('GET', '/api/host_config?host=a%20b')).statusCode).toBe(422)
  })

  it('signs the player in on every other mirror host with a one-time ticket', async () => {
    const login = await t.call('POST', '/api/api/v2/auth/login/email/password', {
      headers: { origin: A },
      body: { email: DEMO.email, password: DEMO.password },
    })
    const sso = loginResponse.parse(login.json()).sso
    expect(sso).toMatch(/^http:\/\/b\.tessera\.test\/api\/sso\/enter\?ticket=st_[\w-]+&return=$/)
    const back = `${A}/ru/top?x=1`
    const enter = (url: string, host: string) =>
      t.call('GET', url.replace(/^https?:\/\/[^/]+/, ''), { headers: { host } })

    const onB = await enter(sso! + encodeURIComponent(back), 'b.tessera.test')
    expect(onB.statusCode).toBe(303)
    const tokenB = /^token=([^;]+); Path=\/; Max-Age=2592000; SameSite=Lax$/.exec(
      String(onB.headers['set-cookie']),
    )?.[1]
    expect(tokenB).toBeDefined()
    const user = await t.call('GET', '/api/profile/user', { token: tokenB })
    expect(profileUserResponse.parse(user.json()).user.email).toBe(DEMO.email)
    // Then on to C, then back to the page the player logged in on.
    const next = String(onB.headers.location)
    expect(next.startsWith(`${C}/api/sso/enter?ticket=`)).toBe(true)
    const onC = await enter(next, 'c.tessera.test')
    expect(onC.headers['set-cookie']).toBeDefined()
    expect(onC.headers.location).toBe(back)
    // Used: a second visit on B starts no session.
    const replay = await enter(sso! + encodeURIComponent(back), 'b.tessera.test')
    expect(replay.headers['set-cookie']).toBeUndefined()
    expect(replay.headers.location).toBe(back)
  })

  it('refuses expired tickets, foreign hosts and return addresses off the mirrors', async () => {
    const login = await t.call('POST', '/api/api/v2/auth/login/email/password', {
      headers: { origin: A },
      body: { email: DEMO.email, password: DEMO.password },
    })
    const sso = loginResponse.parse(login.json()).sso!
    const path = sso.replace(B, '')
    // Another host than the ticket's: nothing set, and an evil return becomes this host's home.
    const evil = await t.call('GET', path + encodeURIComponent('https://evil.example/'), {
      headers: { host: 'evil.example' },
    })
    expect(evil.headers['set-cookie']).toBeUndefined()
    expect(evil.headers.location).toBe('/')
    const offMirror = await t.call('GET', path + encodeURIComponent('https://evil.example/'), {
      headers: { host: 'c.tessera.test' },
    })
    // C takes its turn and passes the ticket on to B, with C's home page as the way back.
    const ticket = /ticket=([^&]+)/.exec(path)![1]
    expect(offMirror.headers['set-cookie']).toBeDefined()
    expect(offMirror.headers.location).toBe(
      `${B}/api/sso/enter?ticket=${ticket}&return=${encodeURIComponent(`${C}/`)}`,
    )
    t.clock.advance(61_000)
    const late = await t.call('GET', path, { headers: { host: 'b.tessera.test' } })
    expect(late.headers['set-cookie']).toBeUndefined()
    expect(late.headers.location).toBe(`${B}/`)
    // A log-in from a host outside SSO_ORIGINS gets the static link (unset here).
    const plain = await t.call('POST', '/api/api/v2/auth/login/email/password', {
      body: { email: DEMO.email, password: DEMO.password },
    })
    expect(loginResponse.parse(plain.json()).sso).toBeNull()
  })
})
