import { describe, expect, it, vi } from 'vitest'

import { socialConfigOf } from './config'
import { newChecks, VK, vkProvider } from './oauth'

const REDIRECT = 'https://tessera.example/api/auth/social/vk/callback'

describe('VK ID provider', () => {
  it('sends the player to VK ID with PKCE (S256) and state', async () => {
    const checks = newChecks()
    const url = await vkProvider({ clientId: '51234' }).authorizationUrl(checks, REDIRECT)
    expect(url.origin + url.pathname).toBe(VK.authorization_endpoint)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: '51234',
      redirect_uri: REDIRECT,
      state: checks.state,
      code_challenge_method: 'S256',
    })
    // The challenge is derived from the verifier, which never leaves the server.
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.href).not.toContain(checks.codeVerifier)
  })

  it("exchanges the code with the verifier and the callback's device_id for the user id", async () => {
    const checks = newChecks()
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      Response.json({ access_token: 'at', user_id: 1234567, token_type: 'Bearer' }),
    )
    const vk = vkProvider({ clientId: '51234' }, fetchImpl as typeof fetch)
    const back = new URL(`${REDIRECT}?code=c0de&state=${checks.state}&device_id=dev-1&type=code_v2`)
    await expect(vk.subjectOf(back, checks)).resolves.toBe('1234567')
    const [url, init] = fetchImpl.mock.calls[0]!
    expect(url).toBe(VK.token_endpoint)
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      code_verifier: checks.codeVerifier,
      client_id: '51234',
      device_id: 'dev-1',
      redirect_uri: REDIRECT,
      state: checks.state,
    })
  })

  it('refuses a callback with another state, an error, or a token answer without user', async () => {
    const checks = newChecks()
    const fetchImpl = vi.fn(async () => Response.json({ error: 'invalid_grant' }))
    const vk = vkProvider({ clientId: '51234' }, fetchImpl as typeof fetch)
    const forged = new URL(`${REDIRECT}?code=c&state=other&device_id=d`)
    await expect(vk.subjectOf(forged, checks)).rejects.toThrow(/state/)
    const denied = new URL(`${REDIRECT}?error=access_denied&state=${checks.state}`)
    await expect(vk.subjectOf(denied, checks)).rejects.toThrow(/access_denied/)
    expect(fetchImpl).not.toHaveBeenCalled()
    const ok = new URL(`${REDIRECT}?code=c&state=${checks.state}&device_id=d`)
    await expect(vk.subjectOf(ok, checks)).rejects.toThrow(/user_id/)
  })
})

describe('social settings', () => {
  it('turn a provider on only with all its variables, and refuse half of them', () => {
    expect(socialConfigOf({})).toEqual({})
    expect(
      socialConfigOf({
        SOCIAL_GOOGLE_CLIENT_ID: 'g',
        SOCIAL_GOOGLE_CLIENT_SECRET: 's',
        SOCIAL_VK_CLIENT_ID: 'v',
      }),
    ).toEqual({
      google: { issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 's' },
      vk: { clientId: 'v' },
    })
    expect(() => socialConfigOf({ SOCIAL_TELEGRAM_BOT_TOKEN: '1:x' })).toThrow(
      /SOCIAL_TELEGRAM_BOT_TOKEN, SOCIAL_TELEGRAM_BOT_NAME: set all of them or none/,
    )
    expect(() => socialConfigOf({ SOCIAL_YANDEX_CLIENT_ID: 'y' })).toThrow(/SOCIAL_YANDEX/)
  })
})
