import { z } from 'zod/mini'
import { currency, minor, sha256Hex } from './common'

/**
 * The proof of a stateful round (miner, hilo, coinflip: games/kit/stateful), apart from the
 * instant bets' proofs in ./games: only the stateful games' pages read it, and a module of zod
 * schemas goes whole into every page that reads any of it.
 */

/** Where a stateful round's proof is served (public): `GET <path>/:id`, the id as a bet's. */
export const ROUND_PROOF_PATH = '/api/games/rounds'

/**
 * GET /api/games/rounds/:id answer (public, no player named): the proof of any stateful round
 * (miner, hilo, coinflip), snake case as the bet proof. `params`, each step's `action` (or
 * `{ kind: 'cashout' }`) and `outcome` and the `reveal` are the game's own shapes (parse them with
 * its wire's schemas: games/kit/stateful/proof.ts). While the round is `open` it shows its steps
 * so far and no secret: `reveal` and `server_seed` are null, `payout` 0. Once it has ended,
 * `reveal` holds every secret of its state (the board, the cards) and, as for an instant bet,
 * `server_seed` is null until the pair is rotated. Unknown ids: 404 `not_found`.
 */
export const roundProofResponse = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  game: z.string().check(z.minLength(1), z.maxLength(32)),
  amount: minor,
  currency,
  params: z.unknown(),
  /** As the wire's round status (games/kit/stateful/protocol.ts): `ending` shows as its end. */
  status: z.enum(['open', 'won', 'lost']),
  end_reason: z.nullable(z.enum(['lost', 'cashout', 'cap', 'complete', 'expired'])),
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
      /** The cash-out multiplier after the step, in ten-thousandths. */
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
  /** When it ended; null while it is open. */
  ended_at: z.nullable(z.string()),
})
/** A stateful round's proof, as sent. */
export type RoundProofResponse = z.infer<typeof roundProofResponse>
