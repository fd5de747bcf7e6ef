/**
 * The rooms, as the shell and the tests see them: the wire, the rules, the round machine and its
 * adapter, the page's URL parameter, and the pages (a room's, on the kit's `GamePage`, and the
 * three rooms at a glance). Exports are listed by name: this list is the game's public face.
 */
export {
  ROOMS_PROTOCOL_VERSION,
  roomsWire,
  roundIdSchema,
  type RoomDraw,
  type RoundId,
  type ServerEvent,
} from './protocol'
export { ROOMS, ticketPrice, type Room } from './rules'
export { roomsRoundMachine } from './round.machine'
export type { RoomsRoundContext, RoomsRoundEvent } from './round.model'
export { ROOMS_NAMESPACE, roomEventFromStream, roomsCommandActors } from './stream'
export { parseRoundSearch as parseRoomSearch } from '../kit/live/roundLink'
export { RoomGame, type RoomGameProps } from './ui/RoomGame'
export { RoomsLobby, type RoomsLobbyProps } from './ui/RoomsLobby'
