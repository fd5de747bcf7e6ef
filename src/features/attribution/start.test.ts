import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Api } from '../../api'
import type { User } from '../../../contract'
import { useSession } from '../../stores/session'
import { ALL_ALLOWED, NECESSARY_ONLY, useConsent } from '../consent/consent'
import { startAttribution } from './start'
// Loaded up front, so the lazy imports inside startAttribution resolve at once.
import './promo'
import './triggers'

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' })
  useConsent.setState({ choice: null, editing: false })
  useSession.setState({ user: null })
})

const search = '?utm_source=s&utm_medium=m&utm_campaign=c&utm_term=t&subH=h1&pr=p1&promo=WELCOME100'

function start() {
  const api = {
    misc: {
      affiliate: vi.fn(async () => ({ partner: 'p', adplace: 'a' })),
      reportIp: vi.fn(async () => ({ success: true, ip: '127.0.0.1' })),
      registerPageOpen: vi.fn(async () => ({ success: true })),
      utm: vi.fn(async () => ({ advId: 'adv-1' })),
    },
    profile: { attachSource: vi.fn(async () => ({ success: true })) },
    bonus: { promo: vi.fn(async () => ({ data: {} })) },
  }
  const router = {
    state: { location: { pathname: '/', search: {}, hash: '' } },
    navigate: vi.fn(),
  }
  const page = { search, href: `https://casino.test/${search}`, host: 'casino.test' }
  startAttribution(api as unknown as Api, router as never, page as Location)
  const calls = () =>
    [...Object.values(api.misc), api.profile.attachSource].reduce(
      (n, f) => n + f.mock.calls.length,
      0,
    )
  return { api, calls }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('consent gating of the landing triggers', () => {
  it('checks the promo at once but calls no middleware before marketing is allowed', async () => {
    const { api, calls } = start()
    await vi.waitFor(() => expect(Cookies.get('promo')).toBe('WELCOME100'))
    expect(api.bonus.promo).toHaveBeenCalledWith('WELCOME100')
    expect(calls()).toBe(0)
    useConsent.getState().choose(NECESSARY_ONLY)
    await settle()
    expect(calls()).toBe(0)
    expect(Object.keys(Cookies.get()).sort()).toEqual(['consent', 'promo'])
  })

  it('runs the landing query once marketing is allowed later on the page', async () => {
    const { api } = start()
    useConsent.getState().choose(ALL_ALLOWED)
    await vi.waitFor(() => expect(Cookies.get('advId')).toBe('adv-1'))
    expect(api.misc.utm).toHaveBeenCalledTimes(1)
    expect(api.misc.affiliate).toHaveBeenCalledTimes(1)
    expect(api.misc.registerPageOpen).toHaveBeenCalledTimes(1)
    expect(api.misc.reportIp).toHaveBeenCalledTimes(1)
  })

  it('attaches the source once the visitor signs in, after the triggers', async () => {
    const { api } = start()
    useConsent.getState().choose(ALL_ALLOWED)
    await vi.waitFor(() => expect(Cookies.get('advId')).toBe('adv-1'))
    await settle()
    expect(api.profile.attachSource).not.toHaveBeenCalled()
    useSession.getState().setUser({ id: 9 } as unknown as User)
    expect(api.profile.attachSource).toHaveBeenCalledTimes(1)
    expect(api.profile.attachSource).toHaveBeenCalledWith(
      expect.objectContaining({ advId: 'adv-1', prHash: 'p1' }),
    )
    useSession.getState().setUser({ id: 9, name: 'again' } as unknown as User)
    expect(api.profile.attachSource).toHaveBeenCalledTimes(1)
  })
})
