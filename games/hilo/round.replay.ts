/**
 * A recorded hilo session (tests/recordings/hilo-*.json) replayed through hilo's round machine as
 * the page runs it: its command actors answered by the recorded server, on the virtual clock, with
 * the recorded events through the wire. Shared by the replay test and the recorder (`npm run
 * record -- hilo-lost`), which checks a new file with it before writing it.
 */
import type { Recording } from '../engine/replay'
import { replayStatefulRound } from '../kit/testing/statefulReplay'
import { hiloClient } from './client'

/** Replays `recording` through hilo's round machine, for the recording's player. */
export function replayHilo(recording: Recording) {
  return replayStatefulRound(recording, hiloClient)
}
