import { describe, expect, it } from 'vitest'

import { mirrorLocation, regionOfCountry, ruleTarget, rulePathMatches } from './rules'

describe('geo rules', () => {
  it('derives the region: KZ for Kazakhstan, RU for every other country', () => {
    expect(regionOfCountry('KZ')).toBe('KZ')
    expect(regionOfCountry('kz')).toBe('KZ')
    expect(regionOfCountry('RU')).toBe('RU')
    expect(regionOfCountry('DE')).toBe('RU')
  })

  it("appends the page's path, query and fragment to the mirror's new link", () => {
    const page = { pathname: '/ru/games/crash', search: '?promo=x', hash: '#top' }
    expect(mirrorLocation('https://new.example/', page)).toBe(
      'https://new.example/ru/games/crash?promo=x#top',
    )
    expect(mirrorLocation('https://new.example', { pathname: '/', search: '', hash: '' })).toBe(
      'https://new.example/',
    )
  })

  it('matches a rule by exact path or by prefix', () => {
    expect(rulePathMatches('/games/crash', '/games/crash')).toBe(true)
    expect(rulePathMatches('/games/crash', '/games/crash/')).toBe(true)
    expect(rulePathMatches('/games/crash', '/games/crashes')).toBe(false)
    expect(rulePathMatches('/games/cases/*', '/games/cases/starter')).toBe(true)
    expect(rulePathMatches('/games/cases/*', '/games/cases')).toBe(false)
  })

  it('answers the first matching rule, internal with its query, external as written', () => {
    const rules = [
      { path: '/bonuses', to: 'https://promo.example/b' },
      { path: '/games/crash', to: '/error?errorCode=404' },
      { path: '/games/crash', to: '/faq' },
    ]
    expect(ruleTarget(rules, '/bonuses')).toEqual({
      type: 'external',
      href: 'https://promo.example/b',
    })
    expect(ruleTarget(rules, '/games/crash')).toEqual({
      type: 'internal',
      path: '/error',
      search: { errorCode: '404' },
    })
    expect(ruleTarget(rules, '/faq')).toBeNull()
  })

  it('ignores a rule that would send a page to itself', () => {
    expect(ruleTarget([{ path: '/x/*', to: '/x/y' }], '/x/z')).toBeNull()
  })
})
