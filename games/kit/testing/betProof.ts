/**
 * Test-only: an instant bet as the server settles it and the proof it publishes, for the tests of
 * proof verification and of each game's proof dialog.
 */
import { floatCursor, hashServerSeed } from '../../engine/fairness'
import type { Minor } from '../../engine/money'
import type { InstantRules } from '../instant/rules'
import type { InstantBetProofOf, LoadInstantBetProof } from '../instant/ui/betProof'

/** The bet, and the seed pair and nonce it was drawn under. */
export interface SettledBet<P> {
  params: P
  amount: Minor
  serverSeed: string
  clientSeed: string
  nonce: number
}

/**
 * The server's own settlement of `bet` (`rules.settle` on the pair's floats) and its proof, bet
 * `b-1` of `rules.game`, with the server seed revealed.
 */
export function settledBetProof<P, O>(rules: InstantRules<P, O>, bet: SettledBet<P>) {
  const settled = rules.settle(
    bet.params,
    bet.amount,
    floatCursor(bet.serverSeed, bet.clientSeed, bet.nonce),
  )
  const proof: InstantBetProofOf<P, O> = {
    id: 'b-1',
    game: rules.game,
    params: bet.params,
    outcome: settled.outcome,
    amount: bet.amount,
    multiplier: settled.multiplier,
    payout: settled.payout,
    serverSeedHash: hashServerSeed(bet.serverSeed),
    clientSeed: bet.clientSeed,
    nonce: bet.nonce,
    serverSeed: bet.serverSeed,
  }
  return { settled, proof }
}

/** A proof loader that answers `proof`, whatever bet is asked for. */
export const answeringProof =
  <P, O>(proof: InstantBetProofOf<P, O>): LoadInstantBetProof<P, O> =>
  async () => ({ type: 'ok', proof })
