import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { ALL_ALLOWED, useConsent } from '../consent/consent'
import { readCookie, writeCookie } from './cookieTable'
import { AD_BONUS_MODAL_PENDING } from './adBonus'
import {
  attachSource,
  attachSourceBody,
  queryOf,
  runLandingTriggers,
  type TriggerDeps,
} from './triggers'

const UA = 'Mozilla/5.0 Test'
const HREF = 'https://casino.test/games/crash?subH=h1'

function fakeDeps(overrides: Partial<TriggerDeps['api']['misc']> = {}) {
  const misc = {
    affiliate: vi.fn(async () => ({ partner: 'p7', adplace: 'banner', stag: 'aff_1' })),
    reportIp: vi.fn(async () => ({ success: true as const, ip: '203.0.113.9' })),
    registerPageOpen: vi.fn(async () => ({ success: true as const })),
    utm: vi.fn(async () => ({ advId: 'adv-1' })),
    ...overrides,
  }
  const profile = { attachSource: vi.fn(async () => ({ success: true as const })) }
  const deps = {
    api: { misc, profile },
    page: { href: HREF, host: 'casino.test' },
    userAgent: UA,
    fingerprint: () => 'fp-0123',
    onAdBonus: vi.fn(),
    log: vi.fn(),
  } as unknown as TriggerDeps
  return { deps, misc, profile, onAdBonus: deps.onAdBonus, log: deps.log }
}

const utmQuery = {
  utm_source: 's',
  utm_medium: 'm',
  utm_campaign: 'c',
  utm_term: 't',
}

beforeEach(() => useConsent.getState().choose(ALL_ALLOWED))
afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' })
  useConsent.setState({ choice: null, editing: false })
})

describe('queryOf', () => {
  it('keeps the first value of each key and drops what the server would refuse', () => {
    expect(queryOf(`?a=1&a=2&b=&${'k'.repeat(65)}=x&c=${'v'.repeat(2049)}&d=%00`)).toEqual({
      a: '1',
      b: '',
    })
  })
})

describe('landing triggers', () => {
  it('any visit reports its host and browser once a day, keeping userVersion and userBrowser', async () => {
    const { deps, misc } = fakeDeps()
    await runLandingTriggers({}, deps)
    expect(misc.reportIp).toHaveBeenCalledWith({ host: 'casino.test', userAgent: UA })
    expect(readCookie('userVersion')).toBe('203.0.113.9')
    expect(readCookie('userBrowser')).toBe(UA)
    await runLandingTriggers({}, deps)
    expect(misc.reportIp).toHaveBeenCalledTimes(1)
    expect(misc.affiliate).not.toHaveBeenCalled()
    expect(misc.registerPageOpen).not.toHaveBeenCalled()
    expect(misc.utm).not.toHaveBeenCalled()
  })

  it('pr keeps prHash and sends the query to the affiliate middleware, keeping its answer', async () => {
    const { deps, misc } = fakeDeps()
    await runLandingTriggers({ pr: 'h4sh', x: '1' }, deps)
    expect(misc.affiliate).toHaveBeenCalledWith({ pr: 'h4sh', x: '1' })
    expect(readCookie('prHash')).toBe('h4sh')
    expect(readCookie('partner')).toBe('p7')
    expect(readCookie('adplace')).toBe('banner')
    expect(readCookie('stag')).toBe('aff_1')
    expect(readCookie('partnerId')).toBeNull()
  })

  it('simple_auth is kept in simpleAuth', async () => {
    const { deps } = fakeDeps()
    await runLandingTriggers({ simple_auth: '1' }, deps)
    expect(readCookie('simpleAuth')).toBe('1')
  })

  it('subH sends the page-open event with the fingerprint and the clicked URL', async () => {
    const { deps, misc } = fakeDeps()
    await runLandingTriggers({ subH: 'h1' }, deps)
    expect(misc.registerPageOpen).toHaveBeenCalledWith({
      subH: 'h1',
      uuid: 'fp-0123',
      click_url: HREF,
    })
  })

  it('a failed page-open event is logged, other failures swallowed, and nothing rejects', async () => {
    const boom = () => Promise.reject(new Error('down'))
    const { deps, log } = fakeDeps({
      registerPageOpen: vi.fn(boom),
      reportIp: vi.fn(boom),
      affiliate: vi.fn(boom),
      utm: vi.fn(boom),
    })
    await expect(
      runLandingTriggers({ ...utmQuery, subH: 'h', pr: 'p' }, deps),
    ).resolves.toBeUndefined()
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith('[attribution] page-open event failed:', expect.any(Error))
  })

  it('all four utm keys send the whole query once, keeping advId', async () => {
    const { deps, misc, onAdBonus } = fakeDeps()
    const query = { ...utmQuery, utm_content: 'x', other: 'y' }
    await runLandingTriggers(query, deps)
    expect(misc.utm).toHaveBeenCalledWith(query)
    expect(readCookie('advId')).toBe('adv-1')
    expect(onAdBonus).not.toHaveBeenCalled()
    // An advId cookie means the click is known: no second call.
    await runLandingTriggers(query, deps)
    expect(misc.utm).toHaveBeenCalledTimes(1)
  })

  it('three utm keys are not enough', async () => {
    const { deps, misc } = fakeDeps()
    const { utm_term: _t, ...three } = utmQuery
    await runLandingTriggers(three, deps)
    expect(misc.utm).not.toHaveBeenCalled()
  })

  it('an ad bonus answer keeps the ad-bonus cookies and asks for the modal', async () => {
    const { deps, onAdBonus } = fakeDeps({
      utm: vi.fn(async () => ({ advId: 'adv-2', promo: { type: 'free_spins', value: '10' } })),
    })
    await runLandingTriggers(utmQuery, deps)
    expect(readCookie('adBonusType')).toBe('free_spins')
    expect(readCookie('adBonusValue')).toBe('10')
    expect(readCookie('adBonusModal')).toBe(AD_BONUS_MODAL_PENDING)
    expect(onAdBonus).toHaveBeenCalledWith({ type: 'free_spins', value: '10' })
  })
})

describe('attachSource', () => {
  it('sends the source cookies, null when absent, and nothing without any', async () => {
    const { deps, profile } = fakeDeps()
    expect(attachSourceBody()).toBeNull()
    await attachSource(deps)
    expect(profile.attachSource).not.toHaveBeenCalled()
    writeCookie('stag', 'aff_1')
    writeCookie('advId', 'adv-1')
    writeCookie('prHash', 'h4sh')
    await attachSource(deps)
    expect(profile.attachSource).toHaveBeenCalledWith({
      stag: 'aff_1',
      partnerId: null,
      advId: 'adv-1',
      advertiseUid: null,
      advertiseSource: null,
      cpaOneUid: null,
      prHash: 'h4sh',
    })
  })

  it('ignores a failure', async () => {
    const { deps, profile } = fakeDeps()
    profile.attachSource.mockRejectedValueOnce(new Error('401'))
    writeCookie('stag', 'aff_1')
    await expect(attachSource(deps)).resolves.toBeUndefined()
  })
})
