/**
 * The stateful games' HTTP calls, under the API prefix: the public proof of any round of any of
 * them (`GET /api/games/rounds/:id`, games/kit/stateful/proof.ts `roundProofResponse`), as the
 * instant games serve any bet's (`/games/<game>?bet=<id>` opens either). One route serves every
 * stateful game of the app: each game's module adds its rules to it.
 */
import type { FastifyInstance } from 'fastify'
import { ROUND_PROOF_PATH, betProofParams } from '../../../../contract'
import { messageError } from '../../../http/errors'
import { parseParams } from '../../../http/parse'
import type { Services } from '../../../services'
import { roundProof, type ProofRules } from './proof'

/** What the proof route reads of a game: its id and its rules (loaded when first asked). */
export interface StatefulRoutesGame {
  readonly id: string
  readonly logic: () => Promise<{ readonly rules: ProofRules }>
}

/** The games whose rounds an app's proof route serves, by the `/api` scope they registered on. */
const served = new WeakMap<FastifyInstance, Map<string, StatefulRoutesGame>>()

/**
 * The routes of one stateful game (its module's `routes`): the first game of an app registers the
 * proof route, every game adds its rules to it.
 */
export function statefulRoutes(
  game: StatefulRoutesGame,
): (app: FastifyInstance, services: Services) => void {
  return (app, s) => {
    const known = served.get(app)
    if (known) {
      known.set(game.id, game)
      return
    }
    const games = new Map([[game.id, game]])
    served.set(app, games)
    const rulesOf = async (id: string) => {
      const found = games.get(id)
      return found ? (await found.logic()).rules : null
    }
    // Public, as an instant bet's proof: it names no player, round ids are random, and an open
    // round's proof holds nothing secret. A malformed id is a 404 as an unknown one.
    app.get(`${ROUND_PROOF_PATH.replace(/^\/api/, '')}/:id`, async (req) => {
      const { id } = parseParams(betProofParams, req)
      const proof = await roundProof(s.db, rulesOf, id)
      if (!proof) throw messageError(404, 'not_found', { round: id })
      return proof
    })
  }
}
