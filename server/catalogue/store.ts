import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_PATH,
  CATALOGUE_RECENT_LIMIT,
  type CatalogueCategoriesResponse,
  type CatalogueCategory,
  type CatalogueGame,
  type CatalogueProvidersResponse,
  type CatalogueSort,
  type GameKind,
} from '../../contract'
import type { Queryable } from '../db/db'
import { decodeCursor, encodeCursor, type CataloguePosition } from './cursor'
import { titleKey } from './demoCatalogue'

interface GameRow {
  id: string
  title: string
  kind: GameKind
  provider_id: string
  provider_name: string
  categories: CatalogueCategory[]
  released_at: string
  popularity: number
  has_demo: boolean
  image_path: string | null
  is_demo_data: boolean
}

// Dates as text: both drivers would otherwise make a local-time JS Date of a DATE.
const GAME_COLUMNS = `g.id, g.title, g.kind, g.provider_id, p.name AS provider_name, g.categories,
  to_char(g.released_at, 'YYYY-MM-DD') AS released_at, g.popularity, g.has_demo, g.image_path,
  g.is_demo_data`
const GAMES_FROM = `catalogue_games g JOIN catalogue_providers p ON p.id = g.provider_id`

/** The wire form of a game row; a game without its own picture gets the drawn one. */
function gameOf(r: GameRow): CatalogueGame {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    provider: { id: r.provider_id, name: r.provider_name },
    categories: r.categories,
    released_at: r.released_at,
    popularity: r.popularity,
    has_demo: r.has_demo,
    image: r.image_path ?? `${CATALOGUE_PATH}/games/${r.id}/image.svg`,
    is_demo_data: r.is_demo_data,
  }
}

/** Filters and position of one page of {@link listGames}. */
export interface GamesFilter {
  kind?: GameKind
  category?: CatalogueCategory
  provider?: string
  /** Trimmed search text; empty means none. */
  q?: string
  sort: CatalogueSort
  cursor?: string
  limit: number
}

/** The ORDER BY of each sort and the keyset condition "after position $a, $b" in that order. */
const SORTS: Record<CatalogueSort, { order: string; after: (a: string, b: string) => string }> = {
  popular: {
    order: 'g.popularity DESC, g.id COLLATE "C"',
    after: (a, b) => `(g.popularity < ${a} OR (g.popularity = ${a} AND g.id COLLATE "C" > ${b}))`,
  },
  new: {
    order: 'g.released_at DESC, g.id COLLATE "C"',
    after: (a, b) =>
      `(g.released_at < ${a}::date OR (g.released_at = ${a}::date AND g.id COLLATE "C" > ${b}))`,
  },
  title: {
    order: 'g.title_key COLLATE "C", g.id COLLATE "C"',
    after: (a, b) =>
      `(g.title_key COLLATE "C" > ${a} OR (g.title_key = ${a} AND g.id COLLATE "C" > ${b}))`,
  },
}

function positionOf(sort: CatalogueSort, r: GameRow & { title_key: string }): CataloguePosition {
  if (sort === 'popular') return { sort, value: r.popularity, id: r.id }
  if (sort === 'new') return { sort, value: r.released_at, id: r.id }
  return { sort, value: r.title_key, id: r.id }
}

/** `%` and `_` typed by a player are literal text, not LIKE wildcards. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * One page of games matching `filter`, in its sort's order, and the cursor of the next page.
 * Keyset paging (no OFFSET): a page costs the same at any depth, and a game added meanwhile
 * shifts nothing already seen. Returns `invalid_cursor` for a cursor this sort did not issue.
 */
export async function listGames(
  db: Queryable,
  filter: GamesFilter,
): Promise<{ data: CatalogueGame[]; next_cursor: string | null } | 'invalid_cursor'> {
  const params: unknown[] = []
  const arg = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const where: string[] = []
  if (filter.kind) where.push(`g.kind = ${arg(filter.kind)}`)
  if (filter.category) where.push(`g.categories @> ARRAY[${arg(filter.category)}]::text[]`)
  if (filter.provider) where.push(`g.provider_id = ${arg(filter.provider)}`)
  if (filter.q) where.push(`g.title_key LIKE ${arg(`%${likeText(titleKey(filter.q))}%`)}`)
  const sort = SORTS[filter.sort]
  if (filter.cursor !== undefined) {
    const after = decodeCursor(filter.cursor, filter.sort)
    if (!after) return 'invalid_cursor'
    where.push(sort.after(arg(after.value), arg(after.id)))
  }
  // One row more than asked says whether a next page exists.
  const rows = await db.query<GameRow & { title_key: string }>(
    `SELECT ${GAME_COLUMNS}, g.title_key FROM ${GAMES_FROM}
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${sort.order} LIMIT ${arg(filter.limit + 1)}`,
    params,
  )
  const page = rows.slice(0, filter.limit)
  const last = page[page.length - 1]
  return {
    data: page.map(gameOf),
    next_cursor:
      rows.length > filter.limit && last ? encodeCursor(positionOf(filter.sort, last)) : null,
  }
}

/** One game by id, or null. */
export async function findGame(db: Queryable, id: string): Promise<CatalogueGame | null> {
  const rows = await db.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM ${GAMES_FROM} WHERE g.id = $1`,
    [id],
  )
  return rows[0] ? gameOf(rows[0]) : null
}

/** Providers with at least one game (of `kind`, if given), by name, with their game counts. */
export async function listProviders(
  db: Queryable,
  kind: GameKind | undefined,
): Promise<CatalogueProvidersResponse['data']> {
  return db.query(
    `SELECT p.id, p.name, p.is_demo_data, count(*)::int AS games
     FROM catalogue_providers p JOIN catalogue_games g ON g.provider_id = p.id
     WHERE $1::text IS NULL OR g.kind = $1
     GROUP BY p.id, p.name, p.is_demo_data
     ORDER BY p.name COLLATE "C", p.id COLLATE "C"`,
    [kind ?? null],
  )
}

/** Categories with at least one game (of `kind`, if given), in the contract's order. */
export async function listCategories(
  db: Queryable,
  kind: GameKind | undefined,
): Promise<CatalogueCategoriesResponse['data']> {
  const rows = await db.query<{ id: CatalogueCategory; games: number }>(
    `SELECT c AS id, count(*)::int AS games
     FROM catalogue_games g CROSS JOIN LATERAL unnest(g.categories) AS c
     WHERE $1::text IS NULL OR g.kind = $1
     GROUP BY c`,
    [kind ?? null],
  )
  const order = (id: CatalogueCategory) => CATALOGUE_CATEGORIES.indexOf(id)
  return rows.sort((a, b) => order(a.id) - order(b.id))
}

/** Adds a favourite (again: no change). False when no game has the id. */
export async function addFavourite(
  db: Queryable,
  userId: number,
  gameId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    `WITH game AS (SELECT id FROM catalogue_games WHERE id = $2),
     added AS (
       INSERT INTO catalogue_favourites (user_id, game_id, created_at)
       SELECT $1, id, $3 FROM game ON CONFLICT DO NOTHING
     )
     SELECT 1 FROM game`,
    [userId, gameId, at],
  )
  return rows.length > 0
}

/** Removes a favourite (absent already: no change). False when no game has the id. */
export async function removeFavourite(
  db: Queryable,
  userId: number,
  gameId: string,
): Promise<boolean> {
  const rows = await db.query(
    `WITH game AS (SELECT id FROM catalogue_games WHERE id = $2),
     removed AS (DELETE FROM catalogue_favourites WHERE user_id = $1 AND game_id = $2)
     SELECT 1 FROM game`,
    [userId, gameId],
  )
  return rows.length > 0
}

/**
 * The player's favourites, the latest added first. Not paged: a player has at most one per game
 * of the catalogue, and the lobby marks them all at once.
 */
export async function listFavourites(db: Queryable, userId: number): Promise<CatalogueGame[]> {
  const rows = await db.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM catalogue_favourites f
       JOIN catalogue_games g ON g.id = f.game_id
       JOIN catalogue_providers p ON p.id = g.provider_id
     WHERE f.user_id = $1 ORDER BY f.created_at DESC, f.game_id COLLATE "C"`,
    [userId],
  )
  return rows.map(gameOf)
}

/**
 * Records that a player launched a game, for GET /catalogue/recent: the launch pages call it.
 * One row per player and game, its time moved forward (never back: a late, older call leaves the
 * newer time). Runs in the caller's transaction when given one. False when no game has the id.
 */
export async function recordPlayed(
  db: Queryable,
  userId: number,
  gameId: string,
  at: Date = new Date(),
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO catalogue_recent (user_id, game_id, played_at)
     SELECT $1, id, $3 FROM catalogue_games WHERE id = $2
     ON CONFLICT (user_id, game_id)
       DO UPDATE SET played_at = GREATEST(catalogue_recent.played_at, EXCLUDED.played_at)
     RETURNING 1`,
    [userId, gameId, at],
  )
  return rows.length > 0
}

/** The games the player launched most recently, the latest first. */
export async function listRecent(
  db: Queryable,
  userId: number,
): Promise<{ game: CatalogueGame; played_at: string }[]> {
  const rows = await db.query<GameRow & { played_at: Date }>(
    `SELECT ${GAME_COLUMNS}, r.played_at FROM catalogue_recent r
       JOIN catalogue_games g ON g.id = r.game_id
       JOIN catalogue_providers p ON p.id = g.provider_id
     WHERE r.user_id = $1 ORDER BY r.played_at DESC, r.game_id COLLATE "C" LIMIT $2`,
    [userId, CATALOGUE_RECENT_LIMIT],
  )
  return rows.map((r) => ({ game: gameOf(r), played_at: r.played_at.toISOString() }))
}
