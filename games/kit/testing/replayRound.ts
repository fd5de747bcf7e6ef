/**
 * Test-only: a game's round machine replayed from a recording (tests/recordings) as the page runs
 * it: its command actors answered by the recorded server, on the virtual clock, with the recorded
 * events through the game's own stream mapping.
 */
import { createActor, type AnyStateMachine, type EventFromLogic, type InputFrom } from 'xstate'
import type { Currency, Minor } from '../../engine/money'
import {
  replay,
  type CommandTransport,
  type Recording,
  type ReplayResult,
} from '../../engine/replay'

/** The part of a game's wire a replay reads: its snapshot event, with the player's balance. */
export interface SnapshotWire {
  readonly snapshotEvent: string
  parseEvent(name: string, payload: unknown): { type: string; me?: { balance: Minor } | null }
}

/** A game, as far as replaying its round machine goes. */
export interface ReplayedGame<M extends AnyStateMachine, X extends object = object> {
  wire: SnapshotWire
  /** What the machine's input takes beyond the player's currency and balance (a room's name). */
  input?: X
  /** The round machine, its command actors sending through `transport`. */
  machine(transport: CommandTransport): M
  /** The game's mapping of a stream event to a machine event. */
  eventFromStream(name: string, payload: unknown): EventFromLogic<M> | null
}

/** The round machines' input for a signed-in player. */
interface PlayerInput {
  currency: Currency
  balance: Minor
}

/** The balance the recording's first snapshot reported: what the player had when it began. */
export function recordedStartBalance(wire: SnapshotWire, recording: Recording): Minor {
  const first = recording.events.find((e) => e.name === wire.snapshotEvent)
  const snapshot = wire.parseEvent(wire.snapshotEvent, first?.payload)
  if (!snapshot.me) throw new Error('no player snapshot')
  return snapshot.me.balance
}

/**
 * Replays `recording` through `game`'s round machine, for a RUB player with the balance of the
 * recording's first snapshot (and `game.input`, when the machine takes more).
 */
export function replayRound<M extends AnyStateMachine, X extends object = object>(
  recording: Recording,
  game: ReplayedGame<M, X> & (PlayerInput & X extends InputFrom<M> ? unknown : never),
): Promise<ReplayResult<M>> {
  return replay({
    recording,
    createActor: ({ clock, transport }) => {
      const input = {
        ...game.input,
        currency: 'RUB',
        balance: recordedStartBalance(game.wire, recording),
      }
      // The parameter's condition checked that the machine takes a player's input.
      return createActor(game.machine(transport), { clock, input: input as InputFrom<M> })
    },
    toEvent: (event) => game.eventFromStream(event.name, event.payload),
  })
}
