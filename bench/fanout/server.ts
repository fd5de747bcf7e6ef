/**
 * The server side of the fanout benchmark, run in its own process:
 * `tsx bench/fanout/server.ts crash|bare`. `crash` runs the real crash loop (PGlite in memory,
 * the real ledger, socket.io with connection state recovery as in production) on a fast cycle;
 * `bare` is a socket.io server with the same options that broadcasts a small message as often,
 * the baseline. Every broadcast carries `sentAt` (sub-millisecond wall time) so the clients can
 * measure emit-to-receipt latency. Prints `{ "port": N }` once listening, then after each broadcast
 * the medians so far of the server's own broadcast cost (`{ "cpuPerSocketUs", "emitMs" }`);
 * stops on SIGTERM.
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

/**
 * The server's own share of a broadcast: the CPU time of the synchronous `emit` (which hands the
 * pre-encoded frame to every socket) divided by the sockets, and its wall time. CPU time, unlike
 * the clients' latency, hardly moves when other processes share the cores.
 */
const cpuPerSocketUs: number[] = []
const emitMs: number[] = []
function timedEmit(event: string, payload: object): void {
  const wall = performance.now()
  const cpu = process.cpuUsage()
  nsp.emit(event, { ...payload, sentAt: wallNow() })
  const used = process.cpuUsage(cpu)
  if (nsp.sockets.size === 0) return
  cpuPerSocketUs.push((used.user + used.system) / nsp.sockets.size)
  emitMs.push(performance.now() - wall)
  // The running medians after every broadcast: the runner keeps the last line it reads (a line
  // printed while stopping can be lost with the tsx wrapper in between).
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0
  console.log(JSON.stringify({ cpuPerSocketUs: mid(cpuPerSocketUs), emitMs: mid(emitMs) }))
}

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
    privacy: services.privacy,
    publicationPath: null,
    bettingMs: 2000,
    pauseMs: 1000,
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    emitter: {
      broadcast: (event) => timedEmit(event.type, event),
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
  const timer = setInterval(() => timedEmit('tick', {}), 500)
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
