import {
  lazyRouteComponent,
  createRootRoute,
  createRoute,
  notFound,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router'
import type { ComponentType } from 'react'
import {
  INSTANT_GAMES,
  STATEFUL_GAMES,
  type RegisteredInstantGame,
  type StatefulGameId,
} from '../../games/registry'
import type { GameService } from '../api'
import { loadNamespaces } from '../i18n'
import { RootLayout } from '../layouts/RootLayout'
import { ContentPage } from '../pages/ContentPage'
import { ErrorPage } from '../pages/ErrorPage'
import { GamePagePending } from '../pages/GamePagePending'
import { LobbyPage } from '../pages/lobby/LobbyPage'
import { NoAccessPage } from '../pages/NoAccessPage'
import { NotFoundPage } from '../pages/NotFoundPage'
import { ProfileLayoutLazy, profilePage } from '../pages/profile/routes'
import { FatalRouteError } from '../features/errors/FatalRouteError'
import { gameServiceUrl } from '../features/session/serviceUrls'
import { geoGuard } from '../features/geo/guard'
import type { InstantGameShellProps } from '../pages/InstantGamePage'
import type { StatefulGameShellProps } from '../pages/StatefulGamePage'
import { INSTANT_GAME_LOADERS, STATEFUL_GAME_LOADERS } from './gameLoaders'
import { INVALID_PARAMS, paramsSchema, parseErrorCode } from './params'
import {
  PAGE_NAMESPACES,
  ROUTES,
  paramNames,
  routeNamespaces,
  type PageKind,
  type RouteEntry,
} from './table'

/** The texts a built page loads with its route (the table's `lazy`, which the server preloads). */
function lazyNamespaces(id: string): readonly string[] {
  const entry = ROUTES.find((r) => r.id === id)
  if (!entry?.lazy) throw new Error(`[routes] no lazy page for ${id}`)
  return routeNamespaces(entry)
}

/**
 * The crash page brings PixiJS, the game and the game kit's texts; it loads when a player opens
 * it, so the lobby's first load stays small (`npm run bench -- bundle`). The game's service URL
 * is asked for meanwhile, so the page draws the game in its first frame (nothing moves).
 */
const CrashPageLazy = lazyRouteComponent(
  () =>
    Promise.all([
      import('../pages/CrashPage'),
      loadNamespaces(lazyNamespaces('crash')),
      gameServiceUrl('crash').catch(() => undefined),
    ]).then(([page]) => page),
  'CrashPage',
)

/**
 * The rooms' pages, likewise: the three at a glance (`/games/rooms`) and each room's own, with
 * the `general` service's URL, which serves the rooms.
 */
const roomsPage = (id: string, load: () => Promise<Record<string, RouteComponent>>, name: string) =>
  lazyRouteComponent(
    () =>
      Promise.all([
        load(),
        loadNamespaces(lazyNamespaces(id)),
        gameServiceUrl('general').catch(() => undefined),
      ]).then(([page]) => page),
    name,
  )
const loadRoomPage = () => import('../pages/RoomPage')

/** The shell's props of a game with proofs by URL, as both families' generic pages take them. */
type FamilyGameProps = InstantGameShellProps & StatefulGameShellProps

/**
 * An instant or a stateful game's page, likewise: the game (its loader, src/routes/gameLoaders.ts:
 * PixiJS, the game and the kit) and its texts load with the route, and the URLs of its service and
 * of the `general` service, whose live tables show under the game. The page around it is the
 * shell's generic page of the game's family.
 */
function familyGamePage(
  { id, service }: { id: string; service: GameService },
  loadGame: () => Promise<ComponentType<FamilyGameProps>>,
  loadPage: () => Promise<ComponentType<FamilyPageProps>>,
): RouteComponent {
  return lazyRouteComponent(() =>
    Promise.all([
      loadGame(),
      loadNamespaces(lazyNamespaces(id)),
      gameServiceUrl(service).catch(() => undefined),
      gameServiceUrl('general').catch(() => undefined),
      // The page around the game loads with it: statically, it would bring the kit (and with it
      // xstate, socket.io and the panels) into the entry's chunk, which the lobby loads.
      loadPage(),
    ]).then(([Game, , , , Page]) => ({
      default: function FamilyGameRoute() {
        return <Page id={id} service={service} Game={Game} />
      },
    })),
  )
}

/** The props of a family's generic page. */
interface FamilyPageProps {
  id: string
  service: GameService
  Game: ComponentType<FamilyGameProps>
}

const instantGamePage = (game: RegisteredInstantGame) =>
  familyGamePage(game, INSTANT_GAME_LOADERS[game.id], () =>
    import('../pages/InstantGamePage').then((m) => m.InstantGamePage),
  )

/** What a stateful game's route reads of its definition. */
type StatefulGameFacts = { id: StatefulGameId; service: GameService }

const statefulGamePage = (game: StatefulGameFacts) =>
  familyGamePage(game, STATEFUL_GAME_LOADERS[game.id], () =>
    import('../pages/StatefulGamePage').then((m) => m.StatefulGamePage),
  )

/** A case's page (`/games/cases/{slug}`), likewise: cases' second route, the live tables too. */
const CasePageLazy = lazyRouteComponent(
  () =>
    Promise.all([
      import('../pages/CasePage'),
      loadNamespaces(lazyNamespaces('case')),
      gameServiceUrl('cases').catch(() => undefined),
      gameServiceUrl('general').catch(() => undefined),
    ]).then(([page]) => page),
  'CasePage',
)

/** The password-reset pages (issue #5) bring their machines and forms only when opened. */
const PasswordResetPageLazy = lazyRouteComponent(
  () => import('../pages/PasswordResetPage'),
  'PasswordResetPage',
)
const ResetPasswordPageLazy = lazyRouteComponent(
  () => import('../pages/ResetPasswordPage'),
  'ResetPasswordPage',
)

/** Routes of the table whose placeholder page has been replaced by the built one. */
const BUILT_PAGES: Readonly<Record<string, RouteComponent>> = {
  home: LobbyPage,
  crash: CrashPageLazy,
  rooms: roomsPage('rooms', () => import('../pages/RoomsPage'), 'RoomsPage'),
  roomRed: roomsPage('roomRed', loadRoomPage, 'RoomRedPage'),
  roomYellow: roomsPage('roomYellow', loadRoomPage, 'RoomYellowPage'),
  roomPurple: roomsPage('roomPurple', loadRoomPage, 'RoomPurplePage'),
  ...Object.fromEntries(INSTANT_GAMES.map((game) => [game.id, instantGamePage(game)])),
  ...Object.fromEntries(
    // Typed by its fields: while no stateful game is registered, the list's element is `never`.
    STATEFUL_GAMES.map((game: StatefulGameFacts) => [game.id, statefulGamePage(game)]),
  ),
  case: CasePageLazy,
  passwordReset: PasswordResetPageLazy,
  resetPassword: ResetPasswordPageLazy,
}

declare module '@tanstack/react-router' {
  /** Route metadata the layouts read from the deepest match. */
  interface StaticDataRouteOption {
    routeId?: string
    titleKey?: string
    descriptionKey?: string
    metaKey?: string
    game?: boolean
    fullWidth?: boolean
    layout?: 'default' | 'no-access'
    policy?: RouteEntry['policy']
  }
}

const pages: Record<PageKind, RouteComponent> = {
  content: ContentPage,
  error: ErrorPage,
  // Their texts load in the route's loader (below), before the page is drawn.
  faq: lazyRouteComponent(() => import('../pages/FaqPage'), 'FaqPage'),
  policy: lazyRouteComponent(() => import('../pages/PolicyPage'), 'PolicyPage'),
  'no-access': NoAccessPage,
}

/** `/tournament/:id` → `/tournament/$id`, TanStack's param syntax. */
export function toRouterPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '$$$1')
}

const rootRoute = createRootRoute({
  // Blocked regions and host route rules redirect before any page loads (src/features/geo).
  beforeLoad: ({ location }) => geoGuard(location),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: FatalRouteError,
})

function options(entry: RouteEntry) {
  const schema = paramNames(entry.path).length > 0 ? paramsSchema(entry.path) : null
  return {
    // Built pages (BUILT_PAGES) replace their placeholder; the table keeps their metadata.
    component: BUILT_PAGES[entry.id] ?? pages[entry.page],
    // Rendered in the route's own place, so a failed param check keeps the layout around it.
    notFoundComponent: NotFoundPage,
    // A built game's code (Pixi, the game, its texts) loads with its route: past the router's
    // default wait (pendingMs, 1 s) the route shows that it is loading instead of the old page.
    pendingComponent: entry.game ? () => <GamePagePending id={entry.id} /> : undefined,
    staticData: {
      routeId: entry.id,
      titleKey: entry.titleKey,
      descriptionKey: entry.descriptionKey,
      metaKey: entry.metaKey,
      game: entry.game ?? false,
      fullWidth: entry.fullWidth ?? false,
      layout: entry.layout ?? 'default',
      policy: entry.policy,
    },
    // Only a wait: if the texts fail to load, the page opens in its own loading state, as before.
    loader: PAGE_NAMESPACES[entry.page]
      ? () => loadNamespaces(PAGE_NAMESPACES[entry.page] ?? []).catch(() => undefined)
      : undefined,
    beforeLoad: schema
      ? ({ params }: { params: Record<string, string> }) => {
          if (!schema.safeParse(params).success)
            throw notFound({ data: { reason: INVALID_PARAMS } })
        }
      : undefined,
    validateSearch:
      entry.page === 'error'
        ? (search: Record<string, unknown>) => ({ errorCode: parseErrorCode(search.errorCode) })
        : undefined,
  }
}

/** /profile is a layout (sub-navigation) whose index is the profile main page. */
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'profile',
  component: ProfileLayoutLazy,
})

const children: AnyRoute[] = []
const profileChildren: AnyRoute[] = []
for (const entry of ROUTES) {
  if (entry.path === '/profile') {
    profileChildren.push(
      createRoute({
        getParentRoute: () => profileRoute,
        path: '/',
        ...options(entry),
        component: profilePage(entry.id),
      }),
    )
  } else if (entry.path.startsWith('/profile/')) {
    const path = toRouterPath(entry.path.slice('/profile/'.length))
    profileChildren.push(
      createRoute({
        getParentRoute: () => profileRoute,
        path,
        ...options(entry),
        component: profilePage(entry.id),
      }),
    )
  } else {
    const path = entry.path === '/' ? '/' : toRouterPath(entry.path.slice(1))
    children.push(createRoute({ getParentRoute: () => rootRoute, path, ...options(entry) }))
  }
}

/** The one route tree; locale prefixes live in the router's rewrite, not here. */
export const routeTree = rootRoute.addChildren([
  ...children,
  profileRoute.addChildren(profileChildren),
])
