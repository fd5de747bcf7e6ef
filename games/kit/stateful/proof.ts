/**
 * A stateful round's proof as the browser reads it (`GET /api/games/rounds/:id`, public, one path
 * for every stateful game; contract/games.ts `roundProofResponse`): the contract's answer with the game's own
 * params, actions, outcomes and reveal parsed by its wire's schemas, in the wire's camelCase. An
 * open round's proof has its steps so far and no reveal nor server seed; an ended one has all it
 * takes to replay it (with the server seed once the pair is rotated, as an instant bet's proof).
 */
import { z } from 'zod/mini'
import { betProofParams } from '../../../contract/games'
import { ROUND_PROOF_PATH, roundProofResponse } from '../../../contract/rounds'
import type { Currency, Minor } from '../../engine/money'
import { proofLoader, type LoadProof } from '../ui/proof'
import type { EndReason } from './protocol'

/** The game's parsers of the proof's own shapes (its logic's schemas: `statefulWireOf`). */
export interface StatefulProofSchemas<P, A, O, R> {
  game: string
  params: z.ZodMiniType<P>
  action: z.ZodMiniType<A>
  outcome: z.ZodMiniType<O>
  reveal: z.ZodMiniType<R>
}

/** A step of a round's proof. */
export interface StatefulProofStep<A, O> {
  step: number
  action: A | { kind: 'cashout' }
  outcome: O | null
  /** The cash-out multiplier after the step, in ten-thousandths. */
  multiplier: number
  /** When it was played (epoch ms). */
  time: number
}

/** A stateful round's proof, in the game's types. */
export interface StatefulProof<P, A, O, R> {
  id: string
  game: string
  status: 'open' | 'won' | 'lost'
  amount: Minor
  currency: Currency
  params: P
  steps: StatefulProofStep<A, O>[]
  /** The cash-out multiplier now (open) or at the end, in ten-thousandths. */
  multiplier: number
  /** What the round paid; null while it is open. */
  payout: Minor | null
  endReason: EndReason | null
  /** Every secret of the round; null while it is open. */
  reveal: R | null
  serverSeedHash: string
  clientSeed: string
  nonce: number
  /** Null until the pair is rotated (and always while the round is open). */
  serverSeed: string | null
  openedAt: number
  endedAt: number | null
}

/** The schema of one game's round proof: the contract's answer, in the game's types. */
export function statefulProofSchema<P, A, O, R>(
  schemas: StatefulProofSchemas<P, A, O, R>,
): z.ZodMiniType<StatefulProof<P, A, O, R>> {
  const step = z.object({
    step: z.int().check(z.positive()),
    action: z.union([schemas.action, z.object({ kind: z.literal('cashout') })]),
    outcome: z.nullable(schemas.outcome),
    multiplier: z.int().check(z.nonnegative()),
    created_at: z.string(),
  })
  const answer = z.extend(roundProofResponse, {
    game: z.literal(schemas.game),
    params: schemas.params,
    steps: z.array(step),
    reveal: z.nullable(schemas.reveal),
  })
  return z.pipe(
    answer,
    z.transform((p): StatefulProof<P, A, O, R> => ({
      id: p.id,
      game: p.game,
      status: p.status,
      amount: p.amount as Minor,
      currency: p.currency,
      params: p.params as P,
      steps: p.steps.map((s) => ({
        step: s.step,
        action: s.action as A | { kind: 'cashout' },
        outcome: s.outcome as O | null,
        multiplier: s.multiplier,
        time: Date.parse(s.created_at),
      })),
      multiplier: p.multiplier,
      // The service sends 0 while the round is open: nothing is paid yet.
      payout: p.status === 'open' ? null : (p.payout as Minor),
      endReason: p.end_reason,
      reveal: p.reveal as R | null,
      serverSeedHash: p.server_seed_hash,
      clientSeed: p.client_seed,
      nonce: p.nonce,
      serverSeed: p.server_seed,
      openedAt: Date.parse(p.created_at),
      endedAt: p.ended_at === null ? null : Date.parse(p.ended_at),
    })),
  ) as unknown as z.ZodMiniType<StatefulProof<P, A, O, R>>
}

/** Loads one round's proof; tests pass a fake one. */
export type LoadStatefulProof<P, A, O, R> = LoadProof<string, StatefulProof<P, A, O, R>>

/** The service's "no such round" answer. */
const notFoundSchema = z.object({ data: z.object({ message: z.literal('not_found') }) })

/**
 * A {@link LoadStatefulProof} over `fetch` against the game's service at `serviceUrl`, for a round
 * opened by URL (`/games/<game>?bet=<id>`, the profile history's link). An id the server could
 * not have made is answered "not found" without asking.
 */
export function statefulProofLoader<P, A, O, R>(
  schemas: StatefulProofSchemas<P, A, O, R>,
  serviceUrl: string,
  fetchImpl?: typeof fetch,
): LoadStatefulProof<P, A, O, R> {
  const load = proofLoader<string, StatefulProof<P, A, O, R>>(
    {
      where: `${schemas.game}/roundProof`,
      path: ROUND_PROOF_PATH,
      schema: statefulProofSchema(schemas),
      notFound: notFoundSchema,
      idOf: (proof) => proof.id,
    },
    serviceUrl,
    fetchImpl,
  )
  return (id, signal) =>
    betProofParams.safeParse({ id }).success
      ? load(id, signal)
      : Promise.resolve({ type: 'notFound' })
}
