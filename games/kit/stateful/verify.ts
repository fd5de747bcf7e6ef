/**
 * The proof of any stateful round, replayed in the browser with the same rules the server played
 * it with: the revealed server seed must hash to the commitment shown at the opening, and the
 * rules run on ONE float stream, `floatCursor(serverSeed, clientSeed, nonce)` (the opening reads
 * from its start, each step from where the previous call stopped, as the server stores it), must
 * give every step's recorded outcome and multiplier, the round's end, its reveal and its payout
 * (capped at the maximum payout per bet, as the server pays).
 */
import { floatCursor, hashServerSeed } from '../../engine/fairness'
import { maxBetPayout, type Minor } from '../../engine/money'
import { canonical } from '../../engine/replay'
import { stakeCapOf } from './money'
import type { EndReason, StatefulRound } from './protocol'
import { cappedPayout, reachesCap, type StatefulRules } from './rules'

/** An ended round's proof: the round as the service shows it, and the server seed once revealed. */
export type StatefulProof<P, A, O, R> = Pick<
  StatefulRound<P, A, O, unknown, R>,
  | 'params'
  | 'amount'
  | 'currency'
  | 'status'
  | 'steps'
  | 'endReason'
  | 'multiplier'
  | 'payout'
  | 'reveal'
  | 'serverSeedHash'
  | 'clientSeed'
  | 'nonce'
> & {
  /** Null until the player rotates the pair. */
  serverSeed: string | null
}

/** One recorded step, recomputed. */
export interface VerifiedStep<O> {
  step: number
  /** The recomputed outcome (null for a cash-out, or a step the rules refuse). */
  outcome: O | null
  /** The round's multiplier after the step, recomputed. */
  multiplier: number
  /** Whether the outcome and the multiplier are the ones the server recorded. */
  matches: boolean
}

/**
 * What the browser found: the round is still open (its secrets stay on the server), the seed is
 * still secret (rotate to check), the revealed seed is not the one committed to, or every step
 * replayed, with whether all of it matches what the server recorded.
 */
export type StatefulVerdict<O, R> =
  | { status: 'open' }
  | { status: 'unrevealed' }
  | { status: 'badSeed' }
  | {
      status: 'verified' | 'mismatch'
      steps: VerifiedStep<O>[]
      endReason: EndReason
      multiplier: number
      payout: Minor
      reveal: R
    }

/** Replays an ended stateful round from its proof (see the file's comment). */
export function verifyStatefulRound<P, S, A, O, W, R>(
  rules: StatefulRules<P, S, A, O, W, R>,
  proof: StatefulProof<P, A, O, R>,
): StatefulVerdict<O, R> {
  if (proof.status === 'open') return { status: 'open' }
  if (proof.serverSeed === null) return { status: 'unrevealed' }
  if (hashServerSeed(proof.serverSeed) !== proof.serverSeedHash) return { status: 'badSeed' }
  const stake = stakeCapOf(proof)
  const cursor = floatCursor(proof.serverSeed, proof.clientSeed, proof.nonce)
  let state = rules.open(proof.params, cursor)
  let end: EndReason | null = null
  const steps: VerifiedStep<O>[] = []
  for (const [index, recorded] of proof.steps.entries()) {
    const { action } = recorded
    const cashout = isCashout(action)
    const playable =
      end === null &&
      (cashout ? rules.multiplier(state) > 0 : rules.stepRefusal(state, action) === null)
    if (!playable) {
      // Nothing is played after the end, nor refused by the rules: the rest cannot match.
      const rest = proof.steps.slice(index)
      steps.push(
        ...rest.map((s) => ({ step: s.step, outcome: null, multiplier: 0, matches: false })),
      )
      break
    }
    if (cashout) {
      const multiplier = rules.multiplier(state)
      const matches = recorded.outcome === null && recorded.multiplier === multiplier
      steps.push({ step: recorded.step, outcome: null, multiplier, matches })
      end = 'cashout'
      continue
    }
    const result = rules.step(state, action, cursor)
    state = result.state
    const multiplier = rules.multiplier(state)
    const matches =
      canonical(result.outcome) === canonical(recorded.outcome) &&
      multiplier === recorded.multiplier
    steps.push({ step: recorded.step, outcome: result.outcome, multiplier, matches })
    const phase = rules.phase(state)
    // The server's order: a loss, then the cap (the step that reaches it cashes out), then the end.
    end =
      phase === 'lost'
        ? 'lost'
        : reachesCap(stake, multiplier)
          ? 'cap'
          : phase === 'complete'
            ? 'complete'
            : null
  }
  // An ended round without an ending step was settled after 30 days open (or a break).
  const endReason = end ?? 'expired'
  const multiplier = rules.multiplier(state)
  const capped = cappedPayout(stake, multiplier)
  const payout = (
    endReason === 'lost' ? 0 : endReason === 'expired' ? Math.max(capped, proof.amount) : capped
  ) as Minor
  const reveal = rules.reveal(state)
  const same =
    steps.every((s) => s.matches) &&
    endReason === proof.endReason &&
    multiplier === proof.multiplier &&
    payout === proof.payout &&
    payout <= maxBetPayout(proof.currency) &&
    canonical(reveal) === canonical(proof.reveal)
  return { status: same ? 'verified' : 'mismatch', steps, endReason, multiplier, payout, reveal }
}

function isCashout<A>(action: A | { kind: 'cashout' }): action is { kind: 'cashout' } {
  return (
    typeof action === 'object' &&
    action !== null &&
    (action as { kind?: unknown }).kind === 'cashout'
  )
}
