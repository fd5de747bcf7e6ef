import { GAMES, type GameFamily, type RegisteredGame } from '../../games/registry'
import { PREFIXED_LOCALES } from '../i18n/locales'

/**
 * The route table of SPEC.md section 2 as plain data. The React route tree is built from it
 * (src/routes/tree.tsx) and the build writes it to dist/routes.json, so the server answers 404 for
 * the same paths the client does. No React here: scripts/vite/manifests.ts imports this file.
 */

/** Regular expressions (as strings, for JSON) that path params must match. */
export const PARAM_PATTERNS = {
  status: '^(active|upcoming|finished)$',
  id: '^[1-9][0-9]{0,9}$',
  slug: '^[a-z0-9][a-z0-9-]{0,63}$',
  slots: '^[a-z0-9][a-z0-9-]{0,63}$',
  token: '^[A-Za-z0-9_-]{16,256}$',
} as const

/** A name of a path param that the table knows how to validate. */
export type ParamName = keyof typeof PARAM_PATTERNS

/** Which component renders a route; `content` is a titled placeholder until its issue lands. */
export type PageKind = 'content' | 'error' | 'faq' | 'policy' | 'no-access'

/** One route. `path` uses `:name` params, the form servers and routers outside TanStack read. */
export interface RouteEntry {
  /** Stable id, also the key prefix of its texts in the `pages` namespace. */
  id: string
  path: string
  page: PageKind
  /** i18n key of the <h1> and the document title. */
  titleKey: string
  /** i18n key of the one-line description shown by content pages (interpolates the params). */
  descriptionKey?: string
  /**
   * i18n key of the page's `<meta name="description">` (interpolates the params): the content
   * pages' own description, a line of its own for every other page.
   */
  metaKey: string
  /** An in-house game or a slot/live-casino player: no page padding, wider main. */
  game?: boolean
  /** Content spans the whole width instead of the reading column. */
  fullWidth?: boolean
  /** The own layout of /no-access, without header and footer. */
  layout?: 'default' | 'no-access'
  /** Policy pages: which document of policy.json, and which language is authoritative. */
  policy?: { doc: 'kyc' | 'userAgreement' | 'confidential'; authoritative: 'en' | 'ru' }
  /**
   * A built page loaded with its route (src/routes/tree.tsx): the modules the route imports
   * lazily before its first frame, and the on-demand texts it loads. The reference server names
   * their files in the page it serves (`modulepreload`), so they load beside the entry scripts.
   */
  lazy?: { modules: readonly string[]; namespaces: readonly string[] }
}

/**
 * The on-demand texts a page kind reads, loaded by its route before the page is drawn (the first
 * load waits for them too, src/main.tsx): a page drawn empty and filled later would push the
 * footer down under the reader's eyes.
 */
export const PAGE_NAMESPACES: Partial<Record<PageKind, readonly string[]>> = {
  faq: ['faq'],
  policy: ['policy'],
}

/** The on-demand texts of a route: its lazy page's, else its page kind's. */
export function routeNamespaces(entry: RouteEntry): readonly string[] {
  return entry.lazy?.namespaces ?? PAGE_NAMESPACES[entry.page] ?? []
}

const content = (id: string, path: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  id,
  path,
  page: 'content',
  titleKey: `pages:${id}.title`,
  descriptionKey: `pages:${id}.description`,
  metaKey: `pages:${id}.description`,
  ...extra,
})

/**
 * A route whose page is built (src/routes/tree.tsx replaces its placeholder): a title and no
 * placeholder line, which such a page never shows.
 */
const built = (id: string, path: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  id,
  path,
  page: 'content',
  titleKey: `pages:${id}.title`,
  metaKey: `pages:${id}.meta`,
  ...extra,
})

const game = { game: true, fullWidth: true } as const

/**
 * A registered game's route (games/registry.ts), `/games/<id>`, with the code and texts it loads
 * before its first frame: an instant or a stateful game's page is the shell's generic page of its
 * family around the game's module (`games/<id>/index.ts`, src/routes/gameLoaders.ts), both
 * imported by the route; a live game has its own page.
 */
function gameRoute(registered: RegisteredGame): RouteEntry {
  const { id } = registered
  const modules =
    registered.family === 'live'
      ? [livePages[registered.id]]
      : [`games/${id}/index.ts`, familyPages[registered.family]]
  return built(id, `/games/${id}`, { ...game, lazy: { modules, namespaces: [id, 'kit'] } })
}

/** The generic page of each family that has one (src/routes/tree.tsx draws the game in it). */
const familyPages: Record<Exclude<GameFamily, 'live'>, string> = {
  instant: 'src/pages/InstantGamePage.tsx',
  stateful: 'src/pages/StatefulGamePage.tsx',
}

/** The pages of the live games (their family has no generic page yet). */
const livePages: Record<Extract<RegisteredGame, { family: 'live' }>['id'], string> = {
  crash: 'src/pages/CrashPage.tsx',
  rooms: 'src/pages/RoomsPage.tsx',
}

/** A room's page (`/games/rooms/<room>`): the rooms' second route, with their texts and Pixi. */
const roomPage = {
  ...game,
  lazy: { modules: ['src/pages/RoomPage.tsx'], namespaces: ['rooms', 'kit'] },
} as const

/** Every path of the product. The i18n key test counts the title and description keys as used. */
export const ROUTES: readonly RouteEntry[] = [
  built('home', '/', { fullWidth: true }),
  content('betting', '/betting'),
  content('bonuses', '/bonuses'),
  {
    id: 'error',
    path: '/error',
    page: 'error',
    titleKey: 'errorPages:page.title',
    metaKey: 'errorPages:page.meta',
  },
  {
    id: 'faq',
    path: '/faq',
    page: 'faq',
    titleKey: 'faq:title',
    metaKey: 'pages:faq.meta',
    lazy: readingPage('src/pages/FaqPage.tsx', 'faq'),
  },
  {
    id: 'noAccess',
    path: '/no-access',
    page: 'no-access',
    titleKey: 'pages:noAccess.title',
    metaKey: 'pages:noAccess.description',
    layout: 'no-access',
  },
  built('passwordReset', '/password/reset'),
  built('resetPassword', '/reset-password/:token'),
  content('top', '/top'),
  content('vipClub', '/vip-club'),
  content('welcomePack', '/welcome-pack'),
  content('tournaments', '/tournaments'),
  content('tournamentsStatus', '/tournaments/:status'),
  content('tournament', '/tournament/:id'),
  ...GAMES.map(gameRoute),
  // A case's own page: cases' second route, beside the catalogue the registry's route shows.
  built('case', '/games/cases/:slug', {
    ...game,
    lazy: { modules: ['src/pages/CasePage.tsx'], namespaces: ['cases', 'kit'] },
  }),
  content('slots', '/games/slots'),
  content('slotDemo', '/games/slots/:slots/demo', game),
  content('slotPlay', '/games/slots/:slots/play', game),
  content('liveCasino', '/games/live-casino'),
  content('liveDemo', '/games/live-casino/:slots/demo', game),
  content('livePlay', '/games/live-casino/:slots/play', game),
  // Each room's own page, beside the three at a glance the registry's route shows.
  built('roomPurple', '/games/rooms/purple', roomPage),
  built('roomRed', '/games/rooms/red', roomPage),
  built('roomYellow', '/games/rooms/yellow', roomPage),
  policy('policyKyc', '/policy/en/kyc', 'kyc', 'en'),
  policy('policyUserAgreementEn', '/policy/en/user-agreement', 'userAgreement', 'en'),
  policy('policyConfidential', '/policy/ru/confidential', 'confidential', 'ru'),
  policy('policyUserAgreementRu', '/policy/ru/user-agreement', 'userAgreement', 'ru'),
  built('profile', '/profile'),
  built('profileAccess', '/profile/access'),
  built('profileBonuses', '/profile/bonuses'),
  built('profileHistory', '/profile/history'),
  built('profileSetting', '/profile/setting'),
]

function policy(
  id: string,
  path: string,
  doc: NonNullable<RouteEntry['policy']>['doc'],
  authoritative: 'en' | 'ru',
): RouteEntry {
  return {
    id,
    path,
    page: 'policy',
    titleKey: `policy:${doc}.title`,
    metaKey: `pages:policy.meta.${doc}`,
    policy: { doc, authoritative },
    lazy: readingPage('src/pages/PolicyPage.tsx', 'policy'),
  }
}

/**
 * The FAQ and the policies load with their routes, as the games do: few visitors open them, and
 * in the entry's chunk they were bytes every first load of the lobby paid for.
 */
function readingPage(module: string, kind: 'faq' | 'policy'): RouteEntry['lazy'] {
  return { modules: [module], namespaces: PAGE_NAMESPACES[kind] ?? [] }
}

/** Names of the `:params` in a path, in order. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string)
}

/** A path pattern with the regexes of its params, the shape written to dist/routes.json. */
export interface RoutePattern {
  path: string
  params: Record<string, string>
  /** What the route loads before its first frame (the build turns it into file names). */
  lazy?: { modules: readonly string[]; namespaces: readonly string[] }
}

/** The table as the server needs it: path patterns with param regexes, plus the locale prefixes. */
export function routeManifest(): { patterns: RoutePattern[]; locales: string[] } {
  return {
    patterns: ROUTES.map((r) => {
      const namespaces = routeNamespaces(r)
      const modules = r.lazy?.modules ?? []
      return {
        path: r.path,
        params: Object.fromEntries(
          paramNames(r.path).map((name) => [name, PARAM_PATTERNS[name as ParamName]]),
        ),
        ...(modules.length > 0 || namespaces.length > 0 ? { lazy: { modules, namespaces } } : {}),
      }
    }),
    locales: [...PREFIXED_LOCALES],
  }
}
