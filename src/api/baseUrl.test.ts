import { describe, expect, it } from 'vitest'

import { apiBaseUrl, type PageLocation } from './baseUrl'
import { GAME_SERVICES, readConfiguredUrls, serviceUrls, urlsForPage } from './serviceUrls'

const page = (protocol: string, hostname: string, port = ''): PageLocation => ({
  protocol,
  hostname,
  port,
})

describe('apiBaseUrl', () => {
  it('uses the api. subdomain of the page host without www. when nothing is configured', () => {
    expect(apiBaseUrl({ configured: undefined, location: page('https:', 'www.tessera.io') })).toBe(
      'https://api.tessera.io',
    )
    expect(apiBaseUrl({ configured: undefined, location: page('https:', 'WWW.Tessera.io') })).toBe(
      'https://api.Tessera.io',
    )
    expect(apiBaseUrl({ configured: undefined, location: page('https:', 'mirror.casino') })).toBe(
      'https://api.mirror.casino',
    )
  })

  it('keeps the protocol and the port, and strips only a leading www.', () => {
    expect(apiBaseUrl({ configured: '', location: page('http:', 'www.tessera.io', '8080') })).toBe(
      'http://api.tessera.io:8080',
    )
    expect(apiBaseUrl({ configured: '  ', location: page('https:', 'wwwx.io') })).toBe(
      'https://api.wwwx.io',
    )
  })

  it('lets a configured URL win, resolving a relative one against the page origin', () => {
    const location = page('https:', 'www.tessera.io', '8443')
    expect(apiBaseUrl({ configured: '/api', location })).toBe('https://www.tessera.io:8443/api')
    expect(apiBaseUrl({ configured: '/api/', location })).toBe('https://www.tessera.io:8443/api')
    expect(apiBaseUrl({ configured: 'https://backend.example/v2/', location })).toBe(
      'https://backend.example/v2',
    )
  })
})

describe('serviceUrls', () => {
  const location = page('https:', 'www.tessera.io')

  it('defaults every game service to the API origin', () => {
    const urls = serviceUrls({ configured: {}, apiBaseUrl: 'https://tessera.io/api', location })
    expect(Object.keys(urls).sort()).toEqual([...GAME_SERVICES].sort())
    for (const service of GAME_SERVICES) expect(urls[service]).toBe('https://tessera.io')
  })

  it('lets a configured service URL win, relative ones against the page origin', () => {
    const urls = serviceUrls({
      configured: { crash: 'https://crash.example/', dice: '/dice' },
      apiBaseUrl: 'https://api.tessera.io',
      location,
    })
    expect(urls.crash).toBe('https://crash.example')
    expect(urls.dice).toBe('https://www.tessera.io/dice')
    expect(urls.keno).toBe('https://api.tessera.io')
  })

  it("puts the deployment's served URLs (GET /config) before the build's; null keeps the build's", () => {
    const urls = serviceUrls({
      served: { crash: 'https://crash.split.example', dice: null, keno: '/keno' },
      configured: { crash: 'https://crash.build.example', dice: 'https://dice.build.example' },
      apiBaseUrl: 'https://api.tessera.io',
      location,
    })
    expect(urls.crash).toBe('https://crash.split.example')
    expect(urls.dice).toBe('https://dice.build.example')
    expect(urls.keno).toBe('https://www.tessera.io/keno')
    expect(urls.general).toBe('https://api.tessera.io')
    expect(
      urlsForPage({ VITE_CRASH_URL: '/c' }, location, { crash: 'https://s.example' }).services,
    ).toMatchObject({ crash: 'https://s.example', miner: 'https://api.tessera.io' })
  })

  it('reads VITE_API_URL and VITE_<GAME>_URL, ignoring empty and non-string values', () => {
    expect(
      readConfiguredUrls({
        VITE_API_URL: '/api',
        VITE_CRASH_URL: 'https://crash.example',
        VITE_KENO_URL: '',
        VITE_DICE_URL: true,
        VITE_OTHER_URL: 'https://x',
      }),
    ).toEqual({ api: '/api', services: { crash: 'https://crash.example' } })
  })

  it('combines both rules for the page', () => {
    const urls = urlsForPage({ VITE_MINER_URL: '/miner' }, location)
    expect(urls.api).toBe('https://api.tessera.io')
    expect(urls.services.miner).toBe('https://www.tessera.io/miner')
    expect(urls.services.cases).toBe('https://api.tessera.io')
  })
})
