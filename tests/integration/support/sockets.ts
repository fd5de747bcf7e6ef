import type { AddressInfo } from 'node:net'
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client'
import { INSTANT_PROTOCOL_VERSION } from '../../../games/kit/instant/protocol'
import { hashPassword } from '../../../server/auth/passwords'
import type { Db } from '../../../server/db/db'
import { crashModule, type CrashRuntime } from '../../../server/games/crash'
import { BETTING_MS, PAUSE_MS, T0, TEST_SALT, TEST_SEED } from '../../../server/games/crash/testing'
import { instantKit } from '../../../server/games/kit/instant/kit'
import { instantGameModules, statefulGameModules } from '../../../server/games'
import { liveModule } from '../../../server/games/kit/instant/module'
import { roomsModule } from '../../../server/games/rooms'
import { fixedSeeds, LOSING_DICE } from '../../../server/games/kit/instant/testing'
import type { GameModule } from '../../../server/games/kit/module'
import { fakeScheduler } from '../../../server/games/kit/scheduler'
import { attachRealtime, type Realtime } from '../../../server/realtime/attach'
import { socketInbox } from '../../../server/realtime/testing'
import { startTestApp, type TestApp } from './harness'

/** The password of every player {@link SocketsApp.player} makes. */
export const PASSWORD = 'sockets-password-1'

/** A dice bet of 100 minor units that loses on the fixed seeds, under a fresh key. */
export const diceBet = () => ({
  type: 'bet',
  v: INSTANT_PROTOCOL_VERSION,
  key: `k-${crypto.randomUUID()}`,
  amount: 100,
  currency: 'RUB',
  params: LOSING_DICE,
})

/** `N` (a literal) values of `T` as a tuple, so that each can be destructured without a check. */
type Tuple<T, N extends number, Acc extends T[] = []> = Acc['length'] extends N
  ? Acc
  : Tuple<T, N, [...Acc, T]>

/** One client socket: its acks and the events it received. */
export interface TestSocket {
  socket: ClientSocket
  /** Events received so far, by name. */
  received: Map<string, number>
  /**
   * The payload of the first event named `name` that no call took yet: one already received, else
   * the next to come.
   */
  next(name: string): Promise<unknown>
  /** Resolves once connected, or rejects with the handshake's refusal. */
  connected: Promise<void>
  /** Resolves with socket.io's reason when the socket is disconnected. */
  disconnected: Promise<string>
  send(name: string, payload: unknown): Promise<unknown>
}

/**
 * The test app (HTTP by `inject`) listening on a free port with every game of the registry on its
 * namespace: crash on fake time (`crashClock`), the instant games on fixed seeds. The per-socket
 * budget is lifted so the per-player one is what a flood meets, and the per-player windows run on
 * `budget.now`, which only a test moves.
 */
export interface SocketsApp {
  t: TestApp
  realtime: Realtime
  games: readonly GameModule[]
  crash: () => CrashRuntime['crash']
  /** Moves crash's fake time, letting each timer's writes finish. */
  advanceCrash(ms: number): Promise<void>
  budget: { now: number }
  /** A player with money, a password, and `sessions` sessions (their tokens). */
  player<N extends number>(
    deposit: number,
    sessions: N,
  ): Promise<{
    userId: number
    email: string
    sessions: Tuple<{ token: string; refresh: string }, N>
  }>
  /** A socket on `namespace` from `address` (X-Forwarded-For; the app trusts its proxy). */
  connect(namespace: string, token: string | null, address: string): TestSocket
  close(): Promise<void>
}

let players = 0

/** Starts the app of the socket suites over `db`. */
export async function startSocketsApp(db: Db, label: string): Promise<SocketsApp> {
  const t = await startTestApp(db, { TRUST_PROXY: 'true' })
  instantKit(t.services, {
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    seeds: fixedSeeds(`sockets-${label}`),
  })
  const crashClock = fakeScheduler(T0)
  const crashGame = crashModule({
    scheduler: crashClock,
    bettingMs: BETTING_MS,
    pauseMs: PAUSE_MS,
    chain: { seedHash: TEST_SEED, salt: TEST_SALT, length: 1000 },
    publicationPath: null,
  })
  const games: GameModule[] = [
    crashGame,
    // Every instant and stateful game of the registry, as the server runs them (the fuzz serves
    // each one).
    ...instantGameModules(),
    ...statefulGameModules(),
    liveModule(),
    // The rooms on their own fake time: a purchase never reaches a draw unless a test moves it.
    roomsModule({ scheduler: fakeScheduler(T0) }),
  ]
  const budget = { now: 0 }
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const realtime = await attachRealtime(t.app.server, t.services, {
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    games,
    rateLimit: { burst: 100_000, perSecond: 100_000 },
    budgetClock: () => budget.now,
  })
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  const crash = () => realtime.runtime(crashGame).crash
  const sockets: ClientSocket[] = []

  return {
    t,
    realtime,
    games,
    crash,
    advanceCrash: (ms) => crashClock.advance(ms, () => crash().idle()),
    budget,
    async player<N extends number>(deposit: number, count: N) {
      players += 1
      const email = `sockets-${label}-${players}@test`
      const rows = await db.query<{ id: number }>(
        `INSERT INTO users (email, register_method, currency, name, password_hash, is_email_verified)
         VALUES ($1, 'email', 'RUB', $2, $3, true) RETURNING id`,
        [email, `Sock ${players}`, await hashPassword(PASSWORD, t.services.config.scryptN)],
      )
      const userId = rows[0]!.id
      if (deposit > 0) {
        await t.services.ledger.deposit({
          userId,
          currency: 'RUB',
          amount: deposit,
          key: `sockets-dep-${userId}`,
        })
      }
      const sessions: { token: string; refresh: string }[] = []
      for (let i = 0; i < count; i++) {
        const issued = await t.services.sessions.create(userId)
        sessions.push({ token: issued.token, refresh: issued.refresh_token })
      }
      return { userId, email, sessions: sessions as Tuple<(typeof sessions)[0], N> }
    },
    connect(namespace, token, address) {
      const socket = connectClient(`${origin}${namespace}`, {
        auth: token ? { token } : {},
        transports: ['websocket'],
        extraHeaders: { 'x-forwarded-for': address },
        forceNew: true,
        reconnection: false,
      })
      sockets.push(socket)
      const inbox = socketInbox(socket)
      const connected = new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve())
        socket.once('connect_error', reject)
      })
      // A refused handshake rejects `connected`; the caller that expects it awaits that instead.
      connected.catch(() => {})
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve))
      return {
        socket,
        received: inbox.received,
        next: inbox.next,
        connected,
        disconnected,
        send: (name, payload) => socket.timeout(5000).emitWithAck(name, payload),
      }
    },
    async close() {
      for (const s of sockets) s.disconnect()
      await realtime.close()
      await t.close()
    },
  }
}
