/**
 * Test-only: a stateful game's recorded round (tests/recordings) replayed through its round
 * machine as the page runs it, for the games' replay tests and recorders and the kit's own (the
 * test tower): its command actors answered by the recorded server, on the virtual clock, with the
 * recorded events through the game's stream mapping.
 */
import type { StateValue } from 'xstate'
import type { CommandTransport, Recording } from '../../engine/replay'
import type { StatefulCommandActors, StatefulStreamWire } from '../stateful/link'
import type { StatefulRoundEvent, StatefulRoundMachine } from '../stateful/round.machine'
import { replayRound } from './replayRound'

/** A stateful game's browser side as far as a replay goes: a `statefulClient`, or the tower's. */
export interface StatefulReplayClient<P, A, O, W, R> {
  streamWire: StatefulStreamWire<P, A, O, W, R>
  /** The round machine, its command actors to provide. */
  roundMachine: StatefulRoundMachine<P, A, O, W, R>
  commandActors(transport: CommandTransport): StatefulCommandActors<P, A, O, W, R>
  eventFromStream(name: string, payload: unknown): StatefulRoundEvent<P, A, O, W, R> | null
}

/** A state value as its dotted path: `{ stepping: 'sending' }` is `stepping.sending`. */
function pathOf(value: StateValue): string {
  if (typeof value === 'string') return value
  const [entry, ...more] = Object.entries(value)
  // The round machine has no parallel states: two regions at once would be a changed machine.
  if (!entry || more.length > 0) {
    throw new Error(`[statefulReplay] not one state: ${JSON.stringify(value)}`)
  }
  const [state, inner] = entry
  return inner === undefined ? state : `${state}.${pathOf(inner)}`
}

/**
 * Replays `recording` through `client`'s round machine, for a RUB player with the balance of the
 * recording's first snapshot. Besides the replay's result, `path`: the machine's states in order
 * on one line (`idle > opening.sending > open > … > settled`), as the replay tests check them.
 */
export async function replayStatefulRound<P, A, O, W, R>(
  recording: Recording,
  client: StatefulReplayClient<P, A, O, W, R>,
) {
  const result = await replayRound(recording, {
    wire: client.streamWire,
    machine: (transport) =>
      client.roundMachine.provide({ actors: client.commandActors(transport) }),
    eventFromStream: client.eventFromStream,
  })
  return { ...result, path: result.states.map(pathOf).join(' > ') }
}

/**
 * What a replay must leave in the round machine's context when the recording ends on `ack`, the
 * round's last answer (ok): the balance it reported, its round (by id) as the current one, the
 * seed pair at the next nonce, no command pending and no error.
 */
export function contextAfter(ack: {
  balance: number | null
  round: { roundId: string; serverSeedHash: string; nonce: number }
}) {
  return {
    balance: ack.balance,
    pending: null,
    lastError: null,
    round: { roundId: ack.round.roundId },
    seeds: { serverSeedHash: ack.round.serverSeedHash, nonce: ack.round.nonce + 1 },
  }
}
