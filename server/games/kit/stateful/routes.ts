/**
 * A stateful game's HTTP calls, under the API prefix: the public proof of any of its rounds
 * (`GET /api/games/<game>/rounds/:id`, contract/games.ts `statefulRoundProofResponse`), as the
 * instant games serve any bet's (`/games/<game>?bet=<id>` opens either).
 */
import type { FastifyInstance } from 'fastify'
import { betProofParams, statefulRoundProofPath } from '../../../../contract'
import type { StatefulRules } from '../../../../games/kit/stateful/rules'
import { messageError } from '../../../http/errors'
import { parseParams } from '../../../http/parse'
import type { Services } from '../../../services'
import { roundProof } from './proof'

/** What the proof route reads of a game: its id and its rules (loaded when first asked). */
export interface StatefulRoutesGame {
  readonly id: string
  readonly logic: () => Promise<{
    readonly rules: Pick<
      StatefulRules<unknown, unknown, unknown, unknown, unknown, unknown>,
      'reveal'
    >
  }>
}

/** The routes of one stateful game (its module's `routes`). */
export function statefulRoutes(
  game: StatefulRoutesGame,
): (app: FastifyInstance, services: Services) => void {
  return (app, s) => {
    // Public, as an instant bet's proof: it names no player, round ids are random, and an open
    // round's proof holds nothing secret. A malformed id is a 404 as an unknown one.
    app.get(`${statefulRoundProofPath(game.id).replace(/^\/api/, '')}/:id`, async (req) => {
      const { id } = parseParams(betProofParams, req)
      const { rules } = await game.logic()
      const proof = await roundProof(s.db, game, rules, id)
      if (!proof) throw messageError(404, 'not_found', { round: id })
      return proof
    })
  }
}
