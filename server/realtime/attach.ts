/**
 * socket.io on the server's HTTP server: every game of the registry (server/games/index.ts) on
 * its own namespace, with connection state recovery on, the handshake token checked by
 * {@link handshakeAuth}, every socket held to its session and to the caps and budgets of
 * {@link SocketGuard}, and the kit's namespace plumbing (server/games/kit/namespace.ts).
 */
import type { Server as HttpServer } from 'node:http'
import { Server } from 'socket.io'
import { GAME_MODULES } from '../games'
import { consoleLog, type GameLog } from '../games/kit/log'
import type { GameModule, GameRuntime } from '../games/kit/module'
import { serveNamespace, type RateLimit } from '../games/kit/namespace'
import type { Services } from '../services'
import { redisAdapter } from './adapter'
import { handshakeAuth } from './auth'
import { SocketGuard, type SocketLimits } from './guard'

/** How often sockets of sessions that timed out are looked for. */
const SWEEP_EVERY_MS = 60_000

/** Options of {@link attachRealtime}. */
export interface RealtimeOptions {
  /** Logger (Fastify's `app.log` fits); console by default. */
  log?: GameLog
  /** The games to run; the registry by default (tests and tools pass modules made with options). */
  games?: readonly GameModule[]
  /** Per-socket command budget. */
  rateLimit?: RateLimit
  /** Caps and the per-player budget; the config's (SOCKETS_PER_PLAYER and others) by default. */
  limits?: SocketLimits
  /** Clock of the per-player command windows; the services' clock by default (tests fix it). */
  budgetClock?: () => number
  /** How long socket.io keeps a dropped session for recovery. */
  maxDisconnectionMs?: number
}

/** The realtime layer: the socket.io server, the running games, and one way to close both. */
export interface Realtime {
  io: Server
  /** Sessions, caps and budgets of every socket (tests call its `sweep`). */
  guard: SocketGuard
  /** A running game by its module (typed by it). */
  runtime<R extends GameRuntime>(game: GameModule<R>): R
  /** Stops every game and disconnects every socket; the HTTP server is left to its owner. */
  close(): Promise<void>
}

/** The names a game serves must be those its protocol lists: a mismatch is a bug of the game. */
function checkWire(game: GameModule, runtime: GameRuntime): void {
  const { commands, resync } = runtime.wire
  const served = [...Object.keys(commands), ...(resync ? [resync.command] : [])].sort()
  const listed = [...game.protocol.commands].sort()
  if (served.join() !== listed.join()) {
    throw new Error(
      `[realtime] game "${game.id}" serves commands [${served.join(', ')}] but its protocol lists [${listed.join(', ')}]`,
    )
  }
}

/** Attaches socket.io to `httpServer` and starts every game on `services`' database. */
export async function attachRealtime(
  httpServer: HttpServer,
  services: Services,
  options: RealtimeOptions = {},
): Promise<Realtime> {
  const { config } = services
  const log = options.log ?? consoleLog
  const games = options.games ?? GAME_MODULES
  const namespaces = new Set(games.map((g) => g.namespace))
  if (namespaces.size !== games.length) throw new Error('[realtime] two games share a namespace')
  const cluster = config.redisUrl ? await redisAdapter(config.redisUrl, log) : null
  const io = new Server(httpServer, {
    ...(cluster ? { adapter: cluster.adapter } : {}),
    connectionStateRecovery: {
      maxDisconnectionDuration: options.maxDisconnectionMs ?? 2 * 60_000,
      // Recovered sockets pass the token check again: a session may have ended meanwhile.
      skipMiddlewares: false,
    },
    // Same origin only unless CORS_ORIGINS lists others, as for the HTTP API.
    ...(config.corsOrigins.length > 0
      ? { cors: { origin: config.corsOrigins, credentials: true } }
      : {}),
  })
  const running = new Map<GameModule, GameRuntime>()
  const guard = new SocketGuard(services, options.limits ?? config.sockets, options.budgetClock)
  const sweeper = setInterval(() => {
    guard.sweep().catch((err: unknown) => log.error({ err }, '[realtime] session sweep failed'))
  }, SWEEP_EVERY_MS)
  sweeper.unref()
  const close = async () => {
    clearInterval(sweeper)
    guard.close()
    for (const runtime of running.values()) await runtime.stop()
    io.disconnectSockets(true)
    // Not io.close(): that would also close the HTTP server, which Fastify owns and closes.
    io.engine.close()
    for (const nsp of io._nsps.values()) nsp.adapter.close()
    await cluster?.close()
  }
  try {
    for (const game of games) {
      const nsp = io.of(game.namespace)
      nsp.use(handshakeAuth(services))
      nsp.use(guard.handshake)
      // Before the game's own handler: a socket whose session just ended is closed first.
      nsp.on('connection', (socket) => guard.connected(socket))
      const runtime = await game.start({ services, nsp, log })
      running.set(game, runtime)
      checkWire(game, runtime)
      serveNamespace(nsp, {
        ...runtime.wire,
        game: game.id,
        log,
        gate: guard.gate,
        ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      })
    }
  } catch (err) {
    await close()
    throw err
  }
  return {
    io,
    guard,
    runtime<R extends GameRuntime>(game: GameModule<R>): R {
      const runtime = running.get(game as GameModule)
      if (!runtime) throw new Error(`[realtime] game "${game.id}" is not running here`)
      return runtime as R
    },
    close,
  }
}
