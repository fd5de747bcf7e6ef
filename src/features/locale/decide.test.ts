import { describe, expect, it } from 'vitest'
import { normalizeLocale } from '../../i18n/locales'
import { decideInitialLocale, isSearchBot, preferredLocale } from './decide'
import { localizePath, splitLocalePath } from './paths'

const chromeUA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36'
const base = { userLocale: null, cookie: null, languages: [] as string[], userAgent: chromeUA }

describe('splitLocalePath / localizePath', () => {
  it('strips a known prefix and keeps the rest', () => {
    expect(splitLocalePath('/ru/bonuses')).toEqual({
      locale: 'ru',
      path: '/bonuses',
      prefixed: true,
    })
    expect(splitLocalePath('/kz')).toEqual({ locale: 'kz', path: '/', prefixed: true })
    expect(splitLocalePath('/kz/')).toEqual({ locale: 'kz', path: '/', prefixed: true })
    expect(splitLocalePath('/top')).toEqual({ locale: 'en', path: '/top', prefixed: false })
  })

  it('does not mistake a path that merely starts with the letters for a prefix', () => {
    expect(splitLocalePath('/rush')).toEqual({ locale: 'en', path: '/rush', prefixed: false })
    expect(splitLocalePath('/en/bonuses').prefixed).toBe(false)
  })

  it('adds the prefix for ru and kz only', () => {
    expect(localizePath('en', '/bonuses?a=1')).toBe('/bonuses?a=1')
    expect(localizePath('ru', '/bonuses?a=1')).toBe('/ru/bonuses?a=1')
    expect(localizePath('kz', '/')).toBe('/kz')
    expect(localizePath('kz', '/?login=')).toBe('/kz?login=')
  })
})

describe('normalizeLocale', () => {
  it('maps tags from profiles, cookies and browsers', () => {
    expect(normalizeLocale('ru-RU')).toBe('ru')
    expect(normalizeLocale('kk-KZ')).toBe('kz')
    expect(normalizeLocale('kz')).toBe('kz')
    expect(normalizeLocale('en_GB')).toBe('en')
    expect(normalizeLocale('de')).toBeNull()
    expect(normalizeLocale('')).toBeNull()
    expect(normalizeLocale(undefined)).toBeNull()
  })
})

describe('preferredLocale', () => {
  it('puts a saved user locale first', () => {
    expect(preferredLocale({ ...base, userLocale: 'kz', cookie: 'ru', languages: ['en'] })).toBe(
      'kz',
    )
  })

  it('falls back to en for an unsupported saved locale, as SPEC.md section 4 says', () => {
    expect(preferredLocale({ ...base, userLocale: 'pt-BR', cookie: 'ru' })).toBe('en')
  })

  it('then the cookie, then the first supported browser language, then en', () => {
    expect(preferredLocale({ ...base, cookie: 'ru', languages: ['kk-KZ'] })).toBe('ru')
    expect(preferredLocale({ ...base, cookie: 'xx', languages: ['de-DE', 'kk-KZ', 'ru'] })).toBe(
      'kz',
    )
    expect(preferredLocale({ ...base, languages: ['de-DE', 'fr'] })).toBe('en')
  })
})

describe('decideInitialLocale', () => {
  it('lets an explicit prefix win over every preference', () => {
    const decision = decideInitialLocale({
      ...base,
      pathname: '/kz/top',
      userLocale: 'ru',
      cookie: 'en',
    })
    expect(decision).toEqual({ locale: 'kz', redirectTo: null, fromUrl: true })
  })

  it('redirects an unprefixed URL to the preferred ru or kz, keeping the path', () => {
    expect(decideInitialLocale({ ...base, pathname: '/games/crash', cookie: 'ru' })).toEqual({
      locale: 'ru',
      redirectTo: '/ru/games/crash',
      fromUrl: false,
    })
    expect(decideInitialLocale({ ...base, pathname: '/', languages: ['kk'] }).redirectTo).toBe(
      '/kz',
    )
  })

  it('stays on en without a redirect when en is preferred', () => {
    expect(decideInitialLocale({ ...base, pathname: '/bonuses', languages: ['en-US'] })).toEqual({
      locale: 'en',
      redirectTo: null,
      fromUrl: false,
    })
  })

  it('never redirects search bots', () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    ]) {
      expect(isSearchBot(userAgent)).toBe(true)
      expect(decideInitialLocale({ ...base, userAgent, pathname: '/top', cookie: 'ru' })).toEqual({
        locale: 'en',
        redirectTo: null,
        fromUrl: false,
      })
    }
    expect(isSearchBot(chromeUA)).toBe(false)
  })
})

describe('matched-host mode (enOnly)', () => {
  const enOnly = { ...base, enOnly: true }
  it('shows a /ru address in English at the unprefixed address', () => {
    expect(decideInitialLocale({ ...enOnly, pathname: '/ru/bonuses' })).toEqual({
      locale: 'en',
      redirectTo: '/bonuses',
      fromUrl: false,
    })
  })

  it('does not send a Russian speaker to /ru, nor a saved ru user', () => {
    expect(decideInitialLocale({ ...enOnly, pathname: '/top', languages: ['ru-RU'] })).toEqual({
      locale: 'en',
      redirectTo: null,
      fromUrl: false,
    })
    expect(decideInitialLocale({ ...enOnly, pathname: '/top', userLocale: 'ru' }).locale).toBe('en')
  })

  it('leaves kz alone', () => {
    expect(decideInitialLocale({ ...enOnly, pathname: '/kz/top' })).toEqual({
      locale: 'kz',
      redirectTo: null,
      fromUrl: true,
    })
  })
})
