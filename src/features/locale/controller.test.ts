import { createMemoryHistory } from '@tanstack/react-router'
import Cookies from 'js-cookie'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../i18n'
import type { Locale } from '../../i18n/locales'
import { createAppRouter } from '../../routes/router'
import { hrefInLocale, startLocaleSync, switchLocale } from './controller'

let stop: (() => void) | undefined
beforeAll(async () => {
  await initI18n('en')
})
afterEach(() => {
  stop?.()
  Cookies.remove('locale')
})

async function start(href: string, decided: Locale = 'en') {
  const router = createAppRouter(decided, createMemoryHistory({ initialEntries: [href] }))
  stop = startLocaleSync(router, decided)
  await router.load()
  return router
}

describe('locale sync', () => {
  it('switches to the same page in another locale, keeping params and query', async () => {
    const router = await start('/games/slots/book/demo?ref=1')
    expect(hrefInLocale(router, 'kz')).toBe('/kz/games/slots/book/demo?ref=1')
    await switchLocale(router, 'ru')
    await router.load()
    expect(router.history.location.pathname).toBe('/ru/games/slots/book/demo')
    expect(router.state.location.pathname).toBe('/games/slots/book/demo')
    expect(i18next.language).toBe('ru')
    expect(document.documentElement.lang).toBe('ru')
    expect(Cookies.get('locale')).toBe('ru')
    // Links built from now on carry the new prefix.
    expect(router.buildLocation({ to: '/top' }).publicHref).toBe('/ru/top')
  })

  it('follows a prefix reached through history (Back, a typed link) and remembers it', async () => {
    const router = await start('/top')
    router.history.push('/kz/bonuses')
    await router.load()
    expect(document.documentElement.lang).toBe('kk')
    expect(Cookies.get('locale')).toBe('kz')
    expect(router.buildLocation({ to: '/faq' }).publicHref).toBe('/kz/faq')
    router.history.back()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(document.documentElement.lang).toBe('en')
    expect(router.buildLocation({ to: '/faq' }).publicHref).toBe('/faq')
  })

  it('follows the address the app starts at, when Back moved it after the locale was decided', async () => {
    // The locale was decided at /top (en); by the time the router started, Back had led to /kz/top.
    const router = await start('/kz/top', 'en')
    await vi.waitFor(() => expect(i18next.language).toBe('kz'))
    expect(document.documentElement.lang).toBe('kk')
    expect(router.buildLocation({ to: '/faq' }).publicHref).toBe('/kz/faq')
  })
})
