/**
 * The rooms' definition: a live game (a round per room runs on the server's clock, watched by
 * all) on the `general` service, at `/rooms`. Its tickets are priced by the rules
 * (`ticketPrice`), not by a limits group, so it has none. Its family keeps its own wire, machine,
 * server module and pages (docs/adding-a-game.md, the long recipe).
 */
import { defineLiveGame } from '../kit/define'

/** The rooms: red, yellow and purple. */
export const roomsGame = defineLiveGame({ id: 'rooms', service: 'general', limits: null })
