/**
 * Asking the service for one dice bet's proof (`GET /api/games/bets/:id`, public), for a bet
 * opened by URL (`/games/dice?bet=<id>`, the profile history's link): the kit's proof loader with
 * the contract's answer, dice's params and outcome parsed by dice's own schemas.
 */
import { z } from 'zod/mini'
import { BET_PROOF_PATH, betProofResponse } from '../../../contract'
import type { Minor } from '../../engine/money'
import type { InstantProof } from '../../kit/instant/verify'
import { proofLoader, type LoadProof } from '../../kit/ui/proof'
import { diceOutcomeSchema, diceParamsSchema } from '../protocol'
import type { DiceOutcome, DiceParams } from '../rules'

/** A dice bet's proof: the published fields, params and outcome as dice's types. */
export type DiceBetProof = InstantProof<DiceParams, DiceOutcome> & { id: string; game: string }

const diceBetProofSchema = z.pipe(
  betProofResponse,
  z.transform((p): DiceBetProof => ({
    id: p.id,
    game: p.game,
    params: diceParamsSchema.parse(p.params),
    outcome: diceOutcomeSchema.parse(p.outcome),
    amount: p.amount as Minor,
    multiplier: p.multiplier,
    payout: p.payout as Minor,
    serverSeedHash: p.server_seed_hash,
    clientSeed: p.client_seed,
    nonce: p.nonce,
    serverSeed: p.server_seed,
  })),
)

/** The service's "no such bet" answer. */
const notFoundSchema = z.object({ data: z.object({ message: z.literal('not_found') }) })

/** Loads one dice bet's proof; tests pass a fake one. */
export type LoadDiceBetProof = LoadProof<string, DiceBetProof>

/** A {@link LoadDiceBetProof} over `fetch` against the service at `serviceUrl`. */
export function diceBetProofLoader(serviceUrl: string, fetchImpl?: typeof fetch): LoadDiceBetProof {
  return proofLoader(
    {
      where: 'dice/betProof',
      path: BET_PROOF_PATH,
      schema: diceBetProofSchema,
      notFound: notFoundSchema,
      idOf: (proof) => proof.id,
    },
    serviceUrl,
    fetchImpl,
  )
}
