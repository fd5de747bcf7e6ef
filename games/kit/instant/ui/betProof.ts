/**
 * Asking the service for one instant bet's proof (`GET /api/games/bets/:id`, public), for a bet
 * opened by URL (`/games/<game>?bet=<id>`, the profile history's link): the kit's proof loader
 * with the contract's answer, the game's params and outcome parsed by the game's own schemas.
 */
import { z } from 'zod/mini'
import { BET_PROOF_PATH, betProofResponse } from '../../../../contract'
import type { Minor } from '../../../engine/money'
import type { InstantProof } from '../verify'
import { proofLoader, type LoadProof } from '../../ui/proof'

/** An instant bet's proof: the published fields, params and outcome as the game's types. */
export type InstantBetProofOf<P, O> = InstantProof<P, O> & { id: string; game: string }

/** Loads one instant bet's proof; tests pass a fake one. */
export type LoadInstantBetProof<P, O> = LoadProof<string, InstantBetProofOf<P, O>>

/** The service's "no such bet" answer. */
const notFoundSchema = z.object({ data: z.object({ message: z.literal('not_found') }) })

/** The game's parsers of its params and outcome (its protocol's schemas). */
export interface InstantProofSchemas<P, O> {
  game: string
  params: z.ZodMiniType<P>
  outcome: z.ZodMiniType<O>
}

/** A {@link LoadInstantBetProof} over `fetch` against the service at `serviceUrl`. */
export function instantBetProofLoader<P, O>(
  schemas: InstantProofSchemas<P, O>,
  serviceUrl: string,
  fetchImpl?: typeof fetch,
): LoadInstantBetProof<P, O> {
  const schema = z.pipe(
    betProofResponse,
    z.transform((p): InstantBetProofOf<P, O> => ({
      id: p.id,
      game: p.game,
      params: schemas.params.parse(p.params),
      outcome: schemas.outcome.parse(p.outcome),
      amount: p.amount as Minor,
      multiplier: p.multiplier,
      payout: p.payout as Minor,
      serverSeedHash: p.server_seed_hash,
      clientSeed: p.client_seed,
      nonce: p.nonce,
      serverSeed: p.server_seed,
    })),
  )
  return proofLoader(
    {
      where: `${schemas.game}/betProof`,
      path: BET_PROOF_PATH,
      schema,
      notFound: notFoundSchema,
      idOf: (proof) => proof.id,
    },
    serviceUrl,
    fetchImpl,
  )
}
