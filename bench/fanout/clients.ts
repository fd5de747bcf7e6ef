/**
 * The client side of the fanout benchmark, in its own process:
 * `tsx bench/fanout/clients.ts <port> <clients> <seconds> [<namespace>]`. Opens that many
 * socket.io clients on the namespace (`/crash` unless given; guests, with no token) (WebSocket only, as browsers end up) in batches of 250, waits until all
 * are connected, then for `<seconds>` (longer until the first socket got 5 broadcasts, at most
 * 180 s) records each message's emit-to-receipt latency and counts messages.
 * Prints one JSON line of results.
 */
import { io, type Socket } from 'socket.io-client'
import { percentile } from '../harness'

const [port, count, seconds] = process.argv.slice(2, 5).map(Number)
const namespace = process.argv[5] ?? '/crash'
if (!port || !count || !seconds) {
  console.error('usage: tsx bench/fanout/clients.ts <port> <clients> <seconds> [<namespace>]')
  process.exit(2)
}
const wallNow = () => performance.timeOrigin + performance.now()

const sockets: Socket[] = []
let measuring = false
const latencies: number[] = []
let messages = 0

/** Sockets opened at once: a storm of thousands of handshakes on a loaded machine times out. */
const BATCH = 250

function open(): Promise<void> {
  const socket = io(`http://127.0.0.1:${port}${namespace}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  socket.onAny((_event: string, payload: { sentAt?: number } | undefined) => {
    if (!measuring) return
    messages++
    if (typeof payload?.sentAt === 'number') latencies.push(wallNow() - payload.sentAt)
  })
  sockets.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', (err) => reject(err))
  })
}

const connectDeadline = setTimeout(() => {
  console.error(`only ${sockets.filter((s) => s.connected).length}/${count} connected`)
  process.exit(1)
}, 300_000)
for (let i = 0; i < count; i += BATCH) {
  await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, open))
}
clearTimeout(connectDeadline)

// At least this many broadcasts reach the first socket before the window closes, however long
// it takes (up to MAX_SECONDS): crash tells state changes only, so a round that runs to a high
// multiplier sends nothing for a minute, and a window inside it measured nothing.
const MIN_BROADCASTS = 5
const MAX_SECONDS = 180
let firstSocketMessages = 0
sockets[0]?.onAny(() => {
  if (measuring) firstSocketMessages++
})
measuring = true
const started = performance.now()
await new Promise((r) => setTimeout(r, seconds * 1000))
while (firstSocketMessages < MIN_BROADCASTS && performance.now() - started < MAX_SECONDS * 1000) {
  await new Promise((r) => setTimeout(r, 250))
}
measuring = false
const elapsed = (performance.now() - started) / 1000
for (const s of sockets) s.close()
// A summary, not the samples: thousands of clients make megabytes of latencies.
const summary = {
  clients: count,
  seconds: elapsed,
  messages,
  samples: latencies.length,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
}
process.stdout.write(JSON.stringify(summary) + '\n', () => process.exit(0))
