/**
 * The server side of the fanout benchmark, run in its own process:
 * `tsx bench/fanout/server.ts crash|bare|rooms|bare-rooms [<watchers>] [<bytes>]`. `crash` runs the real
 * crash loop (PGlite in memory, the real ledger, socket.io with connection state recovery as in
 * production) on a fast cycle; `bare` is a socket.io server with the same options that broadcasts
 * a small message as often, the baseline. `rooms` runs the real red RUB room's loop (its 600 ms
 * batches, its channel `rooms:red:RUB` on `/rooms`, which every socket joins) and, once
 * `<watchers>` sockets are connected, buys 50 purchases of one ticket a second from 50 funded
 * players in this process (the loop's `buy`, as the socket handler calls it); `bare-rooms` is its
 * baseline: a broadcast to the same channel every 600 ms of `<bytes>` bytes (the runner passes the
 * median batch of the `rooms` run before it).
 * Every broadcast carries `sentAt` (sub-millisecond wall time, the harness's, not the game's) so
 * the clients can measure emit-to-receipt latency. Prints `{ "port": N }` once listening, then
 * after each broadcast the medians so far of the server's own broadcast cost
 * (`{ "cpuPerSocketUs", "emitMs" }`, and for `rooms` the batches' bytes and the purchases
 * answered); stops on SIGTERM.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import { loadConfig } from '../../server/config'
import { openDb } from '../../server/db/open'
import { migrate } from '../../server/db/migrate'
import { createServices } from '../../server/services'
import { CrashService } from '../../server/games/crash/CrashService'
import { RoomLoop } from '../../server/games/rooms/RoomLoop'
import { loopKey } from '../../server/games/rooms/view'
import type { Player, UserId } from '../../server/games/kit/player'
import { ROOMS_PROTOCOL_VERSION, type CommandKey } from '../../games/rooms/protocol'
import { ticketPrice } from '../../games/rooms/rules'

const mode = process.argv[2]
const watchers = Number(process.argv[3] ?? 0)
/** Purchases a second in `rooms` mode, one ticket each, spread over 50 players. */
const PURCHASES_PER_SECOND = 50
/** The rooms' batch period (RoomLoop's default `flushMs`), the bare baseline's period too. */
const FLUSH_MS = 600
const wallNow = () => performance.timeOrigin + performance.now()

/**
 * The server's own share of a broadcast: the CPU time of the synchronous `emit` (which hands the
 * pre-encoded frame to every socket) divided by the sockets, and its wall time. CPU time, unlike
 * the clients' latency, hardly moves when other processes share the cores.
 */
const cpuPerSocketUs: number[] = []
const emitMs: number[] = []
/** The `rooms` run's own figures: each batch's bytes, and the purchases answered. */
const batchBytes: number[] = []
const purchases = { ok: 0, refused: 0, failed: 0 }
function timedEmit(event: string, payload: object): void {
  const wall = performance.now()
  const cpu = process.cpuUsage()
  const target = channel ? nsp.to(channel) : nsp
  target.emit(event, { ...payload, sentAt: wallNow() })
  const used = process.cpuUsage(cpu)
  if (nsp.sockets.size === 0) return
  cpuPerSocketUs.push((used.user + used.system) / nsp.sockets.size)
  emitMs.push(performance.now() - wall)
  // The running medians after every broadcast: the runner keeps the last line it reads (a line
  // printed while stopping can be lost with the tsx wrapper in between).
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0
  if (event === 'tickets') batchBytes.push(JSON.stringify(payload).length)
  const rooms = mode === 'rooms' ? { batchBytes: mid(batchBytes), purchases } : {}
  console.log(
    JSON.stringify({ cpuPerSocketUs: mid(cpuPerSocketUs), emitMs: mid(emitMs), ...rooms }),
  )
}

const http = createServer()
const io = new Server(http, {
  connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
})
const roomsMode = mode === 'rooms' || mode === 'bare-rooms'
const nsp = io.of(roomsMode ? '/rooms' : '/crash')
/** The room's channel that `rooms` and `bare-rooms` broadcast to, as the rooms module does. */
const channel = roomsMode ? loopKey('red', 'RUB') : null
if (channel) nsp.on('connection', (socket) => void socket.join(channel))
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
} else if (mode === 'rooms') {
  const config = loadConfig({ DATA_DIR: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'silent' })
  const db = await openDb({ dataDir: config.dataDir })
  await migrate(db)
  const services = createServices(config, db)
  const room = await RoomLoop.start({
    db,
    ledger: services.ledger,
    privacy: services.privacy,
    room: 'red',
    currency: 'RUB',
    flushMs: FLUSH_MS,
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    emitter: { broadcast: (event) => timedEmit(event.type, event), toUser: () => {} },
  })
  // 50 players, each funded for far more tickets than a run buys.
  const players: Player[] = []
  for (let i = 1; i <= 50; i++) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (email, register_method, currency, name) VALUES ($1, 'email', 'RUB', $2) RETURNING id`,
      [`bench-rooms-${i}@bench`, `Buyer ${i}`],
    )
    const userId = rows[0]!.id as UserId
    const amount = 10_000 * ticketPrice('red', 'RUB')
    await services.ledger.deposit({ userId, currency: 'RUB', amount, key: `bench-dep-${userId}` })
    players.push({ userId, name: `Buyer ${i}`, currency: 'RUB' as const })
  }
  // Buying starts once every watcher is connected; a tick buys what the elapsed time owes, so a
  // late timer on a loaded machine keeps the rate.
  let started = 0
  let bought = 0
  const tick = () => {
    if (nsp.sockets.size < watchers) return
    started ||= performance.now()
    const owed = Math.floor(((performance.now() - started) / 1000) * PURCHASES_PER_SECOND)
    for (; bought < owed; bought++) {
      const player = players[bought % players.length]!
      const cmd = {
        type: 'buy' as const,
        v: ROOMS_PROTOCOL_VERSION,
        key: `bench-${bought}` as CommandKey,
        room: 'red' as const,
        currency: 'RUB' as const,
        count: 1,
        clientSeed: `seed ${bought}`,
      }
      room.buy(player, cmd as Parameters<RoomLoop['buy']>[1]).then(
        (ack) => void (ack.type === 'ok' ? purchases.ok++ : purchases.refused++),
        () => void purchases.failed++,
      )
    }
  }
  const timer = setInterval(tick, 20)
  stop = async () => {
    clearInterval(timer)
    await room.idle()
    await room.stop()
    await db.close()
  }
} else if (mode === 'bare-rooms') {
  // As many bytes as the room's batches (about 30 purchases: 50 a second for 600 ms).
  const padding = 'x'.repeat(Number(process.argv[4] ?? 0))
  const timer = setInterval(() => timedEmit('tick', { padding }), FLUSH_MS)
  stop = async () => clearInterval(timer)
} else {
  console.error(
    'usage: tsx bench/fanout/server.ts crash|bare|rooms|bare-rooms [<watchers>] [<bytes>]',
  )
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
