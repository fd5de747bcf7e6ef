import { createHash, createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { clientConfigResponse, profileUserResponse, socialLoginMessage } from '../../contract'
import type { Db } from '../../server/db/db'
import { openTestPglite } from '../../server/db/testDatabases'
import { startTestApp, type TestApp } from './support/harness'
import { popupMessage } from './support/socialPopup'

const SITE = 'http://tessera.test'
const BOT_TOKEN = '700100200:AAtest-bot-token-of-the-integration-test'

/** What Telegram appends to the widget's auth URL: the player's fields, signed with the bot. */
function telegramFields(data: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  const checkString = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('\n')
  const key = createHash('sha256').update(token).digest()
  return { ...data, hash: createHmac('sha256', key).update(checkString).digest('hex') }
}

describe('social log-in through the Telegram widget', () => {
  let db: Db
  let t: TestApp

  beforeAll(async () => {
    db = await openTestPglite()
    t = await startTestApp(db, {
      TESSERA_MODE: 'production',
      SOCIAL_TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      SOCIAL_TELEGRAM_BOT_NAME: 'tessera_test_bot',
    })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await db?.close()
  })

  /** PUT /auth/login, then the widget page it names; returns the widget's auth URL. */
  const openWidget = async (): Promise<URL> => {
    const res = await t.call('PUT', '/api/auth/login', {
      body: { provider: 'telegram', origin: SITE, currency: 'KZT' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const url = new URL(res.json<{ url: string }>().url)
    expect(url.pathname).toBe('/api/auth/social/telegram')
    const page = await t.call('GET', url.pathname + url.search)
    expect(page.statusCode).toBe(200)
    // The widget's script and frame are Telegram's; nothing else is let in.
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self' https://telegram.org")
    expect(csp).toContain('frame-src https://oauth.telegram.org')
    expect(page.body).toContain('data-telegram-login="tessera_test_bot"')
    const authUrl = /data-auth-url="([^"]+)"/.exec(page.body)?.[1]?.replace(/&#38;/g, '&')
    return new URL(authUrl!)
  }
  const callback = (authUrl: URL, fields: Record<string, string>) => {
    const url = new URL(authUrl)
    for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v)
    return t.call('GET', url.pathname + url.search)
  }
  const nowS = () => Math.floor(t.clock.now().getTime() / 1000)

  it('is the only provider offered in production mode', async () => {
    const config = clientConfigResponse.parse((await t.call('GET', '/api/config')).json())
    expect(config.social_providers).toEqual(['telegram'])
  })

  it('signs the player in when the data carries the bot HMAC', async () => {
    const authUrl = await openWidget()
    expect(authUrl.pathname).toBe('/api/auth/social/telegram/callback')
    const fields = telegramFields({ id: '5550001', first_name: 'Tess', auth_date: String(nowS()) })
    const posted = popupMessage((await callback(authUrl, fields)).body)
    expect(posted.origin).toBe(SITE)
    const { token } = socialLoginMessage.parse(posted.message)
    const profile = await t.call('GET', '/api/profile/user', { token })
    expect(profileUserResponse.parse(profile.json()).user).toMatchObject({
      register_method: 'social',
      currency: 'KZT',
    })
  })

  it('refuses tampered, foreign-bot and stale data', async () => {
    const fresh = { id: '5550002', first_name: 'Eve', auth_date: String(nowS()) }
    const tampered = { ...telegramFields(fresh), id: '5550001' }
    const foreign = telegramFields(fresh, '1:another-bot')
    const stale = telegramFields({ ...fresh, auth_date: String(nowS() - 3600) })
    for (const fields of [tampered, foreign, stale]) {
      const posted = popupMessage((await callback(await openWidget(), fields)).body)
      expect(posted).toEqual({ origin: SITE, message: { type: 'tessera:social-login-failed' } })
    }
  })
})
