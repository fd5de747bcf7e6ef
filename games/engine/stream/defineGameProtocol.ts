/**
 * How a game describes its wire to the stream: server event name → payload schema, client command
 * name → request and ack schemas, which event carries the full snapshot, and optionally which of
 * its own commands asks for one.
 */
import type { z } from 'zod/mini'
import { reservedCommands } from './wire'

/** Request and ack schemas of one client command. */
export interface CommandSchema<
  Req extends z.core.$ZodType = z.core.$ZodType,
  Ack extends z.core.$ZodType = z.core.$ZodType,
> {
  readonly request: Req
  readonly ack: Ack
}

/** Server event name → payload schema. */
export type EventSchemas = Readonly<Record<string, z.core.$ZodType>>
/** Client command name → request and ack schemas. */
export type CommandSchemas = Readonly<Record<string, CommandSchema>>

/** Name of a server event of a protocol. */
export type EventName<E extends EventSchemas> = keyof E & string
/** Name of a client command of a protocol. */
export type CommandName<C extends CommandSchemas> = keyof C & string

type OmitKey<T> = T extends unknown ? Omit<T, 'key'> : never

/** What a caller passes to a command: the request without `key`, which the stream adds. */
export type CommandRequest<C extends CommandSchemas, K extends CommandName<C>> = OmitKey<
  z.input<C[K]['request']>
>
/** What a successful command resolves with: the ack, minus its `{ type: 'error' }` refusals. */
export type CommandAck<C extends CommandSchemas, K extends CommandName<C>> = Exclude<
  z.output<C[K]['ack']>,
  { type: 'error' }
>

/** A game command that asks the server for a fresh snapshot, with its request. */
export type ResyncRequest<C extends CommandSchemas> = {
  [K in CommandName<C>]: { readonly command: K; readonly request: CommandRequest<C, K> }
}[CommandName<C>]

/** A game's zod description of its socket wire, as the stream consumes it. */
export interface GameProtocol<E extends EventSchemas, C extends CommandSchemas> {
  readonly events: E
  readonly commands: C
  /** The event that carries a full snapshot: sent on connect and after a resync request. */
  readonly snapshotEvent: EventName<E>
  /** The game's own resync command; the stream's reserved `resync` ({}) when absent. */
  readonly resync?: ResyncRequest<C>
}

/** A parsed server event, discriminated on `name`, so a switch over it is exhaustive. */
export type StreamEvent<E extends EventSchemas> = {
  [K in EventName<E>]: { readonly name: K; readonly payload: z.output<E[K]> }
}[EventName<E>]

/**
 * Declares a game protocol with its literal names kept, and checks it once: the snapshot event
 * and the resync command must exist, and the stream's reserved commands must not be redeclared.
 */
export function defineGameProtocol<const E extends EventSchemas, const C extends CommandSchemas>(
  protocol: GameProtocol<E, C>,
): GameProtocol<E, C> {
  if (!Object.hasOwn(protocol.events, protocol.snapshotEvent)) {
    throw new Error(
      `[GameStream] snapshot event "${protocol.snapshotEvent}" is not in the protocol`,
    )
  }
  if (protocol.resync && !Object.hasOwn(protocol.commands, protocol.resync.command)) {
    throw new Error(
      `[GameStream] resync command "${protocol.resync.command}" is not in the protocol`,
    )
  }
  for (const name of reservedCommands) {
    if (Object.hasOwn(protocol.commands, name)) {
      throw new Error(`[GameStream] command "${name}" is reserved by the stream`)
    }
  }
  return protocol
}
