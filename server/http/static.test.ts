import { describe, expect, it } from 'vitest'
import {
  compilePattern,
  markIndex,
  requestLocale,
  routeFinder,
  routeMatcher,
  routePreload,
} from './static'
import { clientConfigOf } from './routes/misc'

/** A production deployment's GET /config answer, every game on this server. */
const production = clientConfigOf({ mode: 'production', gameServices: {} })

describe('client route matching for the SPA fallback', () => {
  it('compiles params with their regexes and literal segments', () => {
    const r = compilePattern({ path: '/tournament/:id', params: { id: '^[1-9][0-9]{0,9}$' } })
    expect(r.test('/tournament/12')).toBe(true)
    expect(r.test('/tournament/12/')).toBe(true)
    expect(r.test('/tournament/012')).toBe(false)
    expect(r.test('/tournament/x')).toBe(false)
    expect(r.test('/tournament/1/2')).toBe(false)
    expect(
      compilePattern({ path: '/games/slots/:slots/demo' }).test('/games/slots/book/demo'),
    ).toBe(true)
    expect(compilePattern({ path: '/' }).test('/')).toBe(true)
    expect(compilePattern({ path: '/a.b' }).test('/aXb')).toBe(false)
  })

  it('strips locale prefixes and answers every path without a route file', () => {
    const match = routeMatcher({
      patterns: [{ path: '/' }, { path: '/faq' }],
      locales: ['ru', 'kz'],
    })
    expect(['/', '/faq', '/ru', '/ru/faq', '/kz/faq'].map(match)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['/en/faq', '/rufaq', '/faq/x'].map(match)).toEqual([false, false, false])
    expect(routeMatcher(undefined)('/anything')).toBe(true)
  })

  it("preloads a route's page scripts and the texts of the page's language", () => {
    const find = routeFinder({
      patterns: [
        { path: '/' },
        {
          path: '/games/crash',
          preload: {
            files: ['/assets/CrashPage-1.js'],
            styles: ['/assets/CrashPage-1.css'],
            texts: { en: ['/assets/crash-en.js'], ru: ['/assets/crash-ru.js'] },
          },
        },
      ],
      locales: ['ru', 'kz'],
    })
    expect(routePreload(find('/ru/games/crash'), 'ru')).toEqual([
      '/assets/CrashPage-1.js',
      '/assets/crash-ru.js',
    ])
    expect(routePreload(find('/games/crash'), 'kz')).toEqual(['/assets/CrashPage-1.js'])
    expect(routePreload(find('/'), 'en')).toEqual([])
    expect(find('/games/dice')).toBeUndefined()
    expect(
      markIndex('<html><head></head></html>', {
        config: production,
        styles: find('/games/crash')?.preload?.styles,
      }),
    ).toContain('<link rel="preload" as="style" crossorigin href="/assets/CrashPage-1.css"></head>')
  })
})

describe('the served index.html', () => {
  it('carries the mode on <html>, the config as JSON data and a modulepreload per script', () => {
    const html = '<!doctype html><html lang="en"><head><title>T</title></head><body></body></html>'
    const sandbox = { ...production, mode: 'sandbox' as const }
    expect(markIndex(html, { config: sandbox, preload: ['/assets/locale-ru-1.js'] })).toBe(
      '<!doctype html><html data-mode="sandbox" lang="en"><head><title>T</title>' +
        `<script type="application/json" id="client-config">${JSON.stringify(sandbox)}</script>` +
        '<link rel="modulepreload" crossorigin href="/assets/locale-ru-1.js"></head><body></body></html>',
    )
    expect(markIndex(html, { config: production })).toMatch(/<\/script><\/head>/)
  })

  it('writes a config value that holds markup as data that cannot close its element', () => {
    const hostile = {
      ...production,
      game_services: {
        ...production.game_services,
        crash: 'https://x/</script><script>1</script>',
      },
    }
    const page = markIndex('<html><head></head></html>', { config: hostile })
    expect(page.match(/<\/script>/g)).toHaveLength(1)
    const data = /<script type="application\/json" id="client-config">(.*?)<\/script>/.exec(page)
    expect(JSON.parse(data?.[1] ?? '')).toEqual(hostile)
  })

  it('guesses the start locale from the prefix, the cookie, then the browser languages', () => {
    const known = ['en', 'ru', 'kz']
    const guess = (path: string, headers: { cookie?: string; 'accept-language'?: string } = {}) =>
      requestLocale(path, headers, known, 'en')
    expect(guess('/ru/faq', { cookie: 'locale=kz' })).toBe('ru')
    expect(guess('/kz')).toBe('kz')
    expect(guess('/faq', { cookie: 'a=1; locale=kz; b=2' })).toBe('kz')
    expect(guess('/faq', { cookie: 'locale=de', 'accept-language': 'de-DE, kk;q=0.8, ru' })).toBe(
      'kz',
    )
    expect(guess('/', { 'accept-language': 'ru-RU,ru;q=0.9' })).toBe('ru')
    expect(guess('/', { 'accept-language': 'fr' })).toBe('en')
    expect(guess('/fr/x')).toBe('en')
    expect(guess('/en/faq', { cookie: 'locale=ru' })).toBe('en')
  })
})
