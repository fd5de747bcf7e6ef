import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Api } from '../../api'
import { useGeo } from '../../stores/geo'
import { checkMirror } from './mirror'
import { startGeo, type GeoPage } from './start'

const initial = useGeo.getState()
afterEach(() => {
  useGeo.setState(initial, true)
  document.head.querySelector('meta[name="yandex-verification"]')?.remove()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36'
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

function pageAt(userAgent = chrome, host = 'casino.example') {
  const replace = vi.fn()
  const page: GeoPage = {
    location: { host, pathname: '/ru/games/crash', search: '?promo=x', hash: '', replace },
    userAgent,
    document,
  }
  return { page, replace }
}

type Misc = Api['misc']
function fakeApi(
  misc: Partial<Misc> = {},
  hostConfig: () => Promise<unknown> = async () => ({ en_only: false, route_rules: [] }),
) {
  const api = {
    misc: {
      geo: vi.fn(async () => ({ type: 'allowed', geo: { ip: '1.2.3.4', country_code: 'KZ' } })),
      mirror: vi.fn(async () => ({ redirect: null, meta_yandex_verification: null, sso: null })),
      mirrorRedirect: vi.fn(async () => ({ redirect: null })),
      mirrors: vi.fn(async () => ({ mirrors: [] as string[] })),
      ...misc,
    },
    client: { baseUrl: '/api', call: vi.fn(hostConfig) },
  }
  return api as unknown as Pick<Api, 'misc' | 'client'> & {
    misc: Record<string, ReturnType<typeof vi.fn>>
  }
}

describe('startGeo', () => {
  it('keeps the region of the answer and the host mode', async () => {
    const api = fakeApi({}, async () => ({
      en_only: true,
      route_rules: [{ path: '/top', to: '/' }],
    }))
    expect(await startGeo(api, pageAt().page)).toEqual({ blocked: false, enOnly: true })
    expect(useGeo.getState()).toMatchObject({
      region: 'KZ',
      routeRules: [{ path: '/top', to: '/' }],
    })
    expect(api.client.call).toHaveBeenCalledWith(
      expect.objectContaining({
        path: 'host_config',
        query: { host: 'casino.example' },
        notify: false,
      }),
    )
  })

  it('marks a 451 as blocked', async () => {
    const api = fakeApi({ geo: vi.fn(async () => ({ type: 'blocked' as const })) })
    expect(await startGeo(api, pageAt().page)).toEqual({ blocked: true, enOnly: false })
  })

  it('skips the geo call for a search bot', async () => {
    const api = fakeApi()
    expect(await startGeo(api, pageAt(googlebot).page)).toEqual({ blocked: false, enOnly: false })
    expect(api.misc.geo).not.toHaveBeenCalled()
    expect(useGeo.getState().region).toBeNull()
  })

  it('logs a failure and goes on as a visitor it knows nothing about', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = fakeApi({ geo: vi.fn(async () => Promise.reject(new Error('down'))) }, async () =>
      Promise.reject(new Error('down')),
    )
    expect(await startGeo(api, pageAt().page)).toEqual({ blocked: false, enOnly: false })
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('stops waiting after the wait, and a late answer still lands', async () => {
    vi.useFakeTimers()
    let answer: (v: unknown) => void = () => {}
    const api = fakeApi({
      geo: vi.fn(() => new Promise<never>((r) => (answer = r as (v: unknown) => void))),
    })
    const started = startGeo(api, pageAt().page, 2000)
    await vi.advanceTimersByTimeAsync(2000)
    expect(await started).toEqual({ blocked: false, enOnly: false })
    answer({ type: 'blocked' })
    await vi.advanceTimersByTimeAsync(0)
    expect(useGeo.getState().blocked).toBe(true)
  })
})

describe('checkMirror', () => {
  it('moves the page to the new link with its path and query, and writes the Yandex tag', async () => {
    const api = fakeApi({
      mirror: vi.fn(async () => ({
        redirect: { newLink: 'https://new.example' },
        meta_yandex_verification: 'y-123',
        sso: null,
      })),
      mirrors: vi.fn(async () => ({ mirrors: ['b.example'] })),
    })
    const { page, replace } = pageAt()
    await checkMirror(api, page)
    expect(replace).toHaveBeenCalledWith('https://new.example/ru/games/crash?promo=x')
    expect(
      document.head.querySelector('meta[name="yandex-verification"]')?.getAttribute('content'),
    ).toBe('y-123')
    expect(useGeo.getState().mirrors).toEqual(['b.example'])
    expect(api.misc.mirrorRedirect).toHaveBeenCalledWith({ domain: 'casino.example' })
  })

  it('follows the middleware redirect too, never to this very host', async () => {
    const moved = (newLink: string) =>
      fakeApi({ mirrorRedirect: vi.fn(async () => ({ redirect: { newLink } })) })
    const first = pageAt()
    await checkMirror(moved('https://next.example/'), first.page)
    expect(first.replace).toHaveBeenCalledWith('https://next.example/ru/games/crash?promo=x')
    const same = pageAt()
    await checkMirror(moved('https://casino.example'), same.page)
    expect(same.replace).not.toHaveBeenCalled()
  })

  it('only logs failures, and a bot is never moved', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failing = fakeApi({
      mirror: vi.fn(async () => Promise.reject(new Error('x'))),
      mirrorRedirect: vi.fn(async () => Promise.reject(new Error('x'))),
      mirrors: vi.fn(async () => Promise.reject(new Error('x'))),
    })
    const { page, replace } = pageAt()
    await expect(checkMirror(failing, page)).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(3)
    expect(replace).not.toHaveBeenCalled()
    const api = fakeApi({
      mirror: vi.fn(async () => ({
        redirect: { newLink: 'https://new.example' },
        meta_yandex_verification: null,
        sso: null,
      })),
    })
    const bot = pageAt('Mozilla/5.0 (compatible; YandexBot/3.0)')
    await checkMirror(api, bot.page)
    expect(api.misc.mirror).not.toHaveBeenCalled()
    expect(bot.replace).not.toHaveBeenCalled()
  })
})
