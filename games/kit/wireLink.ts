/**
 * The one adapter between a game's wire and its round machine, shared by live play (the app's
 * stream), the recordings script and replays: each command actor sends its command through a
 * `CommandTransport` and parses the ack once, with the wire; each stream message (a server event,
 * or one of the stream's own connection reports) becomes the machine event it stands for.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate'
import { z } from 'zod/mini'
import type { CommandTransport } from '../engine/replay'
import type {
  AckOf,
  CommandNameOf,
  EventOf,
  RequestOf,
  Wire,
  WireCommands,
  WireEvents,
} from './protocol'

/** What the stream client reports about the socket, as every round machine takes it. */
export type ConnectionEvent =
  | { type: 'CONNECTED'; recovered: boolean; clockOffset: number }
  | { type: 'DISCONNECTED' }
  | { type: 'CLOCK'; clockOffset: number }

const connectedSchema = z.object({ recovered: z.boolean(), clockOffset: z.number() })
const clockSchema = z.object({ clockOffset: z.number() })

/**
 * A connection report under the name a recording stores it: `connect` ({ recovered,
 * clockOffset }), `disconnect` (any payload) or `clock` ({ clockOffset }).
 */
export function connectionMessage(event: ConnectionEvent): { name: string; payload: unknown } {
  switch (event.type) {
    case 'CONNECTED':
      return {
        name: 'connect',
        payload: { recovered: event.recovered, clockOffset: event.clockOffset },
      }
    case 'DISCONNECTED':
      return { name: 'disconnect', payload: {} }
    case 'CLOCK':
      return { name: 'clock', payload: { clockOffset: event.clockOffset } }
    default:
      throw new Error(`[kit/wireLink] unknown connection event ${JSON.stringify(event)}`)
  }
}

/**
 * The machine's event for a stream message: connection reports by their socket.io names, server
 * events parsed by the wire (which throws on anything out of protocol).
 */
export function machineEvent<E extends WireEvents, C extends WireCommands>(
  wire: Wire<E, C>,
  name: string,
  payload: unknown,
): ConnectionEvent | EventOf<E> {
  switch (name) {
    case 'connect':
      return { type: 'CONNECTED', ...connectedSchema.parse(payload) }
    case 'disconnect':
      return { type: 'DISCONNECTED' }
    case 'clock':
      return { type: 'CLOCK', ...clockSchema.parse(payload) }
    default:
      return wire.parseEvent(name, payload)
  }
}

/** A machine's command actors: actor name → the wire command it sends. */
export type CommandActors<C extends WireCommands, N extends Record<string, CommandNameOf<C>>> = {
  [A in keyof N]: PromiseActorLogic<AckOf<C, N[A]>, RequestOf<C, N[A]>>
}

/**
 * A round machine's command actors over a transport: `names` maps each actor the machine invokes
 * to the command it sends (`{ placeBet: 'bet' }`). The command goes out as the machine built it,
 * idempotency key included; the ack is parsed here, once, so the machine only ever sees
 * protocol-valid answers (the error ack among them), and a transport failure rejects the actor.
 */
export function commandActors<
  E extends WireEvents,
  C extends WireCommands,
  const N extends Record<string, CommandNameOf<C>>,
>(wire: Wire<E, C>, transport: CommandTransport, names: N): CommandActors<C, N> {
  return Object.fromEntries(
    Object.entries(names).map(([actor, command]) => [
      actor,
      fromPromise(async ({ input }: { input: unknown }) =>
        wire.parseAck(command, await transport.request(command, input)),
      ),
    ]),
  ) as CommandActors<C, N>
}
