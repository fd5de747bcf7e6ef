import { describe, expect, it, vi } from 'vitest'

import { adoptSimpleAuthToken } from './simpleAuth'

function page(href: string) {
  const history = { state: { k: 1 }, replaceState: vi.fn() }
  const store = vi.fn()
  return { history, store, run: () => adoptSimpleAuthToken({ href }, history, store) }
}

describe('simpleAuthToken', () => {
  it('becomes the session token and leaves the URL, the rest of the query kept', () => {
    const p = page('https://casino.test/ru/faq?a=1&simpleAuthToken=at_0123456789abcdefghij#top')
    expect(p.run()).toBe(true)
    expect(p.store).toHaveBeenCalledWith('at_0123456789abcdefghij')
    expect(p.history.replaceState).toHaveBeenCalledWith({ k: 1 }, '', '/ru/faq?a=1#top')
  })

  it('a malformed one is removed from the URL and not kept', () => {
    const p = page('https://casino.test/?simpleAuthToken=%3Cx%3E')
    expect(p.run()).toBe(false)
    expect(p.store).not.toHaveBeenCalled()
    expect(p.history.replaceState).toHaveBeenCalledWith({ k: 1 }, '', '/')
  })

  it('does nothing without one', () => {
    const p = page('https://casino.test/?pr=1')
    expect(p.run()).toBe(false)
    expect(p.history.replaceState).not.toHaveBeenCalled()
  })
})
