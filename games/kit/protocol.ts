/**
 * The wire pieces every game shares, pure (zod and engine money only) so the server, the client
 * and the verifier import the same ones: branded ids, money fields, the command error ack, and
 * `defineWire`, which turns ONE list of a game's events and commands into everything both ends
 * need (the stream's protocol maps, the parsers, the event and command types).
 *
 * Conventions of every game wire (games/engine/stream/README.md has the socket part): each message
 * carries `v`, the game's protocol version, and a `type` equal to its socket.io event name; a
 * command that moves money carries an idempotency `key`; its ack is `{ type: 'ok', v, ... }` or the
 * error ack `{ type: 'error', v, code }`.
 */
import { z } from 'zod/mini'
import { minorSchema } from '../engine/money'

/** A round's id (a live game's round, or an instant game's bet round), as text. */
export const roundIdSchema = z.string().check(z.minLength(1), z.maxLength(64)).brand<'RoundId'>()
/** A round's id. */
export type RoundId = z.infer<typeof roundIdSchema>

/** A bet's id, given by the server. */
export const betIdSchema = z.string().check(z.minLength(1), z.maxLength(64)).brand<'BetId'>()
/** A bet's id. */
export type BetId = z.infer<typeof betIdSchema>

/** An idempotency key chosen by the client for one command (a UUID in practice). */
export const commandKeySchema = z
  .string()
  .check(z.minLength(8), z.maxLength(64))
  .brand<'CommandKey'>()
/** An idempotency key. */
export type CommandKey = z.infer<typeof commandKeySchema>

/** A bet amount: positive minor units. */
export const stakeSchema = z.pipe(z.int().check(z.positive()), minorSchema)
/** A balance or a payout: minor units, never negative. */
export const fundsSchema = z.pipe(z.int().check(z.nonnegative()), minorSchema)
/** A server clock reading, epoch milliseconds. */
export const serverTimeSchema = z.int().check(z.nonnegative())

/**
 * Refusals every game can answer a command with: `balance_not_enough`, `limits` (outside the
 * game's limits), `duplicate` (a second bet where one stands; a retry with the same key is not a
 * duplicate, it gets the first ack), `not_found`, `unauthorized` (a guest), `rate_limited`,
 * `bad_request` and `internal`. A game adds its own (crash: `betting_closed`, `too_late`).
 */
export const COMMON_ERROR_CODES = [
  'balance_not_enough',
  'limits',
  'duplicate',
  'not_found',
  'unauthorized',
  'rate_limited',
  'bad_request',
  'internal',
] as const
/** A refusal every game knows. */
export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number]

/** The error ack of a game: `{ type: 'error', v, code }` with the game's version and codes. */
export function errorAckSchema<
  const V extends number,
  const Codes extends readonly [string, ...string[]],
>(version: V, codes: Codes) {
  return z.object({ type: z.literal('error'), v: z.literal(version), code: z.enum(codes) })
}

/** A command's request and ack schemas. */
export interface WireCommand {
  readonly request: z.ZodMiniType
  readonly ack: z.ZodMiniType
}

/** Server event name → payload schema. */
export type WireEvents = Readonly<Record<string, z.ZodMiniType>>
/** Client command name → request and ack schemas. */
export type WireCommands = Readonly<Record<string, WireCommand>>

/** Any parsed server event of a wire, discriminated on `type`. */
export type EventOf<E extends WireEvents> = { [K in keyof E & string]: z.output<E[K]> }[keyof E &
  string]
/** A command name of a wire. */
export type CommandNameOf<C extends WireCommands> = keyof C & string
/** A parsed command of a wire, by name. */
export type RequestOf<C extends WireCommands, K extends CommandNameOf<C>> = z.output<
  C[K]['request']
>
/** Any parsed command of a wire. */
export type AnyRequestOf<C extends WireCommands> = {
  [K in CommandNameOf<C>]: RequestOf<C, K>
}[CommandNameOf<C>]
/** A parsed ack (the ok answer or the error ack) of a command. */
export type AckOf<C extends WireCommands, K extends CommandNameOf<C>> = z.output<C[K]['ack']>

/** What a game declares about its wire, once. */
export interface WireSpec<E extends WireEvents, C extends WireCommands> {
  /** The game's id, for error messages (`[crash/protocol] ...`). */
  readonly game: string
  /** The protocol version (`v`) both ends speak. */
  readonly version: number
  readonly events: E
  readonly commands: C
  /** The event that carries the full state, sent on join and after a resync. */
  readonly snapshotEvent: keyof E & string
  /** The command that asks for a snapshot, with its request. */
  readonly resync: {
    readonly [K in CommandNameOf<C>]: { command: K; request: RequestOf<C, K> }
  }[CommandNameOf<C>]
}

/** A game's wire: the spec, its parsers and its names. Both ends and the stream client use it. */
export interface Wire<E extends WireEvents, C extends WireCommands> extends WireSpec<E, C> {
  /** Every server event name, in the order declared. */
  readonly eventNames: readonly (keyof E & string)[]
  /** Every command name, in the order declared. */
  readonly commandNames: readonly CommandNameOf<C>[]
  /**
   * Parses a server event received under `name`. Throws on an unknown name, a name that
   * disagrees with the payload's `type`, another version or a malformed payload: each means the
   * two ends are incompatible, a bug rather than a player-facing state.
   */
  parseEvent(name: string, payload: unknown): EventOf<E>
  /** Parses a command's ack; throws like `parseEvent` when the server answers out of protocol. */
  parseAck<K extends CommandNameOf<C>>(command: K, payload: unknown): AckOf<C, K>
  /** Parses a command on the server's side; null means refuse it with `bad_request`. */
  parseCommand<K extends CommandNameOf<C>>(name: K, payload: unknown): RequestOf<C, K> | null
}

/** The literal of a schema's `type` field, if it is an object with one. */
function typeLiteralOf(schema: z.ZodMiniType): unknown {
  const shape = (schema._zod.def as { shape?: Record<string, z.ZodMiniType> }).shape
  const values = (shape?.type?._zod.def as { values?: unknown[] } | undefined)?.values
  return values?.length === 1 ? values[0] : undefined
}

/**
 * Declares a game's wire from one list of its events and commands, and checks it once: every
 * event and command schema has a `type` equal to its name, and the snapshot event and the resync
 * command exist. A mistake throws at load time, not on the first message.
 */
export function defineWire<const E extends WireEvents, const C extends WireCommands>(
  spec: WireSpec<E, C>,
): Wire<E, C> {
  const where = `[${spec.game}/protocol]`
  const named = [
    ...Object.entries(spec.events).map(([name, schema]) => [name, schema] as const),
    ...Object.entries(spec.commands).map(([name, command]) => [name, command.request] as const),
  ]
  for (const [name, schema] of named) {
    if (typeLiteralOf(schema) !== name) {
      throw new Error(`${where} "${name}" must carry type "${name}"`)
    }
  }
  if (!Object.hasOwn(spec.events, spec.snapshotEvent)) {
    throw new Error(`${where} snapshot event "${spec.snapshotEvent}" is not declared`)
  }
  if (!Object.hasOwn(spec.commands, spec.resync.command)) {
    throw new Error(`${where} resync command "${spec.resync.command}" is not declared`)
  }
  const eventNames = Object.keys(spec.events) as (keyof E & string)[]
  const commandNames = Object.keys(spec.commands) as CommandNameOf<C>[]
  return {
    ...spec,
    eventNames,
    commandNames,
    parseEvent(name, payload) {
      const schema = Object.hasOwn(spec.events, name) ? spec.events[name] : undefined
      if (!schema) throw new Error(`${where} unknown event "${name}"`)
      const type: unknown =
        typeof payload === 'object' && payload !== null ? Reflect.get(payload, 'type') : undefined
      if (typeof type === 'string' && type !== name && Object.hasOwn(spec.events, type)) {
        throw new Error(`${where} event "${name}" carries type "${type}"`)
      }
      const result = z.safeParse(schema, payload)
      if (!result.success) {
        throw new Error(`${where} malformed "${name}": ${result.error.message}`)
      }
      return result.data as EventOf<E>
    },
    parseAck(command, payload) {
      const result = z.safeParse(spec.commands[command]!.ack, payload)
      if (!result.success) {
        throw new Error(`${where} malformed ack to "${command}": ${result.error.message}`)
      }
      return result.data as AckOf<C, typeof command>
    },
    parseCommand(name, payload) {
      const command = Object.hasOwn(spec.commands, name) ? spec.commands[name] : undefined
      if (!command) return null
      const result = z.safeParse(command.request, payload)
      return result.success ? (result.data as RequestOf<C, typeof name>) : null
    },
  }
}

/**
 * A game service's refused proof request (`GET <proof path>/<roundId>`): `not_found` for an
 * unknown round and for one not finished yet, alike, so the answer tells nothing of the latter.
 */
export const proofNotFoundSchema = z.object({
  data: z.object({ message: z.literal('not_found'), params: z.record(z.string(), z.unknown()) }),
})
