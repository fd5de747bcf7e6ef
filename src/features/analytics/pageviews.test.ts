import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import type { Analytics } from './facade'
import { trackPageviews } from './pageviews'

/** A router with a few pages, on a memory history, as the app's router resolves them. */
function testRouter(href: string) {
  const rootRoute = createRootRoute()
  const routes = ['/', '/faq', '/games/$game'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path }),
  )
  return createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [href] }),
  })
}

function recorder() {
  const views: string[] = []
  const analytics = {
    pageview: (fullPath: string, origin: string) => views.push(`${origin}${fullPath}`),
  } as unknown as Analytics
  return { views, analytics }
}

describe('page views', () => {
  it('sends one $pageview per resolved route change, with path and query', async () => {
    const router = testRouter('/?utm_source=x')
    await router.load()
    const { views, analytics } = recorder()
    const stop = trackPageviews(router, analytics, 'https://t.example')
    expect(views).toEqual(['https://t.example/?utm_source=x'])

    await router.navigate({ to: '/faq' })
    await router.navigate({ to: '/games/$game', params: { game: 'dice' }, search: { a: 1 } })
    // The same page again (a reload of its data, a hash) is not a new page view.
    await router.invalidate()
    await router.navigate({
      to: '/games/$game',
      params: { game: 'dice' },
      search: { a: 1 },
      hash: 'x',
    })
    await router.navigate({ to: '/games/$game', params: { game: 'dice' }, search: { a: 2 } })
    expect(views).toEqual([
      'https://t.example/?utm_source=x',
      'https://t.example/faq',
      'https://t.example/games/dice?a=1',
      'https://t.example/games/dice?a=2',
    ])

    stop()
    await router.navigate({ to: '/' })
    expect(views).toHaveLength(4)
  })
})
