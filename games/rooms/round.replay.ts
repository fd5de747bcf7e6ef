/**
 * A recorded room round (tests/recordings, `npm run record -- rooms`) replayed through the rooms'
 * round machine as the red page runs it: its command actors answered by the recorded server, the
 * recorded events through the rooms' stream mapping, on the virtual clock. A player's file starts
 * the machine with the balance of its first snapshot; a guest's with no currency or balance, as
 * the shell starts a guest's page.
 */
import { createActor } from 'xstate'
import { replay, type Recording } from '../engine/replay'
import { replayRound } from '../kit/testing/replayRound'
import { roomsWire } from './protocol'
import { roomsRoundMachine } from './round.machine'
import type { RoomsRoundContext } from './round.model'
import type { Room } from './rules'
import { roomEventFromStream, roomsCommandActors } from './stream'

/** Replays a player's recording of `room` (a RUB player, the first snapshot's balance). */
export function replayRoomsPlayer(recording: Recording, room: Room) {
  return replayRound(recording, {
    wire: roomsWire,
    machine: (transport) => roomsRoundMachine.provide({ actors: roomsCommandActors(transport) }),
    eventFromStream: roomEventFromStream(room),
    input: { room },
  })
}

/** Replays a guest's recording of `room`: no currency, no balance, as a guest's page starts. */
export function replayRoomsGuest(recording: Recording, room: Room) {
  return replay({
    recording,
    createActor: ({ clock, transport }) =>
      createActor(roomsRoundMachine.provide({ actors: roomsCommandActors(transport) }), {
        clock,
        input: { room, currency: null, balance: null },
      }),
    toEvent: (event) => roomEventFromStream(room)(event.name, event.payload),
  })
}

/** Where a session ended, as the recorder and the replay compare it. */
export function summary(context: RoomsRoundContext) {
  const { balance, currency, mine, round, history } = context
  return {
    currency,
    balance,
    mine,
    round: round && { id: round.id, phase: round.phase, tickets: round.tickets },
    history: history.map((d) => ({ roundId: d.roundId, winningTicket: d.winningTicket })),
  }
}
