/**
 * The client side of the fanout benchmark, in its own process:
 * `tsx bench/fanout/clients.ts <port> <clients> <seconds>`. Opens that many socket.io clients on
 * the `/crash` namespace (WebSocket only, as browsers end up), waits until all are connected,
 * then for `<seconds>` records each message's emit-to-receipt latency and counts messages.
 * Prints one JSON line of results.
 */
import { io, type Socket } from 'socket.io-client'
import { percentile } from '../harness'

const [port, count, seconds] = process.argv.slice(2).map(Number)
if (!port || !count || !seconds) {
  console.error('usage: tsx bench/fanout/clients.ts <port> <clients> <seconds>')
  process.exit(2)
}
const wallNow = () => performance.timeOrigin + performance.now()

const sockets: Socket[] = []
let measuring = false
const latencies: number[] = []
let messages = 0

await new Promise<void>((resolve, reject) => {
  let connected = 0
  const timeout = setTimeout(
    () => reject(new Error(`only ${connected}/${count} connected`)),
    120_000,
  )
  for (let i = 0; i < count; i++) {
    const socket = io(`http://127.0.0.1:${port}/crash`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    })
    socket.onAny((_event: string, payload: { sentAt?: number } | undefined) => {
      if (!measuring) return
      messages++
      if (typeof payload?.sentAt === 'number') latencies.push(wallNow() - payload.sentAt)
    })
    socket.once('connect', () => {
      if (++connected === count) {
        clearTimeout(timeout)
        resolve()
      }
    })
    sockets.push(socket)
  }
})

measuring = true
await new Promise((r) => setTimeout(r, seconds * 1000))
measuring = false
for (const s of sockets) s.close()
// A summary, not the samples: thousands of clients make megabytes of latencies.
const summary = {
  clients: count,
  seconds,
  messages,
  samples: latencies.length,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
}
process.stdout.write(JSON.stringify(summary) + '\n', () => process.exit(0))
