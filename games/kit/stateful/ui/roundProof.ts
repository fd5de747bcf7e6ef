/**
 * Asking the game's service for one stateful round's proof (`GET /api/games/rounds/:id`,
 * public), for a round opened by URL (`/games/<game>?bet=<id>`, the profile history's link) or
 * from the strip of recent rounds: the kit's proof loader with the round's answer, the game's
 * shapes parsed by its own schemas.
 */
import { z } from 'zod/mini'
import { proofLoader, type LoadProof } from '../../ui/proof'
import {
  ROUND_PROOF_PATH,
  roundProofSchema,
  type RoundProofSchemas,
  type StatefulRoundProofOf,
} from '../proof'

/** Loads one stateful round's proof; tests pass a fake one. */
export type LoadRoundProof<P, A, O, R> = LoadProof<string, StatefulRoundProofOf<P, A, O, R>>

/** The service's "no such round" answer. */
const notFoundSchema = z.object({ data: z.object({ message: z.literal('not_found') }) })

/** A {@link LoadRoundProof} over `fetch` against the game's service at `serviceUrl`. */
export function roundProofLoader<P, A, O, R>(
  schemas: RoundProofSchemas<P, A, O, R>,
  serviceUrl: string,
  fetchImpl?: typeof fetch,
): LoadRoundProof<P, A, O, R> {
  return proofLoader(
    {
      where: `${schemas.game}/roundProof`,
      path: ROUND_PROOF_PATH,
      schema: roundProofSchema(schemas),
      notFound: notFoundSchema,
      idOf: (proof) => proof.id,
    },
    serviceUrl,
    fetchImpl,
  )
}
