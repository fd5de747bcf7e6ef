/**
 * The wire pieces every live game (crash, rooms) shares, pure so both ends import them: the
 * command that asks for a snapshot (`sync`) with its ack and the wire's resync entry, and the part
 * of a snapshot the kit's round region reads (the round's id and phase, the server's time).
 *
 * A live game's server sends a full snapshot on every (re)connection that socket.io could not
 * recover, and again on `sync`; between snapshots it streams state changes only, each naming its
 * round. What a snapshot and a phase carry beyond that is the game's own wire.
 */
import { z } from 'zod/mini'
import type { RoundId } from '../protocol'

/** The command every live game answers with a fresh snapshot event. */
export const LIVE_SYNC_COMMAND = 'sync'

/** `sync`: ask for a fresh snapshot, when none came after a (re)connection or a lost answer. */
export function liveSyncCommandSchema<const V extends number>(version: V) {
  return z.object({ type: z.literal(LIVE_SYNC_COMMAND), v: z.literal(version) })
}

/** Answer to `sync`: ok (the snapshot follows as an event) or the game's error ack. */
export function liveSyncAckSchema<const V extends number, A extends z.ZodMiniObject>(
  version: V,
  errorAck: A,
) {
  return z.discriminatedUnion('type', [
    z.object({ type: z.literal('ok'), v: z.literal(version) }),
    errorAck,
  ])
}

/** The `sync` request of a wire of version `version`. */
export function liveSyncRequest<const V extends number>(version: V) {
  return { type: LIVE_SYNC_COMMAND, v: version } as const
}

/** The wire's `resync` entry (`defineWire`): the stream asks with it after a lost reconnection. */
export function liveResync<const V extends number>(version: V) {
  return { command: LIVE_SYNC_COMMAND, request: liveSyncRequest(version) } as const
}

/** The current round as a live snapshot names it: the round region reads its phase. */
export interface LiveRoundHeader<Phase extends string = string> {
  id: RoundId
  phase: Phase
}

/** What the kit reads of a live game's snapshot event; the game's carries more. */
export interface LiveSnapshotHeader<Phase extends string = string> {
  type: 'snapshot'
  /** The server's clock when it sent the snapshot, epoch ms. */
  serverTime: number
  round: LiveRoundHeader<Phase>
}
