/**
 * The server side of the fanout benchmark, run in its own process:
 * `tsx bench/fanout/server.ts crash|bare`. `crash` runs the real crash loop (PGlite in memory,
 * the real ledger, socket.io with connection state recovery as in production) on a fast cycle;
 * `bare` is a socket.io server with the same options that broadcasts a small message as often,
 * the baseline. Every broadcast carries `sentAt` (sub-millisecond wall time) so the clients can
 * measure emit-to-receipt latency. Prints `{ "port": N }` once listening; stops on SIGTERM.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import { loadConfig } from '../../server/config'
import { openDb } from '../../server/db/open'
import { migrate } from '../../server/db/migrate'
import { createServices } from '../../server/services'
import { CrashService } from '../../server/games/crash/CrashService'

const mode = process.argv[2]
const wallNow = () => performance.timeOrigin + performance.now()

const http = createServer()
const io = new Server(http, {
  connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
})
const nsp = io.of('/crash')
let stop: () => Promise<void> = async () => {}

if (mode === 'crash') {
  const config = loadConfig({ DATA_DIR: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'silent' })
  const db = await openDb({ dataDir: config.dataDir })
  await migrate(db)
  const services = createServices(config, db)
  const crash = await CrashService.start({
    db,
    ledger: services.ledger,
    publicationPath: null,
    bettingMs: 2000,
    pauseMs: 1000,
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    emitter: {
      broadcast: (event) => void nsp.emit(event.type, { ...event, sentAt: wallNow() }),
      toUser: () => {},
    },
  })
  nsp.on('connection', (socket) => {
    void crash.snapshot(null).then((snapshot) => socket.emit('snapshot', snapshot))
  })
  stop = async () => {
    await crash.stop()
    await db.close()
  }
} else if (mode === 'bare') {
  // The same message rate as a fast crash cycle: about two state changes a second at most.
  const timer = setInterval(() => nsp.emit('tick', { sentAt: wallNow() }), 500)
  stop = async () => clearInterval(timer)
} else {
  console.error('usage: tsx bench/fanout/server.ts crash|bare')
  process.exit(2)
}

http.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (http.address() as AddressInfo).port }))
})
process.once('SIGTERM', () => {
  void stop().then(() => {
    io.disconnectSockets(true)
    io.close()
    process.exit(0)
  })
})
