/**
 * Asking the crash service for one finished round's proof (`GET /api/games/crash/rounds/:id`),
 * for a round opened by URL that the history strip may not hold: the kit's proof loader with
 * crash's endpoint and schemas.
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

/** Loads one round's proof; the crash game takes a fake one in tests. */
export type LoadRoundProof = LoadProof<RoundId, RoundProof>

const endpoint = {
  where: 'crash/roundProof',
  path: ROUND_PROOF_PATH,
  schema: roundProofSchema,
  notFound: roundProofErrorSchema,
  idOf: (proof: RoundProof) => proof.round.roundId,
}

/** A {@link LoadRoundProof} over `fetch` against the crash service at `serviceUrl`. */
export function roundProofLoader(serviceUrl: string, fetchImpl?: typeof fetch): LoadRoundProof {
  return proofLoader(endpoint, serviceUrl, fetchImpl)
}
