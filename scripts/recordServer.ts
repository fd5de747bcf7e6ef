/**
 * The server every recording is made against (`npm run record`): the reference server
 * in-process on a throwaway `memory://` database, sandbox mode, the seeded demo account, the
 * games a scenario needs on their realtime namespaces, and the demo player logged in through the
 * HTTP API, as the app would.
 */
import { z } from 'zod'
import { currencySchema, minorSchema, type Currency, type Minor } from '../games/engine/money'
import { createRecorder, type CommandTransport, type Recorder } from '../games/engine/replay'
import { connectionMessage, type ConnectionEvent } from '../games/kit/wireLink'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { migrate } from '../server/db/migrate'
import { openDb } from '../server/db/open'
import { seedDemo } from '../server/db/seed'
import type { ServerGame } from '../server/games'
import { Ledger } from '../server/ledger/ledger'
import { attachRealtime, type Realtime } from '../server/realtime/attach'
import type { Services } from '../server/services'

/** The demo account `seedDemo` creates (README). */
const DEMO = { email: 'demo@tessera.test', password: 'tessera-demo' } as const

/** Longest a scenario may wait for one step: a few whole crash rounds. */
export const STEP_TIMEOUT_MS = 60_000

const loginAnswer = z.object({ token: z.string().min(1) })
const profileAnswer = z.object({
  user: z.object({ balance: minorSchema, currency: currencySchema }),
})

/** A running recording server and the demo player, signed in. */
export interface RecordingServer {
  origin: string
  services: Services
  realtime: Realtime
  token: string
  currency: Currency
  balance: Minor
}

/**
 * Starts the server with `games` (after `prepare`, which may set up what the games use before
 * they start: fixed seeds) and signs the demo player in; what it opened is stopped by
 * `cleanups`, newest first.
 */
export async function openRecordingServer(options: {
  games: (services: Services) => ServerGame[]
  prepare?: (services: Services) => void
  cleanups: (() => unknown)[]
}): Promise<RecordingServer> {
  const { cleanups } = options
  const config = loadConfig({
    DATA_DIR: 'memory://',
    TESSERA_MODE: 'sandbox',
    SEED_DEMO: 'true',
    SCRYPT_N: '1024',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
  })
  const db = await openDb({ dataDir: config.dataDir })
  cleanups.unshift(() => db.close())
  await migrate(db)
  const { app, services } = await buildApp({ config, db, logger: false })
  cleanups.unshift(() => app.close())
  options.prepare?.(services)
  await seedDemo(db, new Ledger(db), config.scryptN)
  await app.listen({ port: 0, host: config.host })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('[record] no server address')
  const origin = `http://127.0.0.1:${address.port}`
  const quiet = { info: () => {}, error: (obj: unknown, msg?: string) => console.error(msg, obj) }
  const realtime = await attachRealtime(app.server, services, {
    log: quiet,
    games: options.games(services),
  })
  cleanups.unshift(() => realtime.close())
  return { origin, services, realtime, ...(await logIn(origin)) }
}

/** The server of {@link withRecordingServer}, with what stops it (run newest first; add yours). */
export interface RecordingSession extends RecordingServer {
  cleanups: (() => unknown)[]
}

/** Starts the server with `game`, logs the demo player in, runs `play`, and stops it all. */
export async function withRecordingServer<T>(
  game: ServerGame,
  play: (server: RecordingSession) => Promise<T>,
): Promise<T> {
  const cleanups: (() => unknown)[] = []
  try {
    const server = await openRecordingServer({ games: () => [game], cleanups })
    return await play({ ...server, cleanups })
  } finally {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  }
}

/** Logs the demo player in through the HTTP API and reads their balance from the profile. */
async function logIn(origin: string) {
  const headers = { 'content-type': 'application/json', 'accept-language': 'en' }
  const login = await fetch(`${origin}/api/api/v2/auth/login/email/password`, {
    method: 'POST',
    headers,
    body: JSON.stringify(DEMO),
  })
  if (!login.ok) throw new Error(`[record] log-in failed: ${login.status}`)
  const { token } = loginAnswer.parse(await login.json())
  const profile = await fetch(`${origin}/api/profile/user`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
  })
  if (!profile.ok) throw new Error(`[record] profile failed: ${profile.status}`)
  const { user } = profileAnswer.parse(await profile.json())
  return { token, currency: user.currency, balance: user.balance }
}

/** A recorder on the client's clock for one live session of `service`. */
export function liveRecorder(service: string, protocolVersion: number, description: string) {
  return createRecorder({
    service,
    protocolVersion,
    // Epoch-based but monotonic, so `at` never runs backwards if the wall clock is adjusted.
    clock: { now: () => performance.timeOrigin + performance.now() },
    meta: { description, source: 'live' },
  })
}

/**
 * The machine's command transport, recorded. Commands are recorded where the machine sends them,
 * not from the tap: the stream also sends commands of its own (clock pings, its resync) and
 * resends after a drop, which no replayed machine would send.
 */
export function recordedTransport(recorder: Recorder, inner: CommandTransport): CommandTransport {
  return {
    async request(name, payload) {
      recorder.sent(name, payload)
      try {
        const ack = await inner.request(name, payload)
        recorder.acked(name, ack)
        return ack
      } catch (error) {
        recorder.failed(name, (error as Error).message)
        throw error
      }
    },
  }
}

/**
 * Records a connection report where it reaches the machine, under its socket.io name (server
 * events are recorded from the stream's tap, the wire as received).
 */
export function recordConnection(recorder: Recorder, event: { type: string }): void {
  if (event.type === 'CONNECTED' || event.type === 'DISCONNECTED' || event.type === 'CLOCK') {
    const { name, payload } = connectionMessage(event as ConnectionEvent)
    recorder.received(name, payload)
  }
}
