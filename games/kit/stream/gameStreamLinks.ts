/**
 * The stream side every family's client derives alike from its wire and a game's namespace.
 * Its own module, calling `connectGameStream` through its import, so a page test's mock of that
 * module reaches the stream it opens.
 */
import type { WireCommands, WireEvents, Wire } from '../protocol'
import { machineEvent } from '../wireLink'
import { connectGameStream, type MachineInbox } from './connectGameStream'

/**
 * What a family's client derives the same way from its wire and a game's namespace (instant and
 * stateful alike): the machine event of each stream message, and the stream opened at `/<id>`.
 */
export function gameStreamLinks<E extends WireEvents, C extends WireCommands>(
  wire: Wire<E, C>,
  namespace: string,
) {
  return {
    /** The round machine's event for a stream message (a server event or a connection report). */
    eventFromStream: (name: string, payload: unknown) => machineEvent(wire, name, payload),
    /** Opens the game's stream at `/<id>` on its service. */
    connect: (options: { url: string; getToken: () => string | null; inbox: MachineInbox<E> }) =>
      connectGameStream({ ...options, wire, namespace }),
  }
}
