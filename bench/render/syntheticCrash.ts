/**
 * A synthetic crash service for the render and memory benchmarks, in the bench process: one HTTP
 * server that serves a built client (with an SPA fallback), answers `GET /api/config`, and speaks
 * the real crash protocol (games/crash/protocol.ts) on the socket.io namespace `/crash`. The page's
 * crash service URL defaults to the API's origin (src/api/serviceUrls.ts), so the client connects
 * here with no configuration. Every message is parsed with the protocol's own schemas before it
 * leaves, so the stream is what the real server could send.
 *
 * Rounds follow a fixed list of crash points. While a round is open for bets the server adds new
 * rows to the live table, and while it runs it cashes those rows out in the order they came, both
 * at `betsPerSecond` rows a second in batches every 100 ms, as the reference server batches them;
 * bets placed while a round runs belong to the next one, so a round's table holds
 * `betsPerSecond × bettingMs` rows at most. Times are wall-clock
 * epoch milliseconds, as the real server's are.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { Server } from 'socket.io'
import type { CrashPoint } from '../../games/engine/fairness'
import {
  HISTORY_LENGTH,
  PROTOCOL_VERSION,
  parseServerEvent,
  type BetRow,
  type HistoryEntry,
  type ServerEvent,
} from '../../games/crash/protocol'
import { crashTimeMs, multiplierAt } from '../../games/crash/rules'
import { gameServiceNames } from '../../contract/misc'

/** How the synthetic service runs its rounds. */
export interface SyntheticCrashOptions {
  /** The built client to serve (a test build, so the canvas test hook exists). */
  readonly dist: string
  /** How long each round takes bets. */
  readonly bettingMs: number
  /** Pause between a crash and the next round's betting. */
  readonly pauseMs: number
  /** Crash points in hundredths, used in turn. */
  readonly crashPoints: readonly number[]
  /** Live-table rows sent per second: new bets while betting, then their cash-outs. */
  readonly betsPerSecond: number
}

/** A running synthetic service. */
export interface SyntheticCrash {
  /** `http://127.0.0.1:<port>`: the page's origin, API and crash service at once. */
  readonly origin: string
  /** Rounds that have crashed so far. */
  crashed(): number
  /** Resolves once `count` rounds have crashed in total. */
  untilCrashed(count: number): Promise<void>
  /** Bet rows emitted so far. */
  rowsSent(): number
  close(): Promise<void>
}

const BATCH_MS = 100
const SALT = 'synthetic-bench-salt'
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
}

const noServices = Object.fromEntries(gameServiceNames.map((name) => [name, null]))

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex')

/** Starts the service on a loopback port (`BENCH_PORT`, else a free one). */
export async function startSyntheticCrash(options: SyntheticCrashOptions): Promise<SyntheticCrash> {
  const http = createServer((req, res) => void serve(options.dist, req, res))
  const io = new Server(http, { serveClient: false })
  const crash = io.of('/crash')

  let game = 0
  let phase: 'betting' | 'running' | 'crashed' = 'crashed'
  let bettingEndsAt: number | null = null
  let startedAt: number | null = null
  let crashPoint = 100
  let crashedCount = 0
  let rowsSent = 0
  let nextBet = 0
  let rows: BetRow[] = []
  /** Rows before this index are cashed out: cash-outs go in the order the bets came. */
  let cursor = 0
  let history: HistoryEntry[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const timers = new Set<NodeJS.Timeout>()

  const roundId = () => String(game)
  const roundHash = () => hashOf(`round-${game}`)
  const send = (event: ServerEvent) => {
    // Parsed as the client will: a synthetic stream that breaks the protocol is a bench bug.
    const parsed = parseServerEvent(event.type, event)
    crash.emit(parsed.type, event)
  }
  const after = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      fn()
    }, ms)
    timers.add(timer)
  }

  const snapshot = (): ServerEvent => ({
    type: 'snapshot',
    v: PROTOCOL_VERSION,
    serverTime: Date.now(),
    round: {
      id: roundId() as never,
      phase,
      bettingEndsAt: phase === 'betting' ? bettingEndsAt : null,
      startedAt: phase === 'betting' ? null : startedAt,
      crashPoint: phase === 'crashed' ? (crashPoint as CrashPoint) : null,
      roundHash: phase === 'crashed' ? roundHash() : null,
    },
    fairness: { salt: SALT, terminatingHash: hashOf('terminating') },
    bets: rows,
    history,
    me: null,
  })

  const openBetting = () => {
    game += 1
    phase = 'betting'
    rows = []
    cursor = 0
    startedAt = null
    crashPoint = options.crashPoints[(game - 1) % options.crashPoints.length] ?? 100
    bettingEndsAt = Date.now() + options.bettingMs
    send({ type: 'betting', v: PROTOCOL_VERSION, roundId: roundId() as never, bettingEndsAt })
    after(options.bettingMs, start)
  }
  const start = () => {
    phase = 'running'
    startedAt = Date.now()
    send({ type: 'started', v: PROTOCOL_VERSION, roundId: roundId() as never, startedAt })
    after(crashTimeMs(crashPoint as CrashPoint), crashRound)
  }
  const crashRound = () => {
    phase = 'crashed'
    const entry = {
      roundId: roundId(),
      crashPoint,
      roundHash: roundHash(),
      salt: SALT,
    } as HistoryEntry
    send({ type: 'crashed', v: PROTOCOL_VERSION, crashedAt: Date.now(), ...entry })
    history = [entry, ...history].slice(0, HISTORY_LENGTH)
    crashedCount += 1
    for (const waiter of waiters.splice(0)) {
      if (crashedCount >= waiter.count) waiter.resolve()
      else waiters.push(waiter)
    }
    after(options.pauseMs, openBetting)
  }

  const perBatch = Math.max(1, Math.round((options.betsPerSecond * BATCH_MS) / 1000))
  const batch = setInterval(() => {
    if (phase === 'crashed') return
    const changed: BetRow[] = []
    const now = startedAt === null ? 100 : multiplierAt(Date.now() - startedAt)
    for (let i = 0; i < perBatch; i++) {
      if (phase === 'running' && (now <= 100 || cursor >= rows.length)) break
      const open = phase === 'running' ? rows[cursor] : undefined
      if (open) {
        cursor += 1
        const cashoutAt = Math.min(crashPoint, now)
        const cashed = {
          ...open,
          status: 'cashedOut',
          cashoutAt,
          win: Math.floor((open.amount * cashoutAt) / 100),
        } as BetRow
        rows[cursor - 1] = cashed
        changed.push(cashed)
      } else {
        nextBet += 1
        const row = {
          betId: `b${nextBet}`,
          player: `player${nextBet % 997}`,
          amount: 100 * (1 + (nextBet % 50)),
          currency: 'RUB',
          status: 'active',
          cashoutAt: null,
          win: null,
        } as BetRow
        rows.push(row)
        changed.push(row)
      }
    }
    if (changed.length === 0) return
    rowsSent += changed.length
    send({ type: 'bets', v: PROTOCOL_VERSION, roundId: roundId() as never, bets: changed })
  }, BATCH_MS)

  crash.on('connection', (socket) => {
    socket.emit('snapshot', snapshot())
    // The stream's own clock command, and the protocol's resync.
    socket.on('time', (_request: unknown, ack?: (answer: unknown) => void) =>
      ack?.({ serverTime: Date.now() }),
    )
    socket.on('sync', (_request: unknown, ack?: (answer: unknown) => void) => {
      ack?.({ type: 'ok', v: PROTOCOL_VERSION })
      socket.emit('snapshot', snapshot())
    })
    for (const command of ['bet', 'cashOut', 'cancelBet']) {
      socket.on(command, (_request: unknown, ack?: (answer: unknown) => void) =>
        ack?.({ type: 'error', v: PROTOCOL_VERSION, code: 'unauthorized' }),
      )
    }
  })

  // A free port unless `BENCH_PORT` pins one (for machines where ports are handed out).
  const listenOn = Number(process.env.BENCH_PORT ?? 0)
  await new Promise<void>((resolve) => http.listen(listenOn, '127.0.0.1', resolve))
  openBetting()
  const { port } = http.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    crashed: () => crashedCount,
    untilCrashed: (count) =>
      crashedCount >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    rowsSent: () => rowsSent,
    close: async () => {
      clearInterval(batch)
      for (const timer of timers) clearTimeout(timer)
      io.disconnectSockets(true)
      await new Promise<void>((resolve) => io.close(() => resolve()))
    },
  }
}

/** The built client with an SPA fallback, `/api/config`, and a 404 for any other API call. */
async function serve(dist: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
  if (path.startsWith('/api/')) {
    const config = path === '/api/config'
    res.writeHead(config ? 200 : 404, { 'content-type': 'application/json' })
    // Null means "this server" for every game service (contract/misc.ts).
    res.end(config ? JSON.stringify({ mode: 'production', game_services: noServices }) : '{}')
    return
  }
  const file = join(dist, path)
  const target = file.startsWith(dist) && extname(file) ? file : join(dist, 'index.html')
  try {
    const body = await readFile(target)
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
    })
    res.end(body)
  } catch {
    res.writeHead(404)
    res.end()
  }
}
