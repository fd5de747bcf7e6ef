/**
 * A game's socket.io namespace, the wire contract of games/engine/stream/README.md honoured once
 * for every game: one payload argument per event; every command parsed by the game's zod schema
 * and acked (a refusal in the game's error shape); a payload with text no database can store
 * (NUL, half a surrogate pair) refused `bad_request` for every game; a per-socket command budget
 * and the realtime layer's gate (session alive, per-player budget) before each; `time` acked
 * `{ serverTime }`; `resync` (and the game's own resync command, if it has one) answered by a
 * snapshot; a snapshot on every connection that socket.io did not recover; each player's sockets
 * in a room of their own. Idempotency is not here: it belongs to the game's service (see
 * answers.ts), so a command answers the same whichever socket or test calls it.
 */
import type { Namespace, Socket } from 'socket.io'
import { STORABLE_TEXT } from '../../../contract'
import type { GameLog } from './log'
import type { Player, UserId } from './player'

/** What the handshake middleware (server/realtime/auth.ts) leaves on `socket.data`. */
export interface GameSocketData {
  /** The logged-in player, or null for a guest (watch only). */
  user: Player | null
}

/** Per-socket command budget: a burst of `burst` commands, refilled at `perSecond`. */
export interface RateLimit {
  burst: number
  perSecond: number
}

/** Default budget: far above a player's clicking, far below a flood. */
export const DEFAULT_RATE_LIMIT: RateLimit = { burst: 20, perSecond: 10 }

/**
 * The refusals the namespace itself gives; the game shapes them as its protocol says.
 * `unauthorized`: the socket's session ended (the socket is being closed).
 */
export type WireRefusal = 'rate_limited' | 'bad_request' | 'internal' | 'unauthorized'

/**
 * What the realtime layer checks before each command of a socket: null lets it run, else the
 * refusal it answers (server/realtime/guard.ts: the session still alive, the player's budget).
 */
export type CommandGate = (socket: Socket) => Promise<WireRefusal | null>

/** Deeper than any command's payload: a deeper one is refused rather than walked. */
const MAX_PAYLOAD_DEPTH = 16

/** Whether every string (keys too) of a payload can be stored: no NUL, no lone surrogate. */
export function storablePayload(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return STORABLE_TEXT.test(value)
  if (typeof value !== 'object' || value === null) return true
  if (depth >= MAX_PAYLOAD_DEPTH) return false
  if (Array.isArray(value)) return value.every((v) => storablePayload(v, depth + 1))
  return Object.entries(value).every(
    ([k, v]) => STORABLE_TEXT.test(k) && storablePayload(v, depth + 1),
  )
}

/** The room of one player's sockets, for events only they receive. */
function userRoom(userId: UserId): string {
  return `user:${userId}`
}

/** An event as the wire carries it: its `type` is its socket.io event name. */
export interface WireEvent {
  readonly type: string
}

/** Where a game's events go: a namespace in production, an array in tests. */
export interface GameEmitter<Public extends WireEvent, Personal extends WireEvent> {
  /** To every watcher. */
  broadcast(event: Public): void
  /** To one player's sockets. */
  toUser(userId: UserId, event: Personal): void
}

/** An emitter that sends a game's public events to one channel of its namespace. */
export function channelEmitter<Public extends WireEvent, Personal extends WireEvent>(
  nsp: Namespace,
  channel: string,
): GameEmitter<Public, Personal> {
  return {
    broadcast: (event) => void nsp.to(channel).emit(event.type, event),
    toUser: (userId, event) => void nsp.to(userRoom(userId)).emit(event.type, event),
  }
}

/** An emitter that sends a game's events to its namespace. */
export function namespaceEmitter<Public extends WireEvent, Personal extends WireEvent>(
  nsp: Namespace,
): GameEmitter<Public, Personal> {
  return {
    broadcast: (event) => void nsp.emit(event.type, event),
    toUser: (userId, event) => void nsp.to(userRoom(userId)).emit(event.type, event),
  }
}

/** One command of a game: its parser (null: refused `bad_request`) and what it does. */
export interface CommandHandler<C> {
  parse(payload: unknown): C | null
  run(user: Player | null, command: C): Promise<unknown> | unknown
}

/** A handler as the namespace holds it, its command type erased (its parser made the command). */
export interface WireCommand {
  parse(payload: unknown): unknown
  run(user: Player | null, command: never): Promise<unknown> | unknown
}

/** Checks a handler's parser against its `run` and erases the command type for a game's table. */
export function command<C>(handler: CommandHandler<C>): WireCommand {
  return handler
}

/** Options of {@link serveNamespace}. */
export interface NamespaceOptions {
  /** The game's id, in log lines. */
  game: string
  log: GameLog
  /** Every command of the game's protocol by its event name (each typed by `command()`). */
  commands: Readonly<Record<string, WireCommand>>
  /** The game's refusal ack (its protocol's error shape) for the namespace's own refusals. */
  refusal(code: WireRefusal): unknown
  /** The full state for a player (null: a guest), sent as the event named by its `type`. */
  snapshot(user: Player | null): Promise<WireEvent>
  /** The game's clock, epoch ms, for `time` (fake in tests). */
  serverTime(): number
  /**
   * The game's own "send me a snapshot" command, if its protocol has one (crash: `sync`): its
   * request is parsed, `ack` answers it, then the snapshot follows. The stream's generic `resync`
   * is served either way.
   */
  resync?: { command: string; parse(payload: unknown): boolean; ack: unknown }
  /**
   * The socket.io rooms a socket joins on connection, beside its player's own: a game of several
   * channels (rooms: one per room and currency) sends each only to its watchers.
   */
  channels?(user: Player | null): string[]
  rateLimit?: RateLimit
  /** Run before each command that passed the per-socket budget (see {@link CommandGate}). */
  gate?: CommandGate
  /** Clock for the rate limiter (wall time; the game clock may be fake in tests). */
  now?: () => number
}

type Ack = (answer: unknown) => void

/** Wires a game's commands, `time`, resync and the join snapshot onto `nsp`. */
export function serveNamespace(nsp: Namespace, options: NamespaceOptions): void {
  const { log, game, refusal } = options
  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  const now = options.now ?? (() => performance.now())

  const sendSnapshot = async (socket: Socket, user: Player | null) => {
    try {
      const snapshot = await options.snapshot(user)
      socket.emit(snapshot.type, snapshot)
    } catch (err) {
      log.error({ err }, `[${game}] snapshot failed`)
    }
  }

  nsp.on('connection', (socket: Socket) => {
    const user = (socket.data as Partial<GameSocketData>).user ?? null
    if (user) void socket.join(userRoom(user.userId))
    for (const channel of options.channels?.(user) ?? []) void socket.join(channel)
    if (!socket.recovered) void sendSnapshot(socket, user)

    let tokens = limit.burst
    let refilledAt = now()
    const allowed = () => {
      const t = now()
      tokens = Math.min(limit.burst, tokens + ((t - refilledAt) / 1000) * limit.perSecond)
      refilledAt = t
      if (tokens < 1) return false
      tokens -= 1
      return true
    }

    const on = (name: string, handle: (payload: unknown) => Promise<unknown> | unknown) => {
      socket.on(name, (payload: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return // every command is acked; one without is not ours
        const reply = ack as Ack
        if (!allowed()) return reply(refusal('rate_limited'))
        Promise.resolve(options.gate?.(socket) ?? null)
          .then((refused) => {
            if (refused) return refusal(refused)
            return storablePayload(payload) ? handle(payload) : refusal('bad_request')
          })
          .then(reply, (err: unknown) => {
            log.error({ err, command: name }, `[${game}] command failed`)
            reply(refusal('internal'))
          })
      })
    }
    // The ack first, then the snapshot, as the stream expects (setImmediate runs after the ack).
    const resyncThen = <A>(ack: A): A => {
      setImmediate(() => void sendSnapshot(socket, user))
      return ack
    }

    for (const [name, handler] of Object.entries(options.commands)) {
      on(name, (payload) => {
        const cmd = handler.parse(payload)
        // `command()` paired this parser with this `run`, so its output is run's input.
        return cmd === null ? refusal('bad_request') : handler.run(user, cmd as never)
      })
    }
    const own = options.resync
    if (own) {
      on(own.command, (payload) =>
        own.parse(payload) ? resyncThen(own.ack) : refusal('bad_request'),
      )
    }
    // The stream client's own commands.
    on('time', () => ({ serverTime: options.serverTime() }))
    on('resync', () => resyncThen({}))
  })
}
