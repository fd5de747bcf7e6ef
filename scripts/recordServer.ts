/**
 * The server every recording is made against (`npm run record`): the reference server
 * in-process on a throwaway `memory://` database, sandbox mode, the seeded demo account, one
 * game module's realtime namespace, and the demo player logged in through the HTTP API.
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
import type { GameModule } from '../server/games/kit/module'
import { Ledger } from '../server/ledger/ledger'
import { attachRealtime, type Realtime } from '../server/realtime/attach'

/** The demo account `seedDemo` creates (README). */
const DEMO = { email: 'demo@tessera.test', password: 'tessera-demo' } as const

/** Longest a scenario may wait for one step: a few whole crash rounds. */
export const STEP_TIMEOUT_MS = 60_000

/** The running server, its one game, and the logged-in demo player. */
export interface RecordingServer {
  origin: string
  token: string
  currency: Currency
  balance: Minor
  realtime: Realtime
  /** Run newest first when the recording is done (the caller adds its own). */
  cleanups: (() => unknown)[]
}

const loginAnswer = z.object({ token: z.string().min(1) })
const profileAnswer = z.object({
  user: z.object({ balance: minorSchema, currency: currencySchema }),
})

/** Starts the server with `game`, logs the demo player in, runs `play`, and stops it all. */
export async function withRecordingServer<T>(
  game: GameModule,
  play: (server: RecordingServer) => Promise<T>,
): Promise<T> {
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
  const cleanups: (() => unknown)[] = [() => db.close()]
  try {
    await migrate(db)
    const { app, services } = await buildApp({ config, db, logger: false })
    cleanups.unshift(() => app.close())
    await seedDemo(db, new Ledger(db), config.scryptN)
    await app.listen({ port: 0, host: config.host })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('[record] no server address')
    const origin = `http://127.0.0.1:${address.port}`
    const player = await logIn(origin)
    const quiet = { info: () => {}, error: (obj: unknown, msg?: string) => console.error(msg, obj) }
    const realtime = await attachRealtime(app.server, services, { log: quiet, games: [game] })
    cleanups.unshift(() => realtime.close())
    return await play({ origin, ...player, realtime, cleanups })
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
