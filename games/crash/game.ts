/**
 * Crash's definition: a live game (rounds stay open while the multiplier climbs) on its own
 * `crash` service, at `/crash`. Its family, live rounds, keeps its own wire, machines, server
 * module and page (docs/adding-a-game.md, the long recipe); the definition names it for the
 * registry.
 */
import { defineLiveGame } from '../kit/define'

/** Crash. */
export const crashGame = defineLiveGame({ id: 'crash', service: 'crash' })
