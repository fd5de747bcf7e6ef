import { z } from 'zod/mini'
import { storable } from './common'

/**
 * The games catalogue (docs/catalogue.md): slots and live tables, their providers and genre
 * categories, searched and paged by the server; a signed-in player's favourites and recently
 * played games. Lists are public; favourites and recent need a session.
 */

/** Where the catalogue calls live. */
export const CATALOGUE_PATH = '/api/catalogue'

/** A game's or a provider's id: lower-case words of letters and digits joined by `-`. */
export const catalogueSlug = z.string().check(z.maxLength(64), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/))

/** Slots or live casino: the two lobbies (`/games/slots`, `/games/live-casino`). */
export const gameKind = z.enum(['slot', 'live'])
export type GameKind = z.infer<typeof gameKind>

/**
 * Genre tags (the client translates `catalogue.category.{id}`). "new" and "popular" are not
 * among them: they are the sorts `new` and `popular`, computed, never stale tags.
 */
export const CATALOGUE_CATEGORIES = [
  'megaways',
  'jackpot',
  'bonus-buy',
  'book',
  'fruit',
  'classic',
  'cluster',
  'table',
  'roulette',
  'blackjack',
  'baccarat',
  'poker',
  'game-show',
] as const
export const catalogueCategory = z.enum(CATALOGUE_CATEGORIES)
export type CatalogueCategory = z.infer<typeof catalogueCategory>

/** How a list is ordered: most played first, newest release first, or by title A to Z. */
export const catalogueSort = z.enum(['popular', 'new', 'title'])
export type CatalogueSort = z.infer<typeof catalogueSort>

/** Page sizes of GET /catalogue/games. */
export const CATALOGUE_LIMIT = { default: 24, max: 100 } as const
/** The longest search text, after trimming. */
export const CATALOGUE_QUERY_MAX = 64

/**
 * GET /catalogue/games query. `q` is a case-insensitive part of the title (trimmed; empty means
 * none); `cursor` is the previous page's `next_cursor`, opaque, valid for the same `sort`.
 */
export const catalogueGamesQuery = z.object({
  kind: z.optional(gameKind),
  category: z.optional(catalogueCategory),
  provider: z.optional(catalogueSlug),
  q: z.optional(z.string().check(z.trim(), z.maxLength(CATALOGUE_QUERY_MAX), storable())),
  sort: z._default(catalogueSort, 'popular'),
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,600}$/))),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(CATALOGUE_LIMIT.max))),
    CATALOGUE_LIMIT.default,
  ),
})
/** The query as the client sends it (the schema coerces the query string on the server). */
export interface CatalogueGamesQuery {
  readonly kind?: GameKind
  readonly category?: CatalogueCategory
  readonly provider?: string
  readonly q?: string
  readonly sort?: CatalogueSort
  readonly cursor?: string
  readonly limit?: number
}

/** GET /catalogue/providers and /catalogue/categories query: one lobby's, or both. */
export const catalogueKindQuery = z.object({ kind: z.optional(gameKind) })

/** Path parameters naming one game. */
export const catalogueGameParams = z.object({ id: catalogueSlug })

/**
 * A game as the lobby shows it. `image` is a URL path (a generated picture unless the operator
 * gave one); `released_at` is `YYYY-MM-DD`; `is_demo_data` marks the fictitious catalogue.
 */
export const catalogueGame = z.object({
  id: catalogueSlug,
  title: z.string(),
  kind: gameKind,
  provider: z.object({ id: catalogueSlug, name: z.string() }),
  categories: z.array(catalogueCategory),
  released_at: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  popularity: z.int().check(z.nonnegative()),
  has_demo: z.boolean(),
  image: z.string(),
  is_demo_data: z.boolean(),
})
export type CatalogueGame = z.infer<typeof catalogueGame>

/** GET /catalogue/games answer: one page, and the cursor of the next (null on the last). */
export const catalogueGamesResponse = z.object({
  data: z.array(catalogueGame),
  next_cursor: z.nullable(z.string()),
})
export type CatalogueGamesResponse = z.infer<typeof catalogueGamesResponse>

/** GET /catalogue/games/:id answer. */
export const catalogueGameResponse = z.object({ data: catalogueGame })
export type CatalogueGameResponse = z.infer<typeof catalogueGameResponse>

/** GET /catalogue/providers answer: providers with a game of the kind, by name, with counts. */
export const catalogueProvidersResponse = z.object({
  data: z.array(
    z.object({
      id: catalogueSlug,
      name: z.string(),
      games: z.int().check(z.positive()),
      is_demo_data: z.boolean(),
    }),
  ),
})
export type CatalogueProvidersResponse = z.infer<typeof catalogueProvidersResponse>

/** GET /catalogue/categories answer: the categories with a game of the kind, with counts. */
export const catalogueCategoriesResponse = z.object({
  data: z.array(z.object({ id: catalogueCategory, games: z.int().check(z.positive()) })),
})
export type CatalogueCategoriesResponse = z.infer<typeof catalogueCategoriesResponse>

/** GET /catalogue/favourites answer: the player's favourites, the latest added first. */
export const catalogueFavouritesResponse = z.object({ data: z.array(catalogueGame) })
export type CatalogueFavouritesResponse = z.infer<typeof catalogueFavouritesResponse>

/** How many recently played games GET /catalogue/recent lists. */
export const CATALOGUE_RECENT_LIMIT = 20

/** GET /catalogue/recent answer: the games the player launched, the latest first. */
export const catalogueRecentResponse = z.object({
  data: z.array(z.object({ game: catalogueGame, played_at: z.string() })),
})
export type CatalogueRecentResponse = z.infer<typeof catalogueRecentResponse>
