import { createMemoryHistory } from '@tanstack/react-router'
import Cookies from 'js-cookie'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../i18n'
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

async function start(href: string) {
  const router = createAppRouter('en', createMemoryHistory({ initialEntries: [href] }))
  stop = startLocaleSync(router, 'en')
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
})
