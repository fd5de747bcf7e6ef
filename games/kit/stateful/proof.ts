/**
 * The proof of one stateful round (miner, hilo, coinflip) as its game's service publishes it
 * (`GET /api/games/rounds/:id`, public, no player named): the opening's params, every step with
 * its action, outcome and multiplier, and, once the round has ended, its reveal (every mine,
 * every card drawn) with the seed pair that drew it. An open round is published too: its steps so
 * far, and no reveal, as nothing secret leaves the server before the end. The game's own shapes
 * (params, action, outcome, reveal) are parsed by the game's wire schemas.
 */
import { z } from 'zod/mini'
import { currency, minor } from '../../../contract/common'
import type { Currency, Minor } from '../../engine/money'
import type { InstantMultiplier } from '../instant/protocol'
import { endReasonSchema, roundStatusSchema, type EndReason } from './protocol'

/** Where a stateful round's proof is served: `GET <path>/:id` on the game's service. */
export const ROUND_PROOF_PATH = '/api/games/rounds'

const sha256Hex = z.string().check(z.regex(/^[0-9a-f]{64}$/))

/**
 * The service's answer, as sent (snake case, as the contract's bet proof): the game's shapes
 * unparsed. `server_seed` is null until the pair is rotated, and always while the round is open.
 */
export const roundProofResponse = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  game: z.string().check(z.minLength(1), z.maxLength(32)),
  amount: minor,
  currency,
  params: z.unknown(),
  status: roundStatusSchema,
  end_reason: z.nullable(endReasonSchema),
  /** What a cash-out pays now (open), or what the round paid, in ten-thousandths. */
  multiplier: z.int().check(z.nonnegative()),
  /** What the round paid; 0 while open. */
  payout: minor,
  steps: z.array(
    z.object({
      step: z.int().check(z.positive()),
      /** The game's action, or `{ kind: 'cashout' }`. */
      action: z.unknown(),
      outcome: z.nullable(z.unknown()),
      multiplier: z.int().check(z.nonnegative()),
      created_at: z.string(),
    }),
  ),
  /** Every secret of the round, once it has ended; null while it is open. */
  reveal: z.nullable(z.unknown()),
  server_seed_hash: sha256Hex,
  client_seed: z.string(),
  nonce: z.int().check(z.nonnegative()),
  server_seed: z.nullable(sha256Hex),
  created_at: z.string(),
})
/** The service's answer, as sent. */
export type RoundProofResponse = z.infer<typeof roundProofResponse>

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
