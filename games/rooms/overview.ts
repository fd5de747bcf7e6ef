/**
 * The three rooms at a glance, for /games/rooms: each room's pot, players, countdown and last
 * winner, kept from the same stream a room's page hears. A reducer of the stream's events, pure:
 * the lobby only shows what the server says and sends nothing, so it needs no round machine.
 */
import type { ConnectionEvent } from '../kit/wireLink'
import type { RoomDraw, RoomRound, ServerEvent } from './protocol'
import { playersOf, type Room } from './rules'

/** One room at a glance. */
export interface RoomGlance {
  round: RoomRound
  /** The last finished draw, or null. */
  lastDraw: RoomDraw | null
}

/** The rooms at a glance; null until the first snapshot. */
export type RoomsOverview = Readonly<Record<Room, RoomGlance>> | null

/** The number of distinct players in a round (hidden buyers counted by their colour). */
export const playersIn = (round: RoomRound): number =>
  playersOf(round.purchases.map((p) => ({ ...p, player: String(p.colour) })))

/** The overview after a stream event. */
export function overviewAfter(
  overview: RoomsOverview,
  event: ServerEvent | ConnectionEvent,
): RoomsOverview {
  if (event.type === 'snapshot') {
    const glance = (room: Room): RoomGlance => ({
      round: event.rooms[room].round,
      lastDraw: event.rooms[room].history[0] ?? null,
    })
    return { red: glance('red'), yellow: glance('yellow'), purple: glance('purple') }
  }
  if (!overview) return overview
  const update = (room: Room, change: (glance: RoomGlance) => RoomGlance): RoomsOverview => ({
    ...overview,
    [room]: change(overview[room]),
  })
  switch (event.type) {
    case 'opened':
      return update(event.round.room, (g) => ({ ...g, round: event.round }))
    case 'tickets':
      return update(event.room, (g) =>
        g.round.roundId === event.roundId
          ? {
              ...g,
              round: {
                ...g.round,
                purchases: [...g.round.purchases, ...event.purchases],
                tickets: event.tickets,
                pot: event.pot,
              },
            }
          : g,
      )
    case 'countdown':
      return update(event.room, (g) =>
        g.round.roundId === event.roundId
          ? { ...g, round: { ...g.round, status: 'counting', countdownEndsAt: event.endsAt } }
          : g,
      )
    case 'drawn': {
      const { type: _type, v: _v, ...draw } = event
      return update(event.room, (g) =>
        g.round.roundId === event.roundId
          ? { round: { ...g.round, status: 'drawn', draw }, lastDraw: draw }
          : g,
      )
    }
    default:
      return overview
  }
}
