/**
 * The instant kit's HTTP calls, under the API prefix (contract/games.ts): the signed-in player's
 * seed pair (`GET`, `PUT` a client seed, `POST /rotate`) and the public proof of any instant bet
 * (`GET /games/bets/:id`).
 */
import type { FastifyInstance } from 'fastify'
import {
  BET_PROOF_PATH,
  SEEDS_PATH,
  betProofParams,
  clientSeedRequest,
  rotateSeedsRequest,
  type RotateSeedsResponse,
  type SeedPairResponse,
  type UserId,
} from '../../../../contract'
import { authOf, requireUser } from '../../../http/auth'
import { messageError } from '../../../http/errors'
import { parseBody, parseParams } from '../../../http/parse'
import type { Services } from '../../../services'
import { instantKit } from './kit'
import type { SeedPair } from './seeds'
import { betById, proofOf } from './store'

/** A path of the contract without the `/api` prefix the routes are registered under. */
const route = (path: string) => path.replace(/^\/api/, '')

function publicPair(pair: SeedPair): SeedPairResponse {
  return {
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: pair.nonce,
    next_server_seed_hash: pair.nextServerSeedHash,
  }
}

/** 409 while a stateful game is open: its rounds draw from the active pair. */
const gameInProgress = () => messageError(409, 'game_in_progress')

/** Registers the seeds and proof routes on the `/api` scope. */
export function instantRoutes(app: FastifyInstance, s: Services): void {
  const signedIn = { preHandler: requireUser(s) }
  const seeds = () => instantKit(s).seeds

  app.get(route(SEEDS_PATH), signedIn, async (req) => {
    return publicPair(await seeds().current(authOf(req).userId as UserId))
  })

  app.put(route(SEEDS_PATH), signedIn, async (req) => {
    const body = parseBody(clientSeedRequest, req)
    const pair = await seeds().setClientSeed(authOf(req).userId as UserId, body.client_seed)
    if (pair === 'game_in_progress') throw gameInProgress()
    return publicPair(pair)
  })

  app.post(`${route(SEEDS_PATH)}/rotate`, signedIn, async (req) => {
    const body = parseBody(rotateSeedsRequest, req)
    const rotated = await seeds().rotate(authOf(req).userId as UserId, body.client_seed)
    if (rotated === 'game_in_progress') throw gameInProgress()
    return {
      previous: {
        server_seed: rotated.previous.serverSeed,
        server_seed_hash: rotated.previous.serverSeedHash,
        client_seed: rotated.previous.clientSeed,
        nonce: rotated.previous.nonce,
      },
      active: publicPair(rotated.active),
    } satisfies RotateSeedsResponse
  })

  // Public: a proof names no player, and bet ids are random (they reveal nothing by guessing).
  // The id is checked at the wire (404 `not_found` for a malformed one, as an unknown one gets).
  app.get(`${route(BET_PROOF_PATH)}/:id`, async (req) => {
    const { id } = parseParams(betProofParams, req)
    const row = await betById(s.db, id)
    if (!row) throw messageError(404, 'not_found', { bet: id })
    return proofOf(row)
  })
}
