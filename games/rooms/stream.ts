/**
 * The rooms on the kit's wire adapter: the round machine's command actors and the machine event
 * for each stream message, the same for live play and replays. A socket watches the three rooms;
 * a room's machine hears its own room only. Kept apart from the UI so Node code loads no React.
 */
import type { CommandTransport } from '../engine/replay'
import { commandActors, machineEvent, type ConnectionEvent } from '../kit/wireLink'
import { roomsWire, type ServerEvent } from './protocol'
import { roomOf, roomSnapshot, type RoomsRoundEvent } from './round.model'
import type { Room } from './rules'

/** The socket.io namespace of the rooms on their service. */
export const ROOMS_NAMESPACE = '/rooms'

/** Which wire command each of the round machine's command actors sends. */
const ROOMS_COMMANDS = { buyTickets: 'buy', requestSync: 'sync' } as const

/**
 * The round machine's command actors over a transport (the stream, or a replay):
 * `roomsRoundMachine.provide({ actors: roomsCommandActors(transport) })`.
 */
export const roomsCommandActors = (transport: CommandTransport) =>
  commandActors(roomsWire, transport, ROOMS_COMMANDS)

/**
 * The machine event of `room`'s round for a stream message, or null for another room's: the
 * snapshot narrowed to the room, the other events of the room as they are, connection reports.
 */
export const roomEventFromStream = (room: Room) => {
  const toRoom = roomEvent(room)
  return (name: string, payload: unknown): RoomsRoundEvent | null =>
    toRoom(machineEvent(roomsWire, name, payload))
}

/**
 * The machine event of `room`'s round for a parsed stream event (what `connectGameStream` hands
 * its inbox), or null for another room's.
 */
export const roomEvent =
  (room: Room) =>
  (event: ServerEvent | ConnectionEvent): RoomsRoundEvent | null => {
    switch (event.type) {
      case 'snapshot':
        return roomSnapshot(event, room)
      case 'opened':
      case 'tickets':
      case 'countdown':
      case 'drawn':
        return roomOf(event) === room ? event : null
      case 'CONNECTED':
      case 'DISCONNECTED':
      case 'CLOCK':
        return event
      default:
        throw new Error(`[rooms/stream] unknown event ${JSON.stringify(event satisfies never)}`)
    }
  }
