import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createInterface } from 'node:readline'
import { io as connectClient, type Socket } from 'socket.io-client'
import { afterAll, beforeAll } from 'vitest'
import type { Db } from '../../../server/db/db'
import { migrate } from '../../../server/db/migrate'
import { botCheckField } from '../../e2e/support/botCheck'
import { processDatabase, type ProcessDatabase } from './processDatabase'

/** The repository's root: the server runs from its sources, as `npm run serve` does. */
const root = fileURLToPath(new URL('../../..', import.meta.url))
/** tsx's loader by its path, so the server may run from any folder (its chain file goes there). */
const tsx = createRequire(import.meta.url).resolve('tsx')

/** The longest a server may take to start on a busy machine: a bound, never a wait. */
const START_LIMIT_MS = 120_000

/** How a process ended. */
export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** A reference server (`server/main.ts`) running as a process of its own. */
export interface ServerProcess {
  /** Where it listens, e.g. `http://127.0.0.1:40123`. */
  origin: string
  child: ChildProcess
  /** Resolves once the process has ended, however. */
  exited: Promise<Exit>
  /** Its last lines of output, for a failure's message. */
  output(): string
}

/**
 * Starts `server/main.ts` (or `entry`, a path from the repository's root) in `cwd` with `env` over
 * a clean environment (no database of the caller's), on a port the system picks; resolves once
 * it logs that it listens (it listens only after migrations, recovery and the live games' start),
 * rejects if it exits first.
 */
export async function startServerProcess(
  env: Record<string, string>,
  cwd: string,
  entry = 'server/main.ts',
): Promise<ServerProcess> {
  const inherited = { ...process.env }
  delete inherited.DATABASE_URL
  delete inherited.DATA_DIR
  const child = spawn(process.execPath, ['--import', tsx, `${root}${entry}`], {
    cwd,
    // The bot check stays on at a low difficulty: fundedPlayer solves it (tests/e2e/support/botCheck.ts).
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      BOT_CHECK_MAX_NUMBER: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const keep = (line: string) => {
    lines.push(line)
    if (lines.length > 40) lines.shift()
  }
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  createInterface({ input: child.stderr! }).on('line', keep)
  const output = () => lines.join('\n')
  const listening = new Promise<string>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line)
      const { msg } = parseLine(line)
      const at = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(msg ?? '')
      if (at) resolve(at[1]!)
    })
  })
  const died = exited.then((exit) => {
    throw new Error(`the server exited before listening (${JSON.stringify(exit)}):\n${output()}`)
  })
  // Its death once listening is the caller's business (`exited`), not a failure of the start.
  died.catch(() => {})
  let limit: NodeJS.Timeout | undefined
  const origin = await Promise.race([
    listening,
    died,
    new Promise<never>((_, reject) => {
      limit = setTimeout(
        () => reject(new Error(`the server did not listen in ${START_LIMIT_MS} ms:\n${output()}`)),
        START_LIMIT_MS,
      )
    }),
  ])
    .catch((err: unknown) => {
      // A server that did not come up is not left behind.
      child.kill('SIGKILL')
      throw err
    })
    .finally(() => clearTimeout(limit))
  return { origin, child, exited, output }
}

function parseLine(line: string): { msg?: string } {
  try {
    return JSON.parse(line) as { msg?: string }
  } catch {
    return {}
  }
}

/** Calls the server's API (`path` after `/api`); throws with the answer unless it is a 2xx. */
export async function callApi<T>(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return JSON.parse(text) as T
}

/**
 * A player registered by e-mail over HTTP and funded with `deposit` (minor units, RUB) through
 * the sandbox payment provider, as the e2e suite's players are; returns its session token.
 */
export async function fundedPlayer(origin: string, email: string, deposit: number) {
  const { data } = await callApi<{ data: { token: string } }>(
    origin,
    'POST',
    '/api/v2/auth/register/email',
    {
      body: {
        email,
        password: 'kill-test-player-1',
        currency: 'RUB',
        ...(await botCheckField(origin)),
      },
    },
  )
  const { token } = data
  const billing = await callApi<{ payments: { methods: { hash: string }[] } }>(
    origin,
    'GET',
    '/api/v2/billing/data',
    { token },
  )
  const invoice = await callApi<{ id: string | number }>(
    origin,
    'POST',
    '/billing/payment/create',
    {
      token,
      headers: { 'idempotency-key': `fund-${email.replace('@', '.')}` },
      body: { method_hash: billing.payments.methods[0]!.hash, amount: deposit },
    },
  )
  await callApi(origin, 'POST', `/sandbox/pay/${invoice.id}/confirm`)
  return token
}

/**
 * {@link fundedPlayer} whose active seed pair the test chose: the test hook commits the next
 * server seed, and a rotation makes it active at nonce 0 with `clientSeed`, so the published
 * algorithm tells every round's draws in advance. Returns the session token.
 */
export async function fundedPlayerWithSeeds(
  origin: string,
  email: string,
  deposit: number,
  seeds: { serverSeed: string; clientSeed: string },
): Promise<string> {
  const token = await fundedPlayer(origin, email, deposit)
  await callApi(origin, 'POST', '/test-hooks/seeds/next', {
    token,
    body: { serverSeed: seeds.serverSeed },
  })
  await callApi(origin, 'POST', '/games/seeds/rotate', {
    token,
    body: { client_seed: seeds.clientSeed },
  })
  return token
}

/** A client socket on `namespace` that keeps every event it receives, in order. */
export interface RecordingSocket {
  socket: Socket
  events: { name: string; payload: unknown }[]
  /** Resolves with the first event received (from now or before) that `match` accepts. */
  next(match: (name: string, payload: unknown) => boolean): Promise<unknown>
  send(name: string, payload: unknown): Promise<unknown>
}

/** Connects to `namespace` of `origin` (as `token`'s player, or a guest). */
export function recordingSocket(
  origin: string,
  namespace: string,
  token: string | null,
): RecordingSocket {
  const socket = connectClient(`${origin}${namespace}`, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  const events: RecordingSocket['events'] = []
  const waiting: { match: (name: string, payload: unknown) => boolean; done(p: unknown): void }[] =
    []
  socket.onAny((name: string, payload: unknown) => {
    events.push({ name, payload })
    for (const w of [...waiting]) {
      if (!w.match(name, payload)) continue
      waiting.splice(waiting.indexOf(w), 1)
      w.done(payload)
    }
  })
  return {
    socket,
    events,
    next(match) {
      const seen = events.find((e) => match(e.name, e.payload))
      if (seen) return Promise.resolve(seen.payload)
      return new Promise((done) => waiting.push({ match, done }))
    },
    send: (name, payload) => socket.timeout(30_000).emitWithAck(name, payload),
  }
}

/** The server processes of a suite that kills and restarts servers on one database. */
export interface KilledServers {
  /** The database the processes share; the test opens it itself only while none runs. */
  readonly db: ProcessDatabase
  /**
   * Starts a server (`entry`, `server/main.ts` by default) on the database, test hooks on, with
   * `env` added to its environment.
   */
  start(entry?: string, env?: Record<string, string>): Promise<ServerProcess>
  /** Connects to `namespace` of `origin` (as `token`'s player, or a guest). */
  connect(origin: string, namespace: string, token: string | null): RecordingSocket
}

/**
 * Registers (call in a suite's describe) what a suite of servers killed and restarted on one
 * database needs: before it, a temporary folder `tessera-<name>-<driver>-…` (the processes' working
 * folder) with a database of `driver` there, migrated, and what `prepare` adds to it; after it,
 * every socket closed, every process still running killed and awaited, so that a failed run
 * leaves none behind, the database stopped and the folder removed.
 */
export function killedServers(
  driver: 'pglite' | 'postgresql',
  name: string,
  prepare: (conn: Db) => Promise<unknown> = async () => {},
): KilledServers {
  let folder = ''
  let db: ProcessDatabase | undefined
  const processes: ServerProcess[] = []
  const clients: RecordingSocket[] = []

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), `tessera-${name}-${driver}-`))
    db = await processDatabase(driver, folder)
    const conn = await db.open()
    await migrate(conn)
    await prepare(conn)
    await conn.close()
  }, 120_000)
  afterAll(async () => {
    for (const c of clients) c.socket.close()
    for (const p of processes) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL')
      await p.exited
    }
    await db?.stop()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  const database = () => {
    if (!db) throw new Error('[killedServers] no database before the suite starts')
    return db
  }
  return {
    get db() {
      return database()
    },
    async start(entry, extra = {}) {
      const env = {
        ...database().env,
        ...extra,
        TESSERA_MODE: 'sandbox',
        TEST_HOOKS: 'true',
        SCRYPT_N: '1024',
        RATE_LIMIT_REGISTER: '100000',
        // Its built client is not needed: the server serves the API without one.
        DIST_DIR: join(folder, 'dist'),
      }
      const p = await startServerProcess(env, folder, entry)
      processes.push(p)
      return p
    },
    connect(origin, namespace, token) {
      const c = recordingSocket(origin, namespace, token)
      clients.push(c)
      return c
    },
  }
}
