/**
 * The `/crash` socket.io namespace: the wire contract of games/engine/stream/README.md, honoured
 * here without importing it. One payload argument per event; every command parsed with the crash
 * protocol's zod schemas; refusals acked `{ type: 'error', v, code }`; a repeated command key
 * gets the first answer; `time` acks `{ serverTime }`; `sync` (and the stream's generic
 * `resync`) is answered by a snapshot; a snapshot on every connection that was not recovered.
 */
import type { Namespace, Socket } from 'socket.io'
import { PROTOCOL_VERSION, parseCommand, type CommandName } from '../../../games/crash/protocol'
import { refusal, type Bettor, type UserId } from './bet'
import type { CrashLog } from './BetBook'
import type { CrashEmitter, CrashService } from './CrashService'

/** What the handshake middleware leaves on `socket.data`. */
export interface CrashSocketData {
  /** The logged-in player, or null for a guest (watch only). */
  user: Bettor | null
}

/** Per-socket command budget: a burst of `burst` commands, refilled at `perSecond`. */
export interface RateLimit {
  burst: number
  perSecond: number
}

/** Options of {@link registerCrashNamespace}. */
export interface CrashNamespaceOptions {
  log: CrashLog
  rateLimit?: RateLimit
  /** Clock for the rate limiter (wall time; the game clock may be fake in tests). */
  now?: () => number
}

/** Default budget: far above a player's clicking, far below a flood. */
export const DEFAULT_RATE_LIMIT: RateLimit = { burst: 20, perSecond: 10 }

/** How many first answers each process remembers for key replays (oldest forgotten first). */
const ANSWER_CACHE_SIZE = 20_000

/** The room of one player's sockets, for `settled`. */
export function userRoom(userId: UserId): string {
  return `user:${userId}`
}

/** An emitter that sends the loop's events to a namespace. */
export function namespaceEmitter(nsp: Namespace): CrashEmitter {
  return {
    broadcast: (event) => void nsp.emit(event.type, event),
    toUser: (userId, event) => void nsp.to(userRoom(userId)).emit(event.type, event),
  }
}

type Ack = (answer: unknown) => void

/** Wires the crash commands and the join snapshot onto `nsp`. */
export function registerCrashNamespace(
  nsp: Namespace,
  crash: CrashService,
  options: CrashNamespaceOptions,
): void {
  const { log } = options
  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT
  const now = options.now ?? (() => performance.now())
  // Keyed by player, not socket: a command resent after a reconnection gets its first answer.
  const answers = new Map<string, Promise<unknown>>()
  const once = (
    user: Bettor | null,
    name: CommandName,
    key: string,
    run: () => Promise<unknown>,
  ) => {
    if (!user) return run()
    const id = `${user.userId}:${name}:${key}`
    const known = answers.get(id)
    if (known) return known
    const answer = run()
    answers.set(id, answer)
    if (answers.size > ANSWER_CACHE_SIZE) answers.delete(answers.keys().next().value!)
    return answer
  }

  const sendSnapshot = async (socket: Socket, user: Bettor | null) => {
    try {
      socket.emit('snapshot', await crash.snapshot(user))
    } catch (err) {
      log.error({ err }, '[crash] snapshot failed')
    }
  }

  nsp.on('connection', (socket: Socket) => {
    const user = (socket.data as Partial<CrashSocketData>).user ?? null
    if (user) void socket.join(userRoom(user.userId))
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
        Promise.resolve()
          .then(() => handle(payload))
          .then(reply, (err: unknown) => {
            log.error({ err, command: name }, '[crash] command failed')
            reply(refusal('internal'))
          })
      })
    }

    on('bet', (payload) => {
      const cmd = parseCommand('bet', payload)
      if (cmd?.type !== 'bet') return refusal('bad_request')
      return once(user, 'bet', cmd.key, () => crash.placeBet(user, cmd))
    })
    on('cashOut', (payload) => {
      const cmd = parseCommand('cashOut', payload)
      if (cmd?.type !== 'cashOut') return refusal('bad_request')
      return once(user, 'cashOut', cmd.key, () => crash.cashOut(user, cmd))
    })
    on('cancelBet', (payload) => {
      const cmd = parseCommand('cancelBet', payload)
      if (cmd?.type !== 'cancelBet') return refusal('bad_request')
      return once(user, 'cancelBet', cmd.key, () => crash.cancelBet(user, cmd))
    })
    on('sync', (payload) => {
      if (parseCommand('sync', payload)?.type !== 'sync') return refusal('bad_request')
      // The ack first, then the snapshot, as the client expects (setImmediate runs after the ack).
      setImmediate(() => void sendSnapshot(socket, user))
      return { type: 'ok', v: PROTOCOL_VERSION }
    })
    // The stream client's own commands.
    on('time', () => ({ serverTime: crash.now() }))
    on('resync', () => {
      setImmediate(() => void sendSnapshot(socket, user))
      return {}
    })
  })
}
