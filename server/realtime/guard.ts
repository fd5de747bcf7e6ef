/**
 * What every game socket is held to beyond its handshake, on every namespace together:
 *
 * - it lives no longer than the session it was opened with. Every end `Sessions` writes is
 *   announced (`services.sessions.ends`), and the guard disconnects that session's sockets at
 *   once; a timeout (idle, absolute) is caught by {@link SocketGuard.sweep} and by the next
 *   command, since each socket knows its session's deadline. Each command first checks that its
 *   session is alive: a lookup in memory, and a database read only once the known deadline passed
 *   (HTTP use may have moved it);
 * - sockets open at once are capped per player and per address, and commands are budgeted per
 *   player (per address for guests) in one-second windows, counted in `services.counters`, so
 *   twenty sockets of one player share one budget.
 */
import type { Socket } from 'socket.io'
import type { SessionEnd } from '../auth/sessionEnds'
import type { CommandGate } from '../games/kit/namespace'
import type { Services } from '../services'
import type { RealtimeSocketData } from './auth'

/** The error message of a handshake refused for a cap (`connect_error` on the client). */
export const TOO_MANY_SOCKETS = 'too_many_sockets'

/** How long an announced end is remembered, for a handshake that looked its session up before. */
const REMEMBER_ENDED_MS = 5 * 60_000

/** The numbers the guard holds sockets to (config: SOCKETS_PER_PLAYER and the others). */
export interface SocketLimits {
  perPlayer: number
  perAddress: number
  commandsPerSecond: number
}

/**
 * The client's address as the rate limits of HTTP see it: the socket's peer, or, behind a trusted
 * proxy (TRUST_PROXY), the left-most address of `X-Forwarded-For`, as Fastify takes `req.ip`.
 */
export function socketAddress(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for']
  if (trustProxy && typeof forwarded === 'string') {
    const first = forwarded.split(',')[0]?.trim()
    if (first) return first
  }
  return socket.handshake.address
}

function dataOf(socket: Socket): RealtimeSocketData {
  return socket.data as RealtimeSocketData
}

/** The guard of one realtime layer; see the file's comment. */
export class SocketGuard {
  /** Connected sockets of each session, every namespace together. */
  private readonly bySession = new Map<number, Set<Socket>>()
  /** Sessions announced ended, with when to forget them (epoch ms of `now`). */
  private readonly ended = new Map<number, number>()
  private readonly unsubscribe: () => void

  constructor(
    private readonly services: Services,
    private readonly limits: SocketLimits,
    /** The clock of the command windows (the services' clock unless a test gives its own). */
    private readonly windowClock: () => number = () => services.now().getTime(),
  ) {
    this.unsubscribe = services.sessions.ends.subscribe((ends) => this.onEnded(ends))
  }

  private now(): number {
    return this.services.now().getTime()
  }

  /**
   * Handshake middleware, after the token check: takes a slot of the player's and the address's
   * caps, or refuses with {@link TOO_MANY_SOCKETS}. The slots are given back when the socket
   * disconnects, or when its connection closes before it joined.
   */
  readonly handshake = (socket: Socket, next: (err?: Error) => void): void => {
    this.takeSlots(socket).then(
      (ok) => next(ok ? undefined : new Error(TOO_MANY_SOCKETS)),
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    )
  }

  private async takeSlots(socket: Socket): Promise<boolean> {
    const { counters, config } = this.services
    const user = dataOf(socket).user
    const keys = [
      ...(user ? [[`socket:open:user:${user.userId}`, this.limits.perPlayer] as const] : []),
      [`socket:open:addr:${socketAddress(socket, config.trustProxy)}`, this.limits.perAddress],
    ] as const
    const taken: string[] = []
    const release = async () => {
      for (const key of taken.splice(0)) await counters.add(key, -1, this.now())
    }
    for (const [key, cap] of keys) {
      const open = await counters.add(key, 1, this.now())
      taken.push(key)
      if (open > cap) {
        await release()
        return false
      }
    }
    if (socket.conn.readyState !== 'open') {
      // Closed while its handshake ran: socket.io drops it without a disconnect event.
      await release()
      return true
    }
    const once = () => void release()
    socket.conn.once('close', once)
    socket.once('disconnect', () => {
      socket.conn.off('close', once)
      once()
    })
    return true
  }

  /** Called on every connection: a player's socket joins its session's set. */
  connected(socket: Socket): void {
    const session = dataOf(socket).session
    if (!session) return
    if (this.ended.has(session.id)) {
      socket.disconnect()
      return
    }
    const set = this.bySession.get(session.id) ?? new Set()
    set.add(socket)
    this.bySession.set(session.id, set)
    socket.once('disconnect', () => {
      set.delete(socket)
      if (set.size === 0 && this.bySession.get(session.id) === set)
        this.bySession.delete(session.id)
    })
  }

  /** The per-command check of every namespace (see `CommandGate`). */
  readonly gate: CommandGate = async (socket) => {
    if (!(await this.alive(socket))) return 'unauthorized'
    return (await this.withinBudget(socket)) ? null : 'rate_limited'
  }

  private async alive(socket: Socket): Promise<boolean> {
    const session = dataOf(socket).session
    if (!session) return true // a guest has no session to lose
    if (this.ended.has(session.id) || !socket.connected) return false
    if (this.now() < session.expiresAt) return true
    return this.recheck(session.id)
  }

  /** Reads a session whose known deadline passed: moves the deadline, or closes its sockets. */
  private async recheck(sessionId: number): Promise<boolean> {
    const until = await this.services.sessions.liveUntil(sessionId)
    const sockets = [...(this.bySession.get(sessionId) ?? [])]
    if (until) {
      for (const s of sockets) {
        const session = dataOf(s).session
        if (session) session.expiresAt = until.getTime()
      }
      return true
    }
    // After the refused command's ack, which the caller sends once this returns.
    setImmediate(() => {
      for (const s of sockets) s.disconnect()
    })
    return false
  }

  private async withinBudget(socket: Socket): Promise<boolean> {
    const user = dataOf(socket).user
    const who = user
      ? `user:${user.userId}`
      : `addr:${socketAddress(socket, this.services.config.trustProxy)}`
    const count = await this.services.counters.increment(
      `socket:commands:${who}`,
      1000,
      this.windowClock(),
    )
    return count.value <= this.limits.commandsPerSecond
  }

  private onEnded(ends: readonly SessionEnd[]): void {
    const now = this.now()
    for (const [id, until] of this.ended) if (until <= now) this.ended.delete(id)
    for (const { sessionId } of ends) {
      this.ended.set(sessionId, now + REMEMBER_ENDED_MS)
      for (const socket of [...(this.bySession.get(sessionId) ?? [])]) socket.disconnect()
    }
  }

  /**
   * Closes the sockets whose session timed out (idle or absolute) without a command to notice it.
   * The realtime layer runs it every minute; tests call it after moving the clock.
   */
  async sweep(): Promise<void> {
    const now = this.now()
    const due = new Set<number>()
    for (const [id, sockets] of this.bySession) {
      for (const s of sockets) if ((dataOf(s).session?.expiresAt ?? Infinity) <= now) due.add(id)
    }
    for (const id of due) await this.recheck(id)
  }

  /** Stops hearing session ends. */
  close(): void {
    this.unsubscribe()
  }
}
