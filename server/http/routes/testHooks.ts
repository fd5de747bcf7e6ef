/**
 * The live games' test hooks over HTTP, registered only with `TEST_HOOKS=true` (never in
 * production mode): `POST /test-hooks/:game/reserve` holds the first upcoming round whose outcome
 * is within `minOutcome`..`maxOutcome` (its betting window, and with `holdNext` the opening of the
 * round after it), `POST /test-hooks/:game/release` lets the loop pass one held point (with `now`, a betting
 * window still open closes at once). The e2e
 * suite uses them to bet in a known round without racing the loop (server/testHooks.ts).
 * `POST /test-hooks/:game/hold` holds a given round at `start` and/or `next` (the rooms, whose
 * outcomes are not known in advance: a test holds a countdown's end or the next opening).
 * `POST /test-hooks/:game/kill` arms a SIGKILL of this process at one event of one round, for
 * the restart tests.
 * `POST /test-hooks/seeds/next` sets the signed-in player's next server seed, so that after a
 * rotation a test knows the outcomes of its instant bets.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { UserId } from '../../../contract'
import { instantKit } from '../../games/kit/instant/kit'
import type { Services } from '../../services'
import type { TestHooks } from '../../testHooks'
import { authOf, requireUser } from '../auth'
import { forbidden, messageError } from '../errors'
import { fromLoopback } from '../loopback'
import { parseBody, parseParams } from '../parse'

// A loop's name: `crash`, or a room's `rooms-red-RUB`.
const gameParams = z.object({ game: z.string().regex(/^[a-z][a-zA-Z-]{0,31}$/) })
const reserveBody = z.object({
  minOutcome: z.number().int().min(0).max(1e9).default(0),
  maxOutcome: z.number().int().min(0).max(1e9).optional(),
  holdNext: z.boolean().default(false),
})
const killBody = z.object({
  // A round's number (crash), or its wire id (a room's `red-RUB-3`).
  round: z.union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z.string().regex(/^[a-zA-Z0-9-]{1,64}$/),
  ]),
  event: z.string().regex(/^[a-zA-Z]{1,32}$/),
})
const nextSeedBody = z.object({ serverSeed: z.string().regex(/^[0-9a-f]{64}$/) })
const holdBody = z.object({
  round: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  points: z
    .array(z.enum(['start', 'next']))
    .min(1)
    .max(2),
})
const releaseBody = z.object({
  round: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  point: z.enum(['start', 'next']).default('start'),
  /** At `start`: end the round's betting window now rather than at its time. */
  now: z.boolean().default(false),
})

/**
 * Registers the hook routes on the `/api` scope, for clients on this machine only (403
 * `test_hooks_local_only` to others): a held round delays every player's game.
 */
export function testHookRoutes(
  api: FastifyInstance,
  hooks: TestHooks,
  trustProxy: boolean,
  services: Services,
): void {
  void api.register(async (app) => {
    app.addHook('onRequest', async (req) => {
      if (!fromLoopback(req, trustProxy)) throw forbidden('test_hooks_local_only')
    })
    hookRoutes(app, hooks)
    seedRoutes(app, services)
  })
}

/**
 * The signed-in player's next server seed (64 hex digits, the form real seeds have): the
 * active pair is unchanged, and the next rotation makes this seed active with nonce 0. Its
 * hash is committed as any next seed's is, so the proofs of those bets verify like any other.
 */
function seedRoutes(app: FastifyInstance, services: Services): void {
  app.post('/test-hooks/seeds/next', { preHandler: requireUser(services) }, async (req) => {
    const { serverSeed } = parseBody(nextSeedBody, req)
    const userId = authOf(req).userId as UserId
    const pair = await instantKit(services).seeds.setNextServerSeed(userId, serverSeed)
    return { nextServerSeedHash: pair.nextServerSeedHash }
  })
}

function hookRoutes(app: FastifyInstance, hooks: TestHooks): void {
  app.post('/test-hooks/:game/reserve', async (req) => {
    const { game } = parseParams(gameParams, req)
    const reserved = hooks.reserve(game, parseBody(reserveBody, req))
    if (!reserved) throw messageError(404, 'not_found', { game })
    return reserved
  })

  app.post('/test-hooks/:game/hold', async (req) => {
    const { game } = parseParams(gameParams, req)
    const { round, points } = parseBody(holdBody, req)
    if (!hooks.hold(game, round, points)) throw messageError(404, 'not_found', { game })
    return { held: round, points }
  })

  app.post('/test-hooks/:game/release', async (req) => {
    const { game } = parseParams(gameParams, req)
    const { round, point, now } = parseBody(releaseBody, req)
    if (!hooks.release(game, round, point, { now }))
      throw messageError(404, 'not_found', { game, round })
    return { released: round, point }
  })

  app.post('/test-hooks/:game/kill', async (req) => {
    const { game } = parseParams(gameParams, req)
    const { round, event } = parseBody(killBody, req)
    if (!hooks.killAt(game, round, event)) throw messageError(404, 'not_found', { game })
    return { armed: { game, round, event } }
  })
}
