import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  catalogueGameParams,
  catalogueGamesQuery,
  catalogueKindQuery,
  type CatalogueCategoriesResponse,
  type CatalogueFavouritesResponse,
  type CatalogueGameResponse,
  type CatalogueGamesResponse,
  type CatalogueProvidersResponse,
  type CatalogueRecentResponse,
  type SuccessResponse,
} from '../../../contract'
import { gameImageSvg } from '../../catalogue/image'
import {
  addFavourite,
  findGame,
  listCategories,
  listFavourites,
  listGames,
  listProviders,
  listRecent,
  removeFavourite,
} from '../../catalogue/store'
import type { Services } from '../../services'
import { authOf, requireUser } from '../auth'
import { messageError } from '../errors'
import { parseParams } from '../parse'
import { limit } from '../rateLimit'

/** Public lists may be cached briefly: they change when the catalogue does, rarely. */
const LIST_CACHE = 'public, max-age=60'
/** A picture changes only with its title; a day, revalidated by its ETag after. */
const IMAGE_CACHE = 'public, max-age=86400'

/**
 * A query a lobby sends: a bad one is 400 `bad_request` naming the first refused field and why
 * (`params.field`, `params.reason`), as the catalogue's calls are lobby requests, not forms.
 */
function parseCatalogueQuery<S extends z.core.$ZodType>(schema: S, req: FastifyRequest) {
  const result = z.safeParse(schema, req.query ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw messageError(400, 'bad_request', {
    field: issue?.path.map(String).join('.') || '_',
    reason: issue?.code ?? 'invalid',
  })
}

/**
 * The games catalogue (docs/catalogue.md): public lists, one game and its picture; a signed-in
 * player's favourites and recently played games (recorded by the launch pages through
 * `recordPlayed`, server/catalogue/store.ts).
 */
export function catalogueRoutes(app: FastifyInstance, s: Services): void {
  const signedIn = requireUser(s)

  app.get('/catalogue/games', async (req, reply) => {
    const q = parseCatalogueQuery(catalogueGamesQuery, req)
    const page = await listGames(s.db, { ...q, q: q.q === '' ? undefined : q.q })
    if (page === 'invalid_cursor') {
      throw messageError(400, 'bad_request', { field: 'cursor', reason: 'invalid_cursor' })
    }
    reply.header('cache-control', LIST_CACHE)
    return page satisfies CatalogueGamesResponse
  })

  app.get('/catalogue/games/:id', async (req, reply) => {
    const { id } = parseParams(catalogueGameParams, req)
    const game = await findGame(s.db, id)
    if (!game) throw messageError(404, 'not_found', { path: req.url })
    reply.header('cache-control', LIST_CACHE)
    return { data: game } satisfies CatalogueGameResponse
  })

  app.get('/catalogue/games/:id/image.svg', async (req, reply) => {
    const { id } = parseParams(catalogueGameParams, req)
    const game = await findGame(s.db, id)
    if (!game) throw messageError(404, 'not_found', { path: req.url })
    const svg = gameImageSvg({ id, title: game.title, providerName: game.provider.name })
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`
    reply
      .header('cache-control', IMAGE_CACHE)
      .header('etag', etag)
      // Opened on its own, the picture may run nothing and load nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    if (req.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply.type('image/svg+xml; charset=utf-8').send(svg)
  })

  app.get('/catalogue/providers', async (req, reply) => {
    const { kind } = parseCatalogueQuery(catalogueKindQuery, req)
    reply.header('cache-control', LIST_CACHE)
    return { data: await listProviders(s.db, kind) } satisfies CatalogueProvidersResponse
  })

  app.get('/catalogue/categories', async (req, reply) => {
    const { kind } = parseCatalogueQuery(catalogueKindQuery, req)
    reply.header('cache-control', LIST_CACHE)
    return { data: await listCategories(s.db, kind) } satisfies CatalogueCategoriesResponse
  })

  app.get('/catalogue/favourites', { preHandler: signedIn }, async (req) => {
    return {
      data: await listFavourites(s.db, authOf(req).userId),
    } satisfies CatalogueFavouritesResponse
  })

  const favourite = { preHandler: signedIn, config: limit(120) }
  app.put('/catalogue/favourites/:id', favourite, async (req) => {
    const { id } = parseParams(catalogueGameParams, req)
    if (!(await addFavourite(s.db, authOf(req).userId, id, s.now()))) {
      throw messageError(404, 'not_found', { path: req.url })
    }
    return { success: true } satisfies SuccessResponse
  })

  app.delete('/catalogue/favourites/:id', favourite, async (req) => {
    const { id } = parseParams(catalogueGameParams, req)
    if (!(await removeFavourite(s.db, authOf(req).userId, id))) {
      throw messageError(404, 'not_found', { path: req.url })
    }
    return { success: true } satisfies SuccessResponse
  })

  app.get('/catalogue/recent', { preHandler: signedIn }, async (req) => {
    return {
      data: await listRecent(s.db, authOf(req).userId),
    } satisfies CatalogueRecentResponse
  })
}
