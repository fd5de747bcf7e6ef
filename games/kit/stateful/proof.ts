/**
 * The proof of one stateful round (miner, hilo, coinflip) as its game's service publishes it
 * (`GET /api/games/rounds/:id`, public, no player named): the opening's params, every step with
 * its action, outcome and multiplier, and, once the round has ended, its reveal (every mine,
 * every card drawn) with the seed pair that drew it. An open round is published too: its steps so
 * far, and no reveal, as nothing secret leaves the server before the end. The game's own shapes
 * (params, action, outcome, reveal) are parsed by the game's wire schemas.
 */
import { z } from 'zod/mini'
import { roundProofResponse } from '../../../contract'
import type { Currency, Minor } from '../../engine/money'
import type { InstantMultiplier } from '../instant/protocol'
import type { EndReason } from './protocol'

// The service's answer and where it is served are the HTTP contract's (the server writes them).
export { ROUND_PROOF_PATH, roundProofResponse, type RoundProofResponse } from '../../../contract'

/** A step of a round's proof, the game's shapes parsed. */
export interface RoundProofStep<A, O> {
  step: number
  action: A | { kind: 'cashout' }
  outcome: O | null
  multiplier: InstantMultiplier
}

/** A stateful round's proof, the game's shapes parsed (what the proof dialog and verifier read). */
export interface StatefulRoundProofOf<P, A, O, R> {
  id: string
  game: string
  amount: Minor
  currency: Currency
  params: P
  status: 'open' | 'won' | 'lost'
  endReason: EndReason | null
  multiplier: InstantMultiplier
  payout: Minor
  steps: RoundProofStep<A, O>[]
  reveal: R | null
  serverSeedHash: string
  clientSeed: string
  nonce: number
  serverSeed: string | null
}

/** The game's parsers of its own shapes (its wire's schemas). */
export interface RoundProofSchemas<P, A, O, R> {
  game: string
  params: z.ZodMiniType<P>
  action: z.ZodMiniType<A>
  outcome: z.ZodMiniType<O>
  reveal: z.ZodMiniType<R>
}

const cashoutAction = z.object({ kind: z.literal('cashout') })

/** The answer's schema with the game's shapes parsed into a {@link StatefulRoundProofOf}. */
export function roundProofSchema<P, A, O, R>(schemas: RoundProofSchemas<P, A, O, R>) {
  const action = z.union([schemas.action, cashoutAction])
  return z.pipe(
    roundProofResponse,
    z.transform((p): StatefulRoundProofOf<P, A, O, R> => ({
      id: p.id,
      game: p.game,
      amount: p.amount as Minor,
      currency: p.currency,
      params: schemas.params.parse(p.params),
      status: p.status,
      endReason: p.end_reason,
      multiplier: p.multiplier as InstantMultiplier,
      payout: p.payout as Minor,
      steps: p.steps.map((s) => ({
        step: s.step,
        action: action.parse(s.action) as A | { kind: 'cashout' },
        outcome: s.outcome === null ? null : schemas.outcome.parse(s.outcome),
        multiplier: s.multiplier as InstantMultiplier,
      })),
      reveal: p.reveal === null ? null : schemas.reveal.parse(p.reveal),
      serverSeedHash: p.server_seed_hash,
      clientSeed: p.client_seed,
      nonce: p.nonce,
      serverSeed: p.server_seed,
    })),
  )
}
