/**
 * A stateful round's proof checked in the browser, step by step, with the same rules the server
 * played it with: the revealed server seed must hash to the commitment shown when the round
 * opened, and the rules run on the round's one float stream (`floatCursor(serverSeed, clientSeed,
 * nonce)`, opening first, then each step in order) must give every step's outcome and multiplier
 * and the round's reveal. Loaded with the proof dialog, not with the page (the hashing).
 */
import { floatCursor, hashServerSeed } from '../../../engine/fairness'
import type { StatefulRoundProofOf } from '../proof'
import type { StatefulRules } from '../rules'

/** What the check needs of a game's logic: its rules. */
export interface RoundVerifier<P, A, O, R> {
  rules: Pick<
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the state is the rules' own
    StatefulRules<P, any, A, O, unknown, R>,
    'open' | 'step' | 'multiplier' | 'reveal'
  >
}

/**
 * Where the check stands: the round is still open (nothing to check yet), its seed is still
 * secret, the seed is not the one committed to, every step checks out, or step `step` does not.
 * `steps[i]` says whether step i + 1 gave the same result (empty when nothing was replayed).
 */
export type RoundCheck =
  | { status: 'open' | 'unrevealed' | 'badSeed' | 'verified'; steps: boolean[] }
  | { status: 'mismatch'; step: number; steps: boolean[] }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Replays a round's proof with the game's rules (see the file's comment). */
export function roundCheck<P, A, O, R>(
  logic: RoundVerifier<P, A, O, R>,
  proof: StatefulRoundProofOf<P, A, O, R>,
): RoundCheck {
  if (proof.status === 'open') return { status: 'open', steps: [] }
  if (proof.serverSeed === null) return { status: 'unrevealed', steps: [] }
  if (hashServerSeed(proof.serverSeed) !== proof.serverSeedHash) {
    return { status: 'badSeed', steps: [] }
  }
  const { rules } = logic
  const cursor = floatCursor(proof.serverSeed, proof.clientSeed, proof.nonce)
  let state: unknown = rules.open(proof.params, cursor)
  const steps: boolean[] = []
  for (const step of proof.steps) {
    const action = step.action
    if (
      typeof action === 'object' &&
      action !== null &&
      'kind' in action &&
      action.kind === 'cashout'
    ) {
      steps.push(step.outcome === null && rules.multiplier(state) === step.multiplier)
      continue
    }
    try {
      const played = rules.step(state, action as A, cursor)
      state = played.state
      steps.push(same(played.outcome, step.outcome) && rules.multiplier(state) === step.multiplier)
    } catch {
      steps.push(false) // the rules refuse the recorded action: not the round shown
    }
  }
  const first = steps.indexOf(false)
  if (first >= 0) return { status: 'mismatch', step: first + 1, steps }
  // Every step agrees; the reveal (every mine, every card) must be the one the rules end with.
  if (proof.reveal !== null && !same(rules.reveal(state), proof.reveal)) {
    return { status: 'mismatch', step: proof.steps.length, steps }
  }
  return { status: 'verified', steps }
}
