/**
 * Asking the rooms for one drawn round's proof (`GET /api/games/rooms/rounds/:id`): its draw and
 * its whole ticket list, for a round the page did not watch (an older draw, a link from the bet
 * history). The kit's proof loader with the rooms' endpoint and schemas.
 */
import { proofLoader, type LoadProof, type ProofResult } from '../../kit/ui/proof'
import {
  ROUND_PROOF_PATH,
  roundProofErrorSchema,
  roundProofSchema,
  type RoundId,
  type RoundProof,
} from '../protocol'

/** What a proof request ends in. */
export type RoundProofResult = ProofResult<RoundProof>

/** Loads one drawn round's proof; the room page takes a fake one in tests. */
export type LoadRoundProof = LoadProof<RoundId, RoundProof>

const endpoint = {
  where: 'rooms/roundProof',
  path: ROUND_PROOF_PATH,
  schema: roundProofSchema,
  notFound: roundProofErrorSchema,
  idOf: (proof: RoundProof) => proof.draw.roundId,
}

/** A {@link LoadRoundProof} over `fetch` against the `general` service at `serviceUrl`. */
export function roundProofLoader(serviceUrl: string, fetchImpl?: typeof fetch): LoadRoundProof {
  return proofLoader(endpoint, serviceUrl, fetchImpl)
}
