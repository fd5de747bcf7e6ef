/**
 * A recorded miner round (tests/recordings, `npm run record -- miner-cashout`) replayed through
 * miner's round machine as the page runs it: its command actors answered by the recorded server,
 * on the virtual clock, with the recorded events through the kit's stream mapping. The recorder
 * (scripts/recordMiner.ts) and the replay test share the round's stake, params and keys here.
 */
import type { Minor } from '../engine/money'
import type { Recording } from '../engine/replay'
import type { CommandKey } from '../kit/protocol'
import { replayStatefulRound } from '../kit/testing/statefulReplay'
import { minerClient } from './client'
import type { MinerParams } from './rules'

/** The recorded round's stake (1 RUB) and board (3 mines). */
export const RECORDED_ROUND: { readonly amount: Minor; readonly params: MinerParams } = {
  amount: 100 as Minor,
  params: { mines: 3 },
}

/** The idempotency key of the n-th command (1-based) of the recorded round. */
export const recordedKey = (n: number) =>
  `rec-miner-cashout-${String(n).padStart(4, '0')}` as CommandKey

/** Replays `recording` through miner's round machine, for the recording's RUB player. */
export function replayMinerRound(recording: Recording) {
  return replayStatefulRound(recording, minerClient)
}
