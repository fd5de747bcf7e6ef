/**
 * fanout: the crash server with 1,000 and 5,000 socket.io clients in another process watching
 * rounds; latency from the server's emit to the client's receipt (p50, p99) and messages per
 * client per second, against a bare socket.io broadcast at a similar rate in the same run.
 * Server and clients run in separate processes on this machine's two cores, so the figures include
 * the clients' own CPU time; ratios to the bare broadcast are the comparable part.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import type { Benchmark, Figure } from './harness'

const SIZES = [1000, 5000]
const SECONDS = 30
const root = join(import.meta.dirname, '..')
const tsx = join(root, 'node_modules', '.bin', 'tsx')

interface ServerSummary {
  cpuPerSocketUs: number
  emitMs: number
}

function startServer(
  mode: 'crash' | 'bare',
): Promise<{ port: number; child: ChildProcess; summary: () => ServerSummary }> {
  const child = spawn(tsx, [join(import.meta.dirname, 'fanout', 'server.ts'), mode], {
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
  messages: number
  samples: number
  p50: number
  p99: number
}

function runClients(port: number, clients: number) {
  return new Promise<ClientSummary>((resolve, reject) => {
    const child = spawn(
      tsx,
      [
        join(import.meta.dirname, 'fanout', 'clients.ts'),
        String(port),
        String(clients),
        String(SECONDS),
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

async function measure(mode: 'crash' | 'bare', clients: number) {
  const { port, child, summary } = await startServer(mode)
  try {
    const r = await runClients(port, clients)
    const server = summary()
    return {
      p50: Math.round(r.p50 * 10) / 10,
      p99: Math.round(r.p99 * 10) / 10,
      perClientPerSecond: Math.round((r.messages / clients / SECONDS) * 100) / 100,
      samples: r.samples,
      serverCpuPerSocketUs: Math.round(server.cpuPerSocketUs * 100) / 100,
      serverEmitMs: Math.round(server.emitMs * 10) / 10,
    }
  } finally {
    child.removeAllListeners('exit')
    child.kill('SIGTERM')
  }
}

export const fanout: Benchmark = {
  name: 'fanout',
  description: `Crash server with ${SIZES.join(' and ')} watching clients in another process for ${SECONDS} s: emit-to-receipt latency and messages per client per second, against a bare socket.io broadcast.`,
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
    return { name: 'fanout', description: this.description, figures, meta }
  },
}
