/**
 * The live games' test hooks over HTTP, registered only with `TEST_HOOKS=true` (never in
 * production mode): `POST /test-hooks/:game/reserve` holds the first upcoming round whose outcome
 * is within `minOutcome`..`maxOutcome` (its betting window, and with `holdNext` the opening of the
 * round after it), `POST /test-hooks/:game/release` lets the loop pass one held point. The e2e
 * suite uses them to bet in a known round without racing the loop (server/testHooks.ts).
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { TestHooks } from '../../testHooks'
import { messageError } from '../errors'
import { parseBody, parseParams } from '../parse'

const gameParams = z.object({ game: z.string().regex(/^[a-z]{1,32}$/) })
const reserveBody = z.object({
  minOutcome: z.number().int().min(0).max(1e9).default(0),
  maxOutcome: z.number().int().min(0).max(1e9).optional(),
  holdNext: z.boolean().default(false),
})
const releaseBody = z.object({
  round: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  point: z.enum(['start', 'next']).default('start'),
})

/** Registers the hook routes on the `/api` scope. */
export function testHookRoutes(app: FastifyInstance, hooks: TestHooks): void {
  app.post('/test-hooks/:game/reserve', async (req) => {
    const { game } = parseParams(gameParams, req)
    const reserved = hooks.reserve(game, parseBody(reserveBody, req))
    if (!reserved) throw messageError(404, 'not_found', { game })
    return reserved
  })

  app.post('/test-hooks/:game/release', async (req) => {
    const { game } = parseParams(gameParams, req)
    const { round, point } = parseBody(releaseBody, req)
    if (!hooks.release(game, round, point)) throw messageError(404, 'not_found', { game, round })
    return { released: round, point }
  })
}
