/**
 * One socket.io socket for one (service URL, namespace), shared by every consumer of that game:
 * parses what arrives, sends commands with acks, keeps the clock estimate and connection state,
 * and resyncs when a reconnection lost state. Consumers hold it through createGameStream handles.
 */
import { io as defaultIo } from 'socket.io-client'
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client'
import { z } from 'zod/mini'
import { ClockSync, type ClockSample, type ClockSyncOptions } from './clockSync'
import { ConnectionStore } from './ConnectionStore'
import type {
  CommandSchema,
  CommandSchemas,
  EventSchemas,
  GameProtocol,
  StreamEvent,
} from './defineGameProtocol'
import type {
  CommandResult,
  IdempotencyKey,
  ReconnectInfo,
  StreamClock,
  StreamError,
  TapRecord,
} from './types'
import { newIdempotencyKey } from './types'
import { CommandRejection, ResyncCommand, TimeCommand } from './wire'

/** Opens a socket; socket.io-client's `io` by default, replaceable for other transports or tests. */
export type SocketFactory = (
  uri: string,
  options: Partial<ManagerOptions & SocketOptions>,
) => Socket

/** Everything a connection needs; see createGameStream for the meaning of each field. */
export interface ConnectionOptions<E extends EventSchemas, C extends CommandSchemas> {
  readonly url: string
  readonly namespace: string
  readonly protocol: GameProtocol<E, C>
  readonly getToken: () => string | null | undefined | Promise<string | null | undefined>
  readonly clock: StreamClock
  readonly io?: SocketFactory
  readonly path?: string
  readonly commandTimeoutMs?: number
  readonly reconnectionDelayMs?: number
  readonly reconnectionDelayMaxMs?: number
  readonly clockSync?: ClockSyncOptions
  readonly connectAfter?: PromiseLike<unknown>
}

interface SendOptions {
  readonly key: IdempotencyKey
  readonly timeoutMs: number
  /** Send again with the same key when a disconnection swallowed the ack. */
  readonly resend: boolean
  /** Resolve with the ack as received, unparsed: the caller parses it (see GameStream.request). */
  readonly rawAck?: boolean
}

/** Runs listeners so that one that throws neither stops the others nor breaks the socket. */
function notify<T>(listeners: ReadonlySet<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) {
    try {
      listener(value)
    } catch (error) {
      // Rethrown outside the socket's packet handling, where it still surfaces as a bug.
      queueMicrotask(() => {
        throw error
      })
    }
  }
}

/** Splits a service URL into the socket.io origin; a path prefix belongs in `path`. */
function serviceOrigin(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`[GameStream] invalid service url "${url}"`)
  }
  if (parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '') {
    throw new Error(
      `[GameStream] service url "${url}" has a path; give the origin and pass the socket.io path as \`path\``,
    )
  }
  return parsed.origin
}

/** Registry key of a connection: same origin, socket.io path and namespace share one socket. */
export function connectionKey(url: string, namespace: string, path = '/socket.io'): string {
  return `${serviceOrigin(url)}${path}#${namespace}`
}

export class SharedConnection<E extends EventSchemas, C extends CommandSchemas> {
  readonly store = new ConnectionStore()
  readonly clock: ClockSync
  readonly events = new Set<(event: StreamEvent<E>) => void>()
  readonly errors = new Set<(error: StreamError) => void>()
  readonly taps = new Set<(record: TapRecord) => void>()
  readonly reconnects = new Set<(info: ReconnectInfo) => void>()
  readonly protocol: GameProtocol<E, C>
  readonly commandTimeoutMs: number
  private readonly socket: Socket
  private readonly now: () => number
  private readonly pending = new Set<() => void>()
  private readonly clockTimer: ReturnType<typeof setInterval> | undefined
  private hasConnected = false
  private closed = false

  constructor(options: ConnectionOptions<E, C>) {
    if (!options.namespace.startsWith('/')) {
      throw new Error(`[GameStream] namespace "${options.namespace}" must start with "/"`)
    }
    this.protocol = options.protocol
    this.commandTimeoutMs = options.commandTimeoutMs ?? 5000
    this.now = () => options.clock.now()
    this.clock = new ClockSync(
      () => this.sampleClock(),
      (estimate) => this.store.update({ rttMs: Math.round(estimate.medianRttMs) }),
      options.clockSync,
    )
    const factory = options.io ?? defaultIo
    this.socket = factory(`${serviceOrigin(options.url)}${options.namespace}`, {
      path: options.path ?? '/socket.io',
      // Asked again on every (re)connection, so a refreshed token is used; guests send no token.
      auth: (cb) => {
        Promise.resolve()
          .then(() => options.getToken())
          .then(
            (token) => cb(token ? { token } : {}),
            (error: unknown) => {
              console.error('[GameStream] getToken failed; connecting as a guest', error)
              cb({})
            },
          )
      },
      reconnectionDelay: options.reconnectionDelayMs ?? 1000,
      reconnectionDelayMax: options.reconnectionDelayMaxMs ?? 5000,
      // Listeners first, then connect, so not even the first snapshot can be missed.
      autoConnect: false,
    })
    this.socket.onAny(this.onAnyEvent)
    this.socket.on('connect', this.onConnect)
    this.socket.on('disconnect', this.onDisconnect)
    this.socket.on('connect_error', this.onConnectError)
    this.socket.io.on('reconnect_failed', this.onReconnectFailed)
    const intervalMs = options.clockSync?.intervalMs ?? 30_000
    if (intervalMs > 0) {
      this.clockTimer = setInterval(() => {
        if (this.socket.connected) void this.clock.run()
      }, intervalMs)
    }
    const open = () => {
      if (!this.closed) this.socket.connect()
    }
    // Commands sent before then wait in socket.io's buffer, as they do during a reconnection.
    if (options.connectAfter) void Promise.resolve(options.connectAfter).then(open, open)
    else open()
  }

  /** Sends a command and resolves with its typed result; never rejects for network reasons. */
  async send<S extends CommandSchema>(
    name: string,
    schema: S,
    request: unknown,
    options: SendOptions,
  ): Promise<CommandResult<z.output<S['ack']>>> {
    if (this.closed) throw new Error(`[GameStream] command "${name}" sent after release`)
    const { key } = options
    // The key rides in the request; a schema without a `key` field strips it (time, resync...).
    const keyed = typeof request === 'object' && request !== null ? { ...request, key } : request
    const parsed = z.safeParse(schema.request, keyed)
    if (!parsed.success) {
      throw new Error(
        `[GameStream] invalid request for command "${name}": ${parsed.error.issues
          .map((i) => `${i.path.join('.')} ${i.message}`)
          .join('; ')}`,
      )
    }
    const payload: unknown = parsed.data
    return new Promise((resolve) => {
      let attempt = 0
      let done = false
      const finish = (result: CommandResult<z.output<S['ack']>>, raw: unknown) => {
        if (done) return
        done = true
        clearTimeout(timer)
        this.socket.off('connect', sendNow)
        this.pending.delete(abort)
        this.tap({
          kind: 'ack',
          dir: 'in',
          at: this.now(),
          name,
          payload: raw,
          key,
          outcome: result.type,
        })
        resolve(result)
      }
      const abort = () => finish({ type: 'timeout', key }, null)
      const timer = setTimeout(abort, options.timeoutMs)
      const sendNow = () => {
        if (done) return
        attempt += 1
        this.tap({ kind: 'command', dir: 'out', at: this.now(), name, payload, key, attempt })
        // socket.io's own timeout only frees its ack slot; ours (above) decides the result.
        this.socket
          .timeout(options.timeoutMs + 1000)
          .emitWithAck(name, payload)
          .then(
            (raw: unknown) =>
              finish(
                options.rawAck
                  ? { type: 'ok', key, ack: raw as z.output<S['ack']> }
                  : this.readAck(name, schema, raw, key),
                raw,
              ),
            () => {
              if (done) return
              // The ack died with the connection. Sending again with the same key is safe: the
              // server applies a key once and answers a repeat with the first outcome.
              if (options.resend && !this.closed) this.socket.once('connect', sendNow)
              else abort()
            },
          )
      }
      this.pending.add(abort)
      sendNow()
    })
  }

  /** Server clock per the latest estimate; the local clock before the first. */
  serverNow(): number {
    return this.now() + (this.clock.current()?.offsetMs ?? 0)
  }

  /** Re-runs the handshake so a new token (after login or logout) reaches the server. */
  reconnect(): void {
    if (this.closed) return
    this.socket.disconnect()
    this.store.update({ status: 'reconnecting' })
    this.socket.connect()
  }

  /** Closes the socket for good; pending commands resolve as timeouts. */
  destroy(): void {
    if (this.closed) return
    this.closed = true
    clearInterval(this.clockTimer)
    for (const abort of [...this.pending]) abort()
    this.socket.disconnect()
    this.socket.offAny(this.onAnyEvent)
    this.socket.off('connect', this.onConnect)
    this.socket.off('disconnect', this.onDisconnect)
    this.socket.off('connect_error', this.onConnectError)
    this.socket.io.off('reconnect_failed', this.onReconnectFailed)
    this.store.update({ status: 'offline', resyncing: false })
    this.events.clear()
    this.errors.clear()
    this.taps.clear()
    this.reconnects.clear()
  }

  private readonly onAnyEvent = (name: string, ...args: unknown[]): void => {
    // One payload per event; with state recovery socket.io appends its offset after it.
    const payload = args[0]
    const at = this.now()
    const schema = Object.hasOwn(this.protocol.events, name)
      ? this.protocol.events[name]
      : undefined
    if (schema === undefined) {
      this.tap({ kind: 'event', dir: 'in', at, name, payload, dropped: true })
      this.report({ type: 'unknown-event', name, payload }, `unknown event "${name}" dropped`)
      return
    }
    const parsed = z.safeParse(schema, payload)
    if (!parsed.success) {
      this.tap({ kind: 'event', dir: 'in', at, name, payload, dropped: true })
      this.report(
        { type: 'invalid-event', name, payload, issues: parsed.error.issues },
        `invalid event "${name}" dropped`,
      )
      return
    }
    this.tap({ kind: 'event', dir: 'in', at, name, payload, dropped: false })
    if (name === this.protocol.snapshotEvent) this.store.update({ resyncing: false })
    notify(this.events, { name, payload: parsed.data } as StreamEvent<E>)
  }

  private readonly onConnect = (): void => {
    const isReconnection = this.hasConnected
    this.hasConnected = true
    this.store.update({ status: 'online' })
    if (isReconnection) {
      if (this.socket.recovered) {
        // socket.io delivers the missed events right after this, in order.
        notify<ReconnectInfo>(this.reconnects, { type: 'recovered' })
      } else {
        this.store.update({ resyncing: true })
        notify<ReconnectInfo>(this.reconnects, { type: 'resync' })
        void this.requestResync()
      }
    }
    void this.clock.run()
  }

  private readonly onDisconnect = (): void => {
    // `active` is false when the server kicked the socket or it was closed here: no retry.
    this.store.update({ status: this.socket.active && !this.closed ? 'reconnecting' : 'offline' })
  }

  private readonly onConnectError = (error: Error): void => {
    if (this.socket.active) return // socket.io retries by itself
    // Refused by a server middleware (a bad token, say): socket.io will not retry.
    this.store.update({ status: 'offline' })
    this.report({ type: 'connect-rejected', message: error.message }, 'connection refused')
  }

  private readonly onReconnectFailed = (): void => {
    this.store.update({ status: 'offline' })
  }

  private async requestResync(): Promise<void> {
    const custom = this.protocol.resync
    const options = { key: newIdempotencyKey(), timeoutMs: this.commandTimeoutMs, resend: true }
    const schema = custom ? this.protocol.commands[custom.command] : ResyncCommand
    if (schema === undefined) throw new Error('[GameStream] resync command missing from protocol')
    const result = await this.send(
      custom?.command ?? 'resync',
      schema,
      custom?.request ?? {},
      options,
    )
    if (result.type !== 'ok' && !this.closed) {
      this.report({ type: 'resync-failed', result: result.type }, `resync ${result.type}`)
    }
  }

  private async sampleClock(): Promise<ClockSample | null> {
    if (!this.socket.connected || this.closed) return null
    const t0 = this.now()
    const result = await this.send(
      'time',
      TimeCommand,
      {},
      {
        key: newIdempotencyKey(),
        timeoutMs: this.commandTimeoutMs,
        // A resent ping would measure the reconnection, not the link.
        resend: false,
      },
    )
    const t1 = this.now()
    return result.type === 'ok' ? { t0, t1, serverTime: result.ack.serverTime } : null
  }

  private readAck<S extends CommandSchema>(
    name: string,
    schema: S,
    raw: unknown,
    key: IdempotencyKey,
  ): CommandResult<z.output<S['ack']>> {
    const refusal = CommandRejection.safeParse(raw)
    if (refusal.success) {
      const { code, message } = refusal.data
      return message === undefined
        ? { type: 'rejected', key, code }
        : { type: 'rejected', key, code, message }
    }
    const parsed = z.safeParse(schema.ack, raw)
    if (!parsed.success) return this.malformedAck(name, raw, parsed.error.issues, key)
    return { type: 'ok', key, ack: parsed.data as z.output<S['ack']> }
  }

  /** A server bug, reported; the caller sees a rejection it can show as a generic error. */
  private malformedAck(
    name: string,
    raw: unknown,
    issues: readonly z.core.$ZodIssue[],
    key: IdempotencyKey,
  ): { type: 'rejected'; key: IdempotencyKey; code: string } {
    this.report(
      { type: 'malformed-ack', command: name, payload: raw, issues },
      `malformed ack of "${name}"`,
    )
    return { type: 'rejected', key, code: 'malformed-ack' }
  }

  private tap(record: TapRecord): void {
    if (this.taps.size > 0) notify(this.taps, record)
  }

  private report(error: StreamError, message: string): void {
    console.error(`[GameStream] ${message}`, error)
    notify(this.errors, error)
  }
}
