import { describe, expect, it } from 'vitest'
import { compilePattern, routeMatcher } from './static'

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
})
