import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ApiError, type Api, type CallOptions } from '../../api'
import type { ProfileUserResponse, User } from '../../../contract'
import { useSession } from '../../stores/session'
import { appApiOptions, regionOf } from './api'
import { bootstrapSession } from './bootstrap'
import { SSO_FLAG_COOKIE, writeSsoFlag, writeToken } from './cookies'
import { ssoTarget } from './login'
import { logOut } from './logout'

const user = { id: 3, locale: 'ru', region: 'KZ' } as unknown as User

function answer(extra: Partial<ProfileUserResponse> = {}): ProfileUserResponse {
  return { user, fresh_token: null, super_bonus: null, ...extra }
}

function fakeProfile(reply: () => Promise<ProfileUserResponse>) {
  const call =
    vi.fn<(query: { whoAreYou?: string }, options?: CallOptions) => Promise<ProfileUserResponse>>(
      reply,
    )
  return { call, api: { profile: { user: call } } as unknown as Pick<Api, 'profile'> }
}

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' })
  useSession.getState().clear()
  vi.restoreAllMocks()
})

describe('session bootstrap', () => {
  it('asks nothing without a token', async () => {
    const { call, api } = fakeProfile(() => Promise.resolve(answer()))
    expect(await bootstrapSession(api)).toBeNull()
    expect(call).not.toHaveBeenCalled()
  })

  it('fetches the user with the saved super bonus and keeps what the answer rotates', async () => {
    writeToken('old-token')
    Cookies.set('super_bonus', 'WELCOME100')
    const { call, api } = fakeProfile(() =>
      Promise.resolve(answer({ fresh_token: 'new-token', super_bonus: 'SPRING' })),
    )
    expect(await bootstrapSession(api)).toBe(user)
    // Silent: an ended session is not an error to show at start.
    expect(call).toHaveBeenCalledWith({ whoAreYou: 'WELCOME100' }, { notify: false })
    expect(useSession.getState().user).toBe(user)
    expect(Cookies.get('token')).toBe('new-token')
    expect(Cookies.get('super_bonus')).toBe('SPRING')
  })

  it('clears the token when the profile fetch fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    writeToken('ended-token')
    const failure = new ApiError(
      { type: 'http', status: 401, body: {} },
      { method: 'get', path: 'p' },
    )
    const { api } = fakeProfile(() => Promise.reject(failure))
    expect(await bootstrapSession(api)).toBeNull()
    expect(Cookies.get('token')).toBeUndefined()
    expect(useSession.getState().user).toBeNull()
  })

  it('clears the SSO flag on the return from the SSO round trip', async () => {
    writeSsoFlag()
    expect(Cookies.get(SSO_FLAG_COOKIE)).toBe('1')
    await bootstrapSession(fakeProfile(() => Promise.resolve(answer())).api)
    expect(Cookies.get(SSO_FLAG_COOKIE)).toBeUndefined()
  })
})

describe('log-out', () => {
  it('ends the session on the server, then forgets token and user, even if the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    for (const outcome of ['ok', 'fails'] as const) {
      writeToken('some-token')
      useSession.getState().setUser(user)
      const logout = vi.fn(() =>
        outcome === 'ok'
          ? Promise.resolve({ success: true as const })
          : Promise.reject(new Error('x')),
      )
      await logOut({ auth: { logout } } as unknown as Pick<Api, 'auth'>)
      expect(logout).toHaveBeenCalledWith({ notify: false })
      expect(Cookies.get('token'), outcome).toBeUndefined()
      expect(useSession.getState().user, outcome).toBeNull()
    }
  })
})

describe('API wiring', () => {
  const page = (pathname: string) =>
    ({ protocol: 'https:', hostname: 'www.casino.example', port: '', pathname }) as Location

  it('takes the base URL from VITE_API_URL, else the api. host', () => {
    expect(appApiOptions({ VITE_API_URL: '/api' }, page('/')).baseUrl).toBe(
      'https://www.casino.example/api',
    )
    expect(appApiOptions({}, page('/')).baseUrl).toBe('https://api.casino.example')
  })

  it('sends the locale of the URL and the region of the user (RU unless KZ)', () => {
    expect(appApiOptions({}, page('/kz/top')).getLocale()).toBe('kz')
    expect(appApiOptions({}, page('/top')).getLocale()).toBe('en')
    expect(regionOf(null)).toBe('RU')
    expect(regionOf({ region: 'KZ' })).toBe('KZ')
    useSession.getState().setUser(user)
    expect(appApiOptions({}, page('/')).getRegion()).toBe('KZ')
  })

  it('logs out by clearing the token cookie and the user', () => {
    writeToken('t')
    useSession.getState().setUser(user)
    appApiOptions({}, page('/')).onLogout()
    expect(Cookies.get('token')).toBeUndefined()
    expect(useSession.getState().user).toBeNull()
  })
})

describe('SSO target', () => {
  it('appends the current URL, encoded and without modal flags', () => {
    expect(
      ssoTarget(
        'https://sso.example/enter?return=',
        'https://casino.example/ru/top?login=&promo=x',
      ),
    ).toBe(
      `https://sso.example/enter?return=${encodeURIComponent('https://casino.example/ru/top?promo=x')}`,
    )
  })
})
