import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { clientConfigResponse, profileUserResponse, socialLoginMessage } from '../../contract'
import type { Db } from '../../server/db/db'
import { openTestPglite } from '../../server/db/testDatabases'
import { startTestApp, type TestApp } from './support/harness'
import { popupMessage } from './support/socialPopup'

/** PUBLIC_URL of the test app (support/harness.ts): the callback the provider sends back to. */
const SITE = 'http://tessera.test'
const REDIRECT_URI = `${SITE}/api/auth/social/google/callback`
const CLIENT = { client_id: 'tessera-test', client_secret: 'a-client-secret-for-the-test-only' }

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, with its development
 * log-in and consent pages: any login name signs in as that subject.
 */
async function startProvider(): Promise<{ issuer: string; close(): Promise<void> }> {
  let handler: Parameters<typeof createServer>[1] = (_req, res) => res.end()
  const server: Server = createServer((req, res) => handler!(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['test-cookie-key-of-the-local-provider'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
  })
  handler = provider.callback()
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A browser's part at the provider: follows its redirects and keeps its cookies. */
class ProviderBrowser {
  private cookies = new Map<string, string>()

  async request(url: string, form?: Record<string, string>): Promise<Response> {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
    }
    return res
  }

  /**
   * Goes from the authorization URL through the provider's log-in and consent pages, as a player
   * would by submitting them, until the provider sends the browser to our site; returns that URL.
   */
  async signIn(authorizationUrl: string, login: string): Promise<URL> {
    let url = authorizationUrl
    for (let step = 0; step < 12; step++) {
      const res = await this.request(url)
      const location = res.headers.get('location')
      if (location) {
        const next = new URL(location, url)
        if (next.origin === SITE) return next
        url = next.href
        continue
      }
      expect(res.status, await res.clone().text()).toBe(200)
      const page = await res.text()
      // The development interaction pages: a log-in form, then a consent form.
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1]
      if (!action) throw new Error(`no form on ${url}:\n${page}`)
      const prompt = /name="prompt" value="([a-z]+)"/.exec(page)?.[1] ?? 'consent'
      const submitted = await this.request(
        new URL(action, url).href,
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
      )
      const after = submitted.headers.get('location')
      if (!after) throw new Error(`the ${prompt} form did not redirect: ${submitted.status}`)
      url = new URL(after, url).href
    }
    throw new Error('the provider never sent the browser back')
  }
}

describe('social log-in through an OpenID Connect provider', () => {
  let db: Db
  let t: TestApp
  let provider: Awaited<ReturnType<typeof startProvider>>

  beforeAll(async () => {
    provider = await startProvider()
    db = await openTestPglite()
    t = await startTestApp(db, {
      SOCIAL_GOOGLE_ISSUER: provider.issuer,
      SOCIAL_GOOGLE_CLIENT_ID: CLIENT.client_id,
      SOCIAL_GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
    })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await db?.close()
    await provider?.close()
  })

  const start = async (body: Record<string, unknown> = {}) => {
    const res = await t.call('PUT', '/api/auth/login', {
      body: { provider: 'google', origin: `${SITE}/games/dice`, ...body },
    })
    expect(res.statusCode, res.body).toBe(200)
    // The popup's last page is on this site, not the provider's: the client trusts its origin.
    expect(res.json<{ message_origin: string }>().message_origin).toBe(SITE)
    return new URL(res.json<{ url: string }>().url)
  }
  const callback = (url: URL) => t.call('GET', url.pathname + url.search)

  it('signs a new player in: authorize, the provider log-in and consent, callback, profile', async () => {
    const url = await start({ currency: 'USD', partner: 'p-77', stag: 'st-1' })
    expect(url.origin).toBe(provider.issuer)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('state')).toBeTruthy()
    expect(url.searchParams.get('nonce')).toBeTruthy()
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI)

    const back = await new ProviderBrowser().signIn(url.href, 'oidc-alice')
    expect(back.pathname).toBe('/api/auth/social/google/callback')
    const done = await callback(back)
    expect(done.statusCode).toBe(200)
    expect(done.headers['content-type']).toContain('text/html')
    expect(done.body).not.toMatch(/<script>/)
    const posted = popupMessage(done.body)
    expect(posted.origin).toBe(SITE)
    const { token } = socialLoginMessage.parse(posted.message)

    const profile = await t.call('GET', '/api/profile/user', { token })
    expect(profile.statusCode, profile.body).toBe(200)
    const { user } = profileUserResponse.parse(profile.json())
    expect(user).toMatchObject({ register_method: 'social', currency: 'USD' })
    const rows = await db.query<{ provider: string; subject: string; attribution: unknown }>(
      `SELECT a.provider, a.subject, u.attribution FROM social_accounts a
       JOIN users u ON u.id = a.user_id WHERE a.user_id = $1`,
      [user.id],
    )
    expect(rows).toEqual([
      {
        provider: 'google',
        subject: 'oidc-alice',
        attribution: { partner: 'p-77', adplace: null, stag: 'st-1', promo: null, fpp: null },
      },
    ])

    // The callback is single use: a replayed one signs nobody in.
    const replay = popupMessage((await callback(back)).body)
    expect(replay.message).toEqual({ type: 'tessera:social-login-failed' })
  })

  it('signs the same provider account into the same player the next time', async () => {
    const first = popupMessage(
      (await callback(await new ProviderBrowser().signIn((await start()).href, 'oidc-bob'))).body,
    )
    const second = popupMessage(
      (await callback(await new ProviderBrowser().signIn((await start()).href, 'oidc-bob'))).body,
    )
    const idOf = async (message: unknown) => {
      const { token } = socialLoginMessage.parse(message)
      return profileUserResponse.parse((await t.call('GET', '/api/profile/user', { token })).json())
        .user.id
    }
    expect(await idOf(second.message)).toBe(await idOf(first.message))
  })

  it('refuses a callback whose state or code was tampered with', async () => {
    const back = await new ProviderBrowser().signIn((await start()).href, 'oidc-carol')
    const forged = new URL(back)
    forged.searchParams.set('state', 'x'.repeat(43))
    expect(popupMessage((await callback(forged)).body).origin).toBe('')
    const badCode = new URL(back)
    badCode.searchParams.set('code', 'not-the-code')
    expect(popupMessage((await callback(badCode)).body).message).toEqual({
      type: 'tessera:social-login-failed',
    })
  })

  it('lists the configured provider, and in production mode only it', async () => {
    const sandbox = clientConfigResponse.parse((await t.call('GET', '/api/config')).json())
    expect(sandbox.social_providers).toEqual(['google', 'telegram', 'vk', 'yandex'])
    const production = await startTestApp(db, {
      TESSERA_MODE: 'production',
      SOCIAL_GOOGLE_ISSUER: provider.issuer,
      SOCIAL_GOOGLE_CLIENT_ID: CLIENT.client_id,
      SOCIAL_GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
    })
    try {
      const config = clientConfigResponse.parse(
        (await production.call('GET', '/api/config')).json(),
      )
      expect(config.social_providers).toEqual(['google'])
      const vk = await production.call('PUT', '/api/auth/login', {
        body: { provider: 'vk', origin: SITE },
      })
      expect(vk.statusCode).toBe(404)
      const google = await production.call('PUT', '/api/auth/login', {
        body: { provider: 'google', origin: SITE },
      })
      expect(new URL(google.json<{ url: string }>().url).origin).toBe(provider.issuer)
    } finally {
      await production.close()
    }
  })
})
