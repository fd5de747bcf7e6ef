/**
 * A recorded coinflip round (tests/recordings, `npm run record -- coinflip-streak`) replayed
 * through coinflip's round machine as the page runs it: its command actors answered by the
 * recorded server, the recorded events through the kit's stream mapping, on the virtual clock.
 */
import type { Recording } from '../engine/replay'
import { replayStatefulRound } from '../kit/testing/statefulReplay'
import { coinflipClient } from './client'

/** Replays `recording` for a RUB player with the balance of its first snapshot. */
export function replayCoinflipRound(recording: Recording) {
  return replayStatefulRound(recording, coinflipClient)
}

/** Where a session ended, as the recorder and the replay compare it. */
export function summary(context: {
  balance: number | null
  round: { roundId: string; status: string; step: number; payout: number } | null
}) {
  const { balance, round } = context
  return {
    balance,
    round: round && {
      roundId: round.roundId,
      status: round.status,
      step: round.step,
      payout: round.payout,
    },
  }
}
