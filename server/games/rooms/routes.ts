/**
 * The rooms' HTTP reads, under the API prefix: `GET /games/rooms/rounds/:id`, a drawn round's
 * proof (its draw and its whole ticket list) for the in-app verifier, so a page that did not
 * watch the round (an older draw, a link from the bet history) checks it all the same.
 */
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod/mini'
import { CURRENCIES, type Currency } from '../../../games/engine/money'
import {
  ROOMS_PROTOCOL_VERSION,
  ROUND_PROOF_PATH,
  type roundProofSchema,
} from '../../../games/rooms/protocol'
import { ROOMS, type Room } from '../../../games/rooms/rules'
import { messageError } from '../../http/errors'
import type { Services } from '../../services'
import { RoomsStore } from './store'
import { drawOf, purchaseRows } from './view'

/** `ROUND_PROOF_PATH` without the `/api` prefix the routes are registered under. */
const ROUTE = `${ROUND_PROOF_PATH.replace(/^\/api/, '')}/:id`

/** A wire round id (`roundIdOf`): room, currency, and the round's number without leading zeros. */
const ROUND_ID = new RegExp(`^(${ROOMS.join('|')})-([A-Z]{3})-([1-9]\\d{0,9})$`)

/** The largest value of a PostgreSQL INT column (rooms_rounds.seq). */
const MAX_INT = 2_147_483_647

/** The round a wire id names, or null when it names none (malformed, unknown currency, too big). */
export function parseRoundId(id: string): { room: Room; currency: Currency; seq: number } | null {
  const match = ROUND_ID.exec(id)
  if (!match) return null
  const [, room, currency, digits] = match as unknown as [string, Room, string, string]
  if (!(CURRENCIES as readonly string[]).includes(currency)) return null
  const seq = Number(digits)
  // A larger number names no round, and as a query parameter of an INT column it would throw.
  return seq <= MAX_INT ? { room, currency: currency as Currency, seq } : null
}

/** Registers the rooms' routes on the `/api` scope. Guests may call them: proofs are public. */
export function roomsRoutes(app: FastifyInstance, s: Services): void {
  app.get<{ Params: { id: string } }>(ROUTE, async (req) => {
    const key = parseRoundId(req.params.id)
    const store = key && new RoomsStore(s.db, key.room, key.currency)
    const round = store && key ? await store.roundAt(key.seq) : null
    // Unknown, selling and refunded rounds answer alike: a selling round's answer must not even
    // say it exists, and only a drawn round has a proof (its revealed seed, its final list).
    if (!store || round?.status !== 'drawn') {
      throw messageError(404, 'not_found', { round: req.params.id.slice(0, 64) })
    }
    // A drawn round sells no more tickets (trigger rooms_rounds_final): this list is its draw's.
    const rows = purchaseRows(await store.purchasesOf(round.id), s.privacy)
    return {
      v: ROOMS_PROTOCOL_VERSION,
      draw: drawOf(round, rows),
      purchases: rows,
    } satisfies z.input<typeof roundProofSchema>
  })
}
