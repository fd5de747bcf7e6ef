/**
 * The data of a live round region (round.machine.ts): the least context it reads and writes, the
 * events it takes, and the pure predicates its guards and actions share. A live game's context
 * and events extend these; the region never reads anything else of them.
 */
import type { EventObject } from 'xstate'
import type { ConnectionEvent } from '../wireLink'
import type { LiveRoundHeader, LiveSnapshotHeader } from './protocol'

/** What the kit's round region keeps in a live game's context. */
export interface LiveRoundContext<Phase extends string = string> {
  /** Server clock minus client clock, ms, as the stream client estimates it (see clock.ts). */
  clockOffset: number
  /**
   * The round as last reported by the server, null until the first snapshot. The game keeps
   * `phase` equal to the region's state it enters: a recovered reconnection returns there.
   */
  round: LiveRoundHeader<Phase> | null
}

/** What the kit's command pieces keep in a live game's context. */
export interface LiveCommandContext {
  /**
   * Why the player's last command failed: the server's refusal code, `network` for an answer
   * that never came, or a problem the game's own pre-checks found; null when none.
   */
  lastError: string | null
}

/** Checks, as a rest parameter, that a game's errors include `network` (a lost answer). */
export type LiveCommandCheck<C extends LiveCommandContext> = 'network' extends C['lastError']
  ? []
  : [error: "the context's lastError does not take 'network'"]

/** The events the kit's round region handles itself: connection reports and the snapshot. */
export type LiveRoundEvent<Phase extends string = string> =
  ConnectionEvent | LiveSnapshotHeader<Phase>

/**
 * Checks, as a rest parameter (`...check: LiveEventsCheck<E>`), that a game's events take the
 * stream's connection reports and that its `snapshot` names the round and its phase: without
 * them the region's guards would read fields that are not there.
 */
export type LiveEventsCheck<E extends EventObject> = ConnectionEvent extends E
  ? [Extract<E, { type: 'snapshot' }>] extends [never]
    ? [error: 'the events have no snapshot']
    : Extract<E, { type: 'snapshot' }> extends LiveSnapshotHeader
      ? []
      : [error: 'the snapshot does not name its round and phase']
  : [error: 'the events lack the connection reports (CONNECTED, DISCONNECTED, CLOCK)']

/** True for the snapshot event. */
export const isSnapshot = (event: EventObject): event is LiveSnapshotHeader =>
  event.type === 'snapshot'

const CONNECTION_EVENTS: ReadonlySet<string> = new Set(['CONNECTED', 'DISCONNECTED', 'CLOCK'])

/** True for the stream's connection reports. */
export const isConnectionEvent = (event: EventObject): event is ConnectionEvent =>
  CONNECTION_EVENTS.has(event.type)
