/**
 * The proof of any instant bet, recomputed in the browser with the same rules the server settled
 * it with: the revealed server seed must hash to the commitment shown at the bet, and the rules
 * run on `floatCursor(serverSeed, clientSeed, nonce)` must give the same outcome and payout.
 */
import { floatCursor, hashServerSeed } from '../../engine/fairness'
import type { Minor } from '../../engine/money'
import type { InstantRules } from './rules'

/** A bet's proof as the service publishes it, its params and outcome parsed by the game. */
export interface InstantProof<P, O> {
  params: P
  outcome: O
  amount: Minor
  multiplier: number
  payout: Minor
  serverSeedHash: string
  clientSeed: string
  nonce: number
  /** Null until the player rotates the pair. */
  serverSeed: string | null
}

/**
 * What the browser found: the seed is still secret (rotate to check), the bet checks out, the
 * revealed seed is not the one committed to, or the rules give another result.
 */
export type InstantVerdict<O> =
  | { status: 'unrevealed' }
  | { status: 'verified'; outcome: O; multiplier: number; payout: Minor }
  | { status: 'badSeed' }
  | { status: 'mismatch'; outcome: O; multiplier: number; payout: Minor }

/** Recomputes an instant bet from its proof. */
export function verifyInstantBet<P, O>(
  rules: InstantRules<P, O>,
  proof: InstantProof<P, O>,
): InstantVerdict<O> {
  if (proof.serverSeed === null) return { status: 'unrevealed' }
  if (hashServerSeed(proof.serverSeed) !== proof.serverSeedHash) return { status: 'badSeed' }
  const floats = floatCursor(proof.serverSeed, proof.clientSeed, proof.nonce)
  const result = rules.settle(proof.params, proof.amount, floats)
  const same =
    JSON.stringify(result.outcome) === JSON.stringify(proof.outcome) &&
    result.multiplier === proof.multiplier &&
    result.payout === proof.payout
  return { status: same ? 'verified' : 'mismatch', ...result }
}
