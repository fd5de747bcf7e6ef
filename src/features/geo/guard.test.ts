import { createMemoryHistory } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createAppRouter } from '../../routes/router'
import { useGeo } from '../../stores/geo'
import { firstLoadRedirect, followGeoBlock } from './guard'

const initial = useGeo.getState()
afterEach(() => useGeo.setState(initial, true))

async function open(href: string, locale: 'en' | 'ru' | 'kz' = 'en') {
  const router = createAppRouter(locale, createMemoryHistory({ initialEntries: [href] }))
  await router.load()
  return router
}

describe('the geo route guard (root route beforeLoad)', () => {
  it('lets every page through when nothing is set', async () => {
    const router = await open('/faq')
    expect(router.history.location.pathname).toBe('/faq')
  })

  it('sends a blocked visitor to /no-access from any page, in their language', async () => {
    useGeo.getState().set({ blocked: true })
    const router = await open('/ru/bonuses?promo=x', 'ru')
    expect(router.state.location.href).toBe('/no-access')
    expect(router.history.location.pathname).toBe('/ru/no-access')
    await router.navigate({ to: '/faq' })
    expect(router.history.location.pathname).toBe('/ru/no-access')
  })

  it("follows the host's rules: a page of the site keeps the language and takes the query", async () => {
    useGeo.getState().set({
      routeRules: [{ path: '/games/cases/*', to: '/error?errorCode=404' }],
    })
    const router = await open('/kz/games/cases/starter', 'kz')
    expect(router.history.location.pathname).toBe('/kz/error')
    expect(router.state.location.search).toEqual({ errorCode: 404 })
  })

  it('a late 451 moves the open page once', () => {
    const go = vi.fn()
    const stop = followGeoBlock(go)
    useGeo.getState().set({ region: 'KZ' })
    expect(go).not.toHaveBeenCalled()
    useGeo.getState().set({ blocked: true })
    useGeo.getState().set({ mirrors: [] })
    expect(go).toHaveBeenCalledTimes(1)
    stop()
  })

  it('decides the first load before the router starts: blocked, internal and external rules', () => {
    expect(firstLoadRedirect('/ru/top', 'ru')).toBeNull()
    useGeo.getState().set({
      routeRules: [
        { path: '/games/crash', to: '/error?errorCode=404' },
        { path: '/bonuses', to: 'https://promo.example/b' },
      ],
    })
    expect(firstLoadRedirect('/kz/games/crash', 'kz')).toEqual({
      type: 'replace',
      url: '/kz/error?errorCode=404',
    })
    expect(firstLoadRedirect('/bonuses', 'en')).toEqual({
      type: 'leave',
      href: 'https://promo.example/b',
    })
    useGeo.getState().set({ blocked: true })
    expect(firstLoadRedirect('/ru/bonuses', 'ru')).toEqual({
      type: 'replace',
      url: '/ru/no-access',
    })
    expect(firstLoadRedirect('/ru/no-access', 'ru')).toBeNull()
  })
})
