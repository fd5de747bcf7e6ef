/**
 * socket.io on the server's HTTP server, one namespace per live game (today `/crash`), with
 * connection state recovery on and the handshake token checked by {@link handshakeAuth}.
 */
import type { Server as HttpServer } from 'node:http'
import { dirname, join } from 'node:path'
import { Server } from 'socket.io'
import { CRASH_CHAIN_PUBLICATION_PATH } from '../../games/engine/fairness'
import type { CrashLog } from '../games/crash/BetBook'
import { CrashService, type CrashOptions } from '../games/crash/CrashService'
import { namespaceEmitter, registerCrashNamespace, type RateLimit } from '../games/crash/socket'
import type { Config } from '../config'
import type { Services } from '../services'
import { handshakeAuth } from './auth'

/** The crash namespace's name, as the client's stream opens it. */
export const CRASH_NAMESPACE = '/crash'

/** Options of {@link attachRealtime}. */
export interface RealtimeOptions {
  /** Logger (Fastify's `app.log` fits); console by default. */
  log?: CrashLog
  /** Crash loop options (timings, scheduler, chain, publication path). */
  crash?: Partial<Omit<CrashOptions, 'db' | 'ledger' | 'emitter'>>
  /** Per-socket command budget. */
  rateLimit?: RateLimit
  /** How long socket.io keeps a dropped session for recovery. */
  maxDisconnectionMs?: number
}

/** The realtime layer: the socket.io server, the crash game, and one way to close both. */
export interface Realtime {
  io: Server
  crash: CrashService
  /** Stops the loop and disconnects every socket; the HTTP server is left to its owner. */
  close(): Promise<void>
}

/**
 * Where the chain is published: next to the PGlite data directory (`.data/pglite` →
 * `.data/crash-chain.json`, where `npm run fair` looks), else the project default.
 */
export function defaultPublicationPath(config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) {
    return CRASH_CHAIN_PUBLICATION_PATH
  }
  return join(dirname(config.dataDir), 'crash-chain.json')
}

/** Attaches socket.io to `httpServer` and starts the crash game on `services`' database. */
export async function attachRealtime(
  httpServer: HttpServer,
  services: Services,
  options: RealtimeOptions = {},
): Promise<Realtime> {
  const { config } = services
  const log: CrashLog = options.log ?? {
    info: (obj, msg) => console.info(msg ?? '', obj),
    error: (obj, msg) => console.error(msg ?? '', obj),
  }
  const io = new Server(httpServer, {
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
  const nsp = io.of(CRASH_NAMESPACE)
  nsp.use(handshakeAuth(services))
  const crash = await CrashService.start({
    publicationPath: defaultPublicationPath(config),
    ...options.crash,
    db: services.db,
    ledger: services.ledger,
    emitter: namespaceEmitter(nsp),
    log,
    testHooks: services.testHooks,
  })
  registerCrashNamespace(nsp, crash, {
    log,
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  })
  return {
    io,
    crash,
    async close() {
      await crash.stop()
      io.disconnectSockets(true)
      // Not io.close(): that would also close the HTTP server, which Fastify owns and closes.
      io.engine.close()
    },
  }
}
