/**
 * The crash game's HTTP reads, under the API prefix: `GET /games/crash/rounds/:id`, a finished
 * round's proof for the in-app verifier (a profile history link opens any round, not only the
 * last ones the socket snapshot carries).
 */
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod/mini'
import {
  PROTOCOL_VERSION,
  ROUND_PROOF_PATH,
  type roundProofSchema,
} from '../../../games/crash/protocol'
import { messageError } from '../../http/errors'
import type { Services } from '../../services'
import { roundIdOf } from './bet'
import { revealedRound } from './store'

/** `ROUND_PROOF_PATH` without the `/api` prefix the routes are registered under. */
const ROUTE = `${ROUND_PROOF_PATH.replace(/^\/api/, '')}/:id`

/** A wire round id is its game number in decimal (see `roundIdOf`); anything else is no round. */
function gameOf(id: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(id)) return null
  const game = Number(id)
  // crash_rounds.game is an INT: a larger number names no round (and would not reach the query).
  return game <= MAX_INT ? game : null
}

/** The largest value of a PostgreSQL INT column. */
const MAX_INT = 2_147_483_647

/** Registers the crash routes on the `/api` scope. Guests may call them: proofs are public. */
export function crashRoutes(app: FastifyInstance, s: Services): void {
  app.get<{ Params: { id: string } }>(ROUTE, async (req) => {
    const game = gameOf(req.params.id)
    const row = game === null ? null : await revealedRound(s.db, game)
    // Unknown, running and future rounds answer alike, so the answer reveals nothing about them.
    if (!row) throw messageError(404, 'not_found', { round: req.params.id.slice(0, 64) })
    return {
      v: PROTOCOL_VERSION,
      round: {
        roundId: roundIdOf(row.game),
        crashPoint: row.crash_point,
        roundHash: row.round_hash,
        salt: row.salt,
      },
      endedAt: row.ended_at,
      terminatingHash: row.terminating_hash,
    } satisfies z.input<typeof roundProofSchema>
  })
}
