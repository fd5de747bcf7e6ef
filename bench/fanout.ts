/**
 * fanout: the crash server with 1,000 and 5,000 socket.io clients in another process watching
 * rounds; latency from the server's emit to the client's receipt (p50, p99) and messages per
 * client per second, against a bare socket.io broadcast at a similar rate in the same run.
 * Then the rooms case: the red RUB room with 1,000 guest watchers on `/rooms` and 50 one-ticket
 * purchases a second for 10 s; messages per watcher per second (at most 5 by design: a socket
 * watches its currency's three rooms, each batching every 600 ms) and the `tickets` batches'
 * emit-to-receipt latency against a bare broadcast of as many bytes to the same channel.
 * Server and clients run in separate processes on this machine's two cores, so the figures include
 * the clients' own CPU time; ratios to the bare broadcast are the comparable part.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import type { Benchmark, Figure } from './harness'

const SIZES = [1000, 5000]
const SECONDS = 30
/** The rooms case: one room's watchers, for this long. */
const ROOM_WATCHERS = 1000
const ROOM_SECONDS = 10
/** Most messages a watcher may get a second (RoomLoop's `flushMs`: three rooms at 600 ms). */
export const ROOM_MESSAGES_BUDGET = 5
const root = join(import.meta.dirname, '..')
const tsx = join(root, 'node_modules', '.bin', 'tsx')

interface ServerSummary {
  cpuPerSocketUs: number
  emitMs: number
  /** `rooms` only: the median `tickets` batch in bytes of JSON, and the purchases answered. */
  batchBytes?: number
  purchases?: { ok: number; refused: number; failed: number }
}

type Mode = 'crash' | 'bare' | 'rooms' | 'bare-rooms'

function startServer(
  mode: Mode,
  args: readonly string[] = [],
): Promise<{ port: number; child: ChildProcess; summary: () => ServerSummary }> {
  const child = spawn(tsx, [join(import.meta.dirname, 'fanout', 'server.ts'), mode, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`[bench/fanout] ${mode} server exited ${code}`)))
    const lines = createInterface({ input: child.stdout! })
    let latest: ServerSummary = { cpuPerSocketUs: 0, emitMs: 0 }
    lines.once('line', (line) => {
      lines.on('line', (next) => (latest = JSON.parse(next) as ServerSummary))
      resolve({ port: (JSON.parse(line) as { port: number }).port, child, summary: () => latest })
    })
  })
}

interface ClientSummary {
  /** How long the clients measured, s: the window asked for, or longer until broadcasts came. */
  seconds: number
  messages: number
  samples: number
  p50: number
  p99: number
}

function runClients(port: number, clients: number, seconds: number, namespace: string) {
  return new Promise<ClientSummary>((resolve, reject) => {
    const child = spawn(
      tsx,
      [
        join(import.meta.dirname, 'fanout', 'clients.ts'),
        String(port),
        String(clients),
        String(seconds),
        namespace,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as ClientSummary)
        : reject(new Error(`[bench/fanout] clients exited ${code}`)),
    )
  })
}

/** One side of a comparison, rounded for the table. */
export interface Measured {
  p50: number
  p99: number
  perClientPerSecond: number
  samples: number
  serverCpuPerSocketUs: number
  serverEmitMs: number
  batchBytes?: number
  purchases?: { ok: number; refused: number; failed: number }
}

async function measure(
  mode: Mode,
  clients: number,
  seconds = SECONDS,
  args: readonly string[] = [],
): Promise<Measured> {
  const { port, child, summary } = await startServer(mode, args)
  try {
    const namespace = mode === 'rooms' || mode === 'bare-rooms' ? '/rooms' : '/crash'
    const r = await runClients(port, clients, seconds, namespace)
    // A window with no broadcast measured nothing: a latency of 0 would pass any budget.
    if (r.samples === 0) throw new Error(`[bench/fanout] ${mode}: no broadcast in ${r.seconds} s`)
    const server = summary()
    return {
      p50: Math.round(r.p50 * 10) / 10,
      p99: Math.round(r.p99 * 10) / 10,
      perClientPerSecond: Math.round((r.messages / clients / r.seconds) * 100) / 100,
      samples: r.samples,
      serverCpuPerSocketUs: Math.round(server.cpuPerSocketUs * 100) / 100,
      serverEmitMs: Math.round(server.emitMs * 10) / 10,
      ...(server.batchBytes === undefined ? {} : { batchBytes: server.batchBytes }),
      ...(server.purchases === undefined ? {} : { purchases: server.purchases }),
    }
  } finally {
    child.removeAllListeners('exit')
    child.kill('SIGTERM')
  }
}

/**
 * The rooms case's figures: messages per watcher a second within {@link ROOM_MESSAGES_BUDGET},
 * and the batches' latency beside the bare broadcast's, with the p99's ratio to it.
 */
export function roomsFigures(watchers: number, rooms: Measured, bare: Measured): Figure[] {
  const label = `rooms red RUB, ${watchers} watchers, 50 purchases/s`
  return [
    {
      name: `${label}: messages per watcher`,
      value: rooms.perClientPerSecond,
      unit: '/s',
      budget: ROOM_MESSAGES_BUDGET,
    },
    { name: `${label}: latency p50`, value: rooms.p50, unit: 'ms', baseline: bare.p50 },
    { name: `${label}: latency p99`, value: rooms.p99, unit: 'ms', baseline: bare.p99 },
    {
      name: `${label}: latency p99 / bare broadcast p99`,
      value: bare.p99 > 0 ? Math.round((rooms.p99 / bare.p99) * 100) / 100 : 0,
      unit: '×',
    },
    {
      name: `${label}: server CPU per socket per broadcast`,
      value: rooms.serverCpuPerSocketUs,
      unit: 'µs',
      baseline: bare.serverCpuPerSocketUs,
    },
  ]
}

export const fanout: Benchmark = {
  name: 'fanout',
  description: `Crash server with ${SIZES.join(' and ')} watching clients in another process for ${SECONDS} s: emit-to-receipt latency and messages per client per second, against a bare socket.io broadcast. Rooms: the red RUB room with ${ROOM_WATCHERS} guest watchers on /rooms and 50 one-ticket purchases a second for ${ROOM_SECONDS} s, against a bare broadcast of the batches' size to the same channel every 600 ms.`,
  async run() {
    const figures: Figure[] = []
    const meta: Record<string, unknown> = {}
    for (const clients of SIZES) {
      const crash = await measure('crash', clients)
      const bare = await measure('bare', clients)
      meta[`crash-${clients}`] = crash
      meta[`bare-${clients}`] = bare
      figures.push(
        {
          name: `${clients} clients: latency p50`,
          value: crash.p50,
          unit: 'ms',
          baseline: bare.p50,
        },
        {
          name: `${clients} clients: latency p99`,
          value: crash.p99,
          unit: 'ms',
          baseline: bare.p99,
          ...(clients === 5000 ? { budget: 50 } : {}),
        },
        {
          name: `${clients} clients: server CPU per socket per broadcast`,
          value: crash.serverCpuPerSocketUs,
          unit: 'µs',
          baseline: bare.serverCpuPerSocketUs,
        },
        {
          name: `${clients} clients: server emit loop (wall)`,
          value: crash.serverEmitMs,
          unit: 'ms',
          baseline: bare.serverEmitMs,
        },
        {
          name: `${clients} clients: messages per client`,
          value: crash.perClientPerSecond,
          unit: '/s',
          budget: 5,
        },
      )
    }
    const rooms = await measure('rooms', ROOM_WATCHERS, ROOM_SECONDS, [String(ROOM_WATCHERS)])
    const bareRooms = await measure('bare-rooms', ROOM_WATCHERS, ROOM_SECONDS, [
      String(ROOM_WATCHERS),
      String(rooms.batchBytes ?? 0),
    ])
    meta[`rooms-${ROOM_WATCHERS}`] = rooms
    meta[`bare-rooms-${ROOM_WATCHERS}`] = bareRooms
    figures.push(...roomsFigures(ROOM_WATCHERS, rooms, bareRooms))
    return { name: 'fanout', description: this.description, figures, meta }
  },
}
