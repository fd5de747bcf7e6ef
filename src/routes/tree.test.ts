import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { GAMES } from '../../games/registry'
import { createAppRouter } from './router'
import { INVALID_PARAMS } from './params'
import { ROUTES, routeManifest } from './table'
import { routeTree, toRouterPath } from './tree'

/** Full paths of the routes that render a page (leaves), in the table's `:param` form. */
function leafPaths(route: AnyRoute): string[] {
  const children = (route.children ?? []) as AnyRoute[]
  if (children.length === 0) {
    const full = (route.fullPath as string).replace(/\/$/, '') || '/'
    return [full.replace(/\$([A-Za-z]+)/g, ':$1')]
  }
  return children.flatMap(leafPaths)
}

async function open(href: string, locale: 'en' | 'ru' | 'kz' = 'en') {
  const router = createAppRouter(locale, createMemoryHistory({ initialEntries: [href] }))
  await router.load()
  const leaf = router.state.matches[router.state.matches.length - 1]
  return { router, leaf }
}

// Opening a game route loads its page, whose canvas host starts loading Pixi's platform in test
// builds without waiting (games/engine/canvas/CanvasHost.tsx): let that load end before the
// file's environment is torn down, or it fails the run as an unhandled rejection.
afterAll(() => import('../../games/engine/canvas/pixiPlatform').then(() => undefined))

describe('route tree and route table', () => {
  it('have exactly the same paths', () => {
    // Full paths are resolved when a router initialises the tree.
    createAppRouter('en', createMemoryHistory())
    const tree = leafPaths(routeTree as unknown as AnyRoute).sort()
    const table = ROUTES.map((r) => r.path).sort()
    expect(tree).toEqual(table)
    expect(new Set(table).size).toBe(table.length)
  })

  it('covers every path of SPEC.md section 2', () => {
    const spec = [
      '/',
      '/betting',
      '/bonuses',
      '/error',
      '/faq',
      '/no-access',
      '/password/reset',
      '/reset-password/:token',
      '/top',
      '/vip-club',
      '/welcome-pack',
      '/tournaments',
      '/tournaments/:status',
      '/tournament/:id',
      '/games/cases',
      '/games/cases/:slug',
      ...['coinflip', 'crash', 'dice', 'hilo', 'keno', 'miner', 'roulette'].map(
        (g) => `/games/${g}`,
      ),
      '/games/slots',
      '/games/slots/:slots/demo',
      '/games/slots/:slots/play',
      '/games/live-casino',
      '/games/live-casino/:slots/demo',
      '/games/live-casino/:slots/play',
      '/games/rooms',
      '/games/rooms/purple',
      '/games/rooms/red',
      '/games/rooms/yellow',
      '/policy/en/kyc',
      '/policy/en/user-agreement',
      '/policy/ru/confidential',
      '/policy/ru/user-agreement',
      '/profile',
      '/profile/access',
      '/profile/bonuses',
      '/profile/history',
      '/profile/setting',
    ]
    expect(ROUTES.map((r) => r.path).sort()).toEqual(spec.sort())
  })

  it('writes a manifest whose params all carry a pattern', () => {
    const manifest = routeManifest()
    expect(manifest.locales).toEqual(['ru', 'kz'])
    const tournament = manifest.patterns.find((p) => p.path === '/tournament/:id')
    expect(tournament?.params).toEqual({ id: '^[1-9][0-9]{0,9}$' })
    for (const pattern of manifest.patterns) {
      for (const regex of Object.values(pattern.params))
        expect(() => new RegExp(regex)).not.toThrow()
    }
  })

  it('names, for each page loaded with its route, the modules the tree imports', () => {
    // The server preloads what the table names (dist/routes.json): a module the tree no longer
    // imports would be fetched for nothing, and the page's own one not at all.
    // An instant game's route loads its module through src/routes/gameLoaders.ts.
    const tree = ['tree.tsx', 'gameLoaders.ts']
      .map((file) => readFileSync(join(import.meta.dirname, file), 'utf8'))
      .join('\n')
    const lazy = ROUTES.filter((r) => r.lazy)
    // Besides each game's route, a case's own page (/games/cases/{slug}), each room's
    // (/games/rooms/<room>), the FAQ and the policies.
    expect(lazy.map((r) => r.id).sort()).toEqual(
      [
        ...GAMES.map((game) => game.id),
        'case',
        'roomPurple',
        'roomRed',
        'roomYellow',
        'faq',
        ...ROUTES.filter((r) => r.page === 'policy').map((r) => r.id),
      ].sort(),
    )
    for (const { lazy: page } of lazy) {
      expect(page!.modules.length).toBeGreaterThan(0)
      for (const named of page!.modules) {
        const module = named
          .replace(/^src\//, '../')
          .replace(/^games\/([a-z-]+)\/index\.ts$/, '../../games/$1')
          .replace(/\.tsx$/, '')
        expect(tree).toContain(`import('${module}')`)
      }
    }
    // An instant game's page is the shell's one around the game: both load with the route.
    const dice = lazy.find((r) => r.id === 'dice')
    expect(dice?.lazy?.modules).toEqual(['games/dice/index.ts', 'src/pages/InstantGamePage.tsx'])
  })

  it('converts params to the router syntax', () => {
    expect(toRouterPath('/games/slots/:slots/demo')).toBe('/games/slots/$slots/demo')
  })
})

describe('matching', () => {
  it('matches every table route with sample params and marks game pages', async () => {
    const samples: Record<string, string> = {
      token: 'abcdefghijklmnop',
      status: 'active',
      id: '7',
      slug: 'gold-case',
      slots: 'book-of-dead',
    }
    for (const entry of ROUTES) {
      const href = entry.path.replace(/:([A-Za-z]+)/g, (_, name: string) => samples[name] ?? '')
      const { leaf } = await open(href)
      expect(leaf?.status, href).toBe('success')
      expect(leaf?.staticData.routeId, href).toBe(entry.id)
      expect(leaf?.staticData.game, href).toBe(entry.game ?? false)
    }
  })

  it('reads ru and kz prefixes through the rewrite and keeps them in built links', async () => {
    const { router, leaf } = await open('/ru/games/crash', 'ru')
    expect(leaf?.staticData.routeId).toBe('crash')
    expect(router.state.location.pathname).toBe('/games/crash')
    expect(router.buildLocation({ to: '/bonuses' }).publicHref).toBe('/ru/bonuses')
    const kz = await open('/kz', 'kz')
    expect(kz.leaf?.staticData.routeId).toBe('home')
    expect(kz.router.buildLocation({ to: '/top' }).publicHref).toBe('/kz/top')
  })

  it('turns a failed param validation into a not-found with the invalid-params marker', async () => {
    for (const href of [
      '/tournament/0',
      '/tournaments/past',
      '/games/cases/Bad',
      '/reset-password/x',
    ]) {
      const { leaf } = await open(href)
      expect(leaf?.status, href).toBe('notFound')
      expect(leaf?.error, href).toMatchObject({ data: { reason: INVALID_PARAMS } })
    }
  })

  it('leaves an unmatched path to the global not-found', async () => {
    const { router } = await open('/no/such/page')
    expect(router.state.matches.some((m) => m._notFound)).toBe(true)
  })

  it('parses errorCode on /error', async () => {
    expect((await open('/error?errorCode=451')).leaf?.search).toEqual({ errorCode: 451 })
    expect((await open('/error?errorCode=abc')).leaf?.search).toEqual({ errorCode: undefined })
  })
})
