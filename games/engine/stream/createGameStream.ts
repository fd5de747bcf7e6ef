/**
 * The entry point: `createGameStream(options)` hands out a GameStream. Consumers of the same game
 * service (same URL, socket.io path and namespace) share one socket through a ref-counted registry;
 * the socket closes when the last of them releases it, unless a new consumer arrives in that task.
 */
import type { z } from 'zod/mini'
import type { ClockEstimate } from './clockSync'
import type {
  CommandAck,
  CommandName,
  CommandRequest,
  CommandSchemas,
  EventName,
  EventSchemas,
  StreamEvent,
} from './defineGameProtocol'
import { SharedConnection, connectionKey, type ConnectionOptions } from './SharedConnection'
import { newIdempotencyKey } from './types'
import type {
  CommandResult,
  ConnectionState,
  IdempotencyKey,
  ReconnectInfo,
  StreamError,
  TapRecord,
  Unsubscribe,
} from './types'

/**
 * Options of createGameStream.
 * - `url`: the game's service origin (`https://crash.example.com`), no path.
 * - `namespace`: the game's socket.io namespace (`/crash`).
 * - `protocol`: the game's wire, from defineGameProtocol.
 * - `getToken`: the session token for the handshake, asked on every (re)connection; null for a guest.
 * - `clock`: time source for tap records, round trips and `serverNow()`.
 * - `io`: socket factory, socket.io-client's `io` by default.
 * - `path`: socket.io path on the service, `/socket.io` by default.
 * - `commandTimeoutMs`: default command deadline (5000), resends included.
 * - `reconnectionDelayMs` / `reconnectionDelayMaxMs`: socket.io's backoff (1000 / 5000).
 * - `clockSync`: samples per estimate (6), lowest-RTT samples kept (3), period (30 000 ms).
 * - `connectAfter`: opens the socket once this settles (the page's first contentful paint, so the
 *   handshake's requests do not compete with it on a slow phone); at once when absent. Commands
 *   sent before wait in socket.io's send buffer.
 *
 * A second consumer of an open connection shares it as opened: its `getToken`, `clock` and tuning
 * are ignored, and its protocol must be the very same object.
 */
export type GameStreamOptions<E extends EventSchemas, C extends CommandSchemas> = ConnectionOptions<
  E,
  C
>

/** Per-call options of GameStream.command. */
export interface CommandOptions {
  /** The caller's key; reuse it to retry the same bet. A fresh one when omitted. */
  readonly idempotencyKey?: IdempotencyKey
  readonly timeoutMs?: number
}

/** A consumer's handle on a game's stream. */
export interface GameStream<E extends EventSchemas, C extends CommandSchemas> {
  /** Every valid server event, parsed, in arrival order. */
  onEvent(listener: (event: StreamEvent<E>) => void): Unsubscribe
  /** One server event, parsed. */
  on<K extends EventName<E>>(name: K, listener: (payload: z.output<E[K]>) => void): Unsubscribe
  /** Sends a command and waits for its ack; resent with the same key after a reconnection. */
  command<K extends CommandName<C>>(
    name: K,
    request: CommandRequest<C, K>,
    options?: CommandOptions,
  ): Promise<CommandResult<CommandAck<C, K>>>
  /**
   * Sends a command exactly as the caller built it, its `key` (when its schema has one) being
   * the idempotency key of resends, and resolves with the ack as received, refusals included,
   * for a caller that parses acks itself (a game's command actors, which parse recorded acks the
   * same way). Rejects when no ack comes in time.
   */
  request<K extends CommandName<C>>(name: K, request: z.input<C[K]['request']>): Promise<unknown>
  /** The server's clock now, per the latest estimate (the local clock before the first one). */
  serverNow(): number
  /** Latest estimate of server minus client clock, null before the first. */
  clockOffsetMs(): number | null
  /** Estimates the clock offset now (joins or follows an estimate under way). */
  syncClock(): Promise<ClockEstimate | null>
  /** Connection state for a badge; stable object between changes. */
  getState(): ConnectionState
  /** Told after every connection state change (useSyncExternalStore's subscribe). */
  subscribe(listener: () => void): Unsubscribe
  /** Told after each reconnection whether missed events follow or a resync is under way. */
  onReconnect(listener: (info: ReconnectInfo) => void): Unsubscribe
  /** Dropped events, malformed acks, refused connections, failed resyncs. */
  onError(listener: (error: StreamError) => void): Unsubscribe
  /** Every incoming event and outgoing command with its ack, timed, in order (for recording). */
  onTap(listener: (record: TapRecord) => void): Unsubscribe
  /** Re-runs the handshake (a new token after login or logout); state is resynced. */
  reconnect(): void
  /** Gives the socket back; the last release closes it (on the next task). Idempotent. */
  release(): void
}

interface Entry {
  readonly connection: SharedConnection<EventSchemas, CommandSchemas>
  refs: number
}

const registry = new Map<string, Entry>()

/** Opens (or joins) the stream of one game service. See GameStreamOptions. */
export function createGameStream<E extends EventSchemas, C extends CommandSchemas>(
  options: GameStreamOptions<E, C>,
): GameStream<E, C> {
  const key = connectionKey(options.url, options.namespace, options.path)
  let entry = registry.get(key)
  if (entry === undefined) {
    const opened = new SharedConnection(options)
    entry = { connection: opened as unknown as Entry['connection'], refs: 0 }
    registry.set(key, entry)
  } else if (entry.connection.protocol !== (options.protocol as unknown)) {
    throw new Error(`[GameStream] ${key} is already open with another protocol`)
  }
  entry.refs += 1
  return createHandle(key, entry, entry.connection as unknown as SharedConnection<E, C>)
}

function createHandle<E extends EventSchemas, C extends CommandSchemas>(
  key: string,
  entry: Entry,
  connection: SharedConnection<E, C>,
): GameStream<E, C> {
  let released = false
  const owned = new Set<Unsubscribe>()
  const assertOpen = (what: string) => {
    if (released) throw new Error(`[GameStream] ${what} after release`)
  }
  /** Keeps the handle's subscriptions so release() removes exactly this consumer's listeners. */
  const track = (subscribe: () => Unsubscribe): Unsubscribe => {
    assertOpen('listener added')
    const unsubscribe = subscribe()
    const off = () => {
      unsubscribe()
      owned.delete(off)
    }
    owned.add(off)
    return off
  }
  const own = <T>(set: Set<T>, listener: T): Unsubscribe =>
    track(() => {
      set.add(listener)
      return () => set.delete(listener)
    })

  return {
    onEvent: (listener) => own(connection.events, listener),
    on: (name, listener) => {
      if (!Object.hasOwn(connection.protocol.events, name)) {
        throw new Error(`[GameStream] unknown event "${name}"`)
      }
      return own(connection.events, (event) => {
        if (event.name === name) listener(event.payload as z.output<E[typeof name]>)
      })
    },
    command: (name, request, commandOptions = {}) => {
      assertOpen(`command "${name}"`)
      const schema = Object.hasOwn(connection.protocol.commands, name)
        ? connection.protocol.commands[name]
        : undefined
      if (schema === undefined) throw new Error(`[GameStream] unknown command "${name}"`)
      return connection.send(name, schema, request, {
        key: commandOptions.idempotencyKey ?? newIdempotencyKey(),
        timeoutMs: commandOptions.timeoutMs ?? connection.commandTimeoutMs,
        resend: true,
      }) as Promise<CommandResult<CommandAck<C, typeof name>>>
    },
    request: async (name, request) => {
      assertOpen(`command "${name}"`)
      const schema = Object.hasOwn(connection.protocol.commands, name)
        ? connection.protocol.commands[name]
        : undefined
      if (schema === undefined) throw new Error(`[GameStream] unknown command "${name}"`)
      const own: unknown =
        typeof request === 'object' && request !== null ? Reflect.get(request, 'key') : undefined
      const result = await connection.send(name, schema, request, {
        key: typeof own === 'string' ? (own as IdempotencyKey) : newIdempotencyKey(),
        timeoutMs: connection.commandTimeoutMs,
        resend: true,
        rawAck: true,
      })
      if (result.type === 'ok') return result.ack
      throw new Error(`[GameStream] command "${name}" got no answer (${result.type})`)
    },
    serverNow: () => connection.serverNow(),
    clockOffsetMs: () => connection.clock.current()?.offsetMs ?? null,
    syncClock: () => {
      assertOpen('syncClock')
      return connection.clock.run()
    },
    getState: connection.store.getState,
    // After release the handle keeps answering with the last state (React may still read it).
    subscribe: (listener) =>
      released ? () => {} : track(() => connection.store.subscribe(listener)),
    onReconnect: (listener) => own(connection.reconnects, listener),
    onError: (listener) => own(connection.errors, listener),
    onTap: (listener) => own(connection.taps, listener),
    reconnect: () => {
      assertOpen('reconnect')
      connection.reconnect()
    },
    release: () => {
      if (released) return
      released = true
      for (const off of [...owned]) off()
      entry.refs -= 1
      if (entry.refs > 0) return
      // Closed on the next task rather than now: React StrictMode unmounts and remounts an effect
      // in one go, and the remount should find the socket open instead of reconnecting.
      setTimeout(() => {
        if (entry.refs > 0 || registry.get(key) !== entry) return
        registry.delete(key)
        connection.destroy()
      }, 0)
    },
  }
}
