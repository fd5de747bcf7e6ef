/**
 * How the round machine meets a stream: its command actors over a transport, and the machine event
 * for each stream message. Kept apart from the UI so Node code (replay tests, benchmarks, the
 * recordings script) can use it without loading React or CSS.
 */
import { fromPromise } from 'xstate'
import { z } from 'zod/mini'
import type { CommandTransport } from '../engine/replay'
import {
  parseAck,
  parseServerEvent,
  type AckOf,
  type ClientCommand,
  type CommandName,
} from './protocol'
import type { CrashRoundEvent } from './round.model'

const sendVia = <C extends CommandName>(transport: CommandTransport, command: C) =>
  fromPromise<AckOf<C>, Extract<ClientCommand, { type: C }>>(async ({ input }) =>
    parseAck(command, await transport.request(command, input)),
  )

/**
 * The round machine's command actors over a transport (the stream client's socket, or a replay):
 * `crashRoundMachine.provide({ actors: crashCommandActors(transport) })`. Acks are parsed here, on
 * arrival, so the machine only ever sees protocol-valid answers.
 */
export function crashCommandActors(transport: CommandTransport) {
  return {
    placeBet: sendVia(transport, 'bet'),
    cashOut: sendVia(transport, 'cashOut'),
    cancelBet: sendVia(transport, 'cancelBet'),
    requestSync: sendVia(transport, 'sync'),
  }
}

const connectedSchema = z.object({ recovered: z.boolean(), clockOffset: z.number() })
const clockSchema = z.object({ clockOffset: z.number() })

/**
 * Names under which the stream client reports (and the recorder stores) the socket's own changes:
 * `connect` ({ recovered, clockOffset }), `disconnect` (any payload) and `clock` ({ clockOffset }).
 */
export const CONNECTION_EVENT_NAMES = ['connect', 'disconnect', 'clock'] as const

/**
 * The round machine's event for a stream message, as the stream client and the replayer both
 * deliver it: connection changes by their socket.io names, server events through the protocol.
 */
export function crashEventFromStream(name: string, payload: unknown): CrashRoundEvent {
  switch (name) {
    case 'connect':
      return { type: 'CONNECTED', ...connectedSchema.parse(payload) }
    case 'disconnect':
      return { type: 'DISCONNECTED' }
    case 'clock':
      return { type: 'CLOCK', ...clockSchema.parse(payload) }
    default:
      return parseServerEvent(name, payload)
  }
}
