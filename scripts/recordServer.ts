/**
 * The server every recording is made against (`npm run record`): the reference server
 * in-process on a throwaway `memory://` database, sandbox mode, the seeded demo account, the
 * games a scenario needs on their realtime namespaces, and the demo player logged in through the
 * HTTP API, as the app would. And what every recorder does on the client side: the game's stream
 * and machines with both ways recorded (`connectLive`), the player's recorded intents and waits
 * (`recordedPlayer`), and the check that the replay ends where the live session did.
 */
import { waitFor, type AnyActorRef, type EventFrom, type SnapshotFrom } from 'xstate'
import { z } from 'zod'
import { currencySchema, minorSchema, type Currency, type Minor } from '../games/engine/money'
import {
  createRecorder,
  parseRecording,
  type CommandTransport,
  type Recorder,
  type Recording,
} from '../games/engine/replay'
import type { Wire, WireCommands, WireEvents } from '../games/kit/protocol'
import {
  connectGameStream,
  streamTransport,
  type MachineInbox,
} from '../games/kit/stream/connectGameStream'
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
 * Starts the server with `game` (after `prepare`, which may set up what the game uses before it
 * starts: fixed seeds) and signs the demo player in; what it opened is stopped by `cleanups`,
 * newest first.
 */
async function openRecordingServer(options: {
  game: ServerGame
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
  const realtime = await attachRealtime(app.server, services, { log: quiet, games: [options.game] })
  cleanups.unshift(() => realtime.close())
  return { origin, services, realtime, ...(await logIn(origin)) }
}

/** The server of {@link withRecordingServer}, with what stops it (run newest first; add yours). */
export interface RecordingSession extends RecordingServer {
  cleanups: (() => unknown)[]
}

/**
 * Starts the server with `game` (after `prepare`: see {@link openRecordingServer}), logs the demo
 * player in, runs `play`, and stops it all.
 */
export async function withRecordingServer<T>(
  options: { game: ServerGame; prepare?: (services: Services) => void },
  play: (server: RecordingSession) => Promise<T>,
): Promise<T> {
  const cleanups: (() => unknown)[] = []
  try {
    const server = await openRecordingServer({ ...options, cleanups })
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

/** A game's client in a live session: its machines on the game's stream, both ways recorded. */
export interface LiveClient<M> {
  /** What `start` returned: the client's machines. */
  readonly machines: M
  /** What the session records; the player's intents go in with `input`. */
  readonly recorder: Recorder
  /** Whether a server event named `name` reached the player. */
  seen(name: string): boolean
  /** The recording so far, checked against the format; throws if the stream dropped an event. */
  recording(): Recording
}

/**
 * Opens the game's stream for the demo player of `server` as the app does (the kit's
 * `connectGameStream` with the game's wire) and feeds what `start` returns: the client's machines,
 * started on the recorded command transport, stopped with the server's cleanups. Server events are
 * recorded from the stream's tap (the wire as received), connection reports where they reach the
 * machine (under their socket.io names), and commands and acks around the machine's transport.
 */
export function connectLive<
  E extends WireEvents,
  C extends WireCommands,
  M extends MachineInbox<E> & { stop(): void },
>(
  server: RecordingSession,
  options: {
    service: string
    description: string
    wire: Wire<E, C>
    namespace: string
    start: (transport: CommandTransport) => M
    /** Whose socket it is: the demo player's token by default, null for a guest. */
    token?: string | null
    /**
     * The server's origin as this client names it (`server.origin` by default). The client shares
     * one socket per origin and namespace, so a second client of the same game in this process
     * (a guest beside the player) names the server otherwise (`localhost`) to get its own socket.
     */
    url?: string
  },
): LiveClient<M> {
  const recorder = createRecorder({
    service: options.service,
    protocolVersion: options.wire.version,
    // Epoch-based but monotonic, so `at` never runs backwards if the wall clock is adjusted.
    clock: { now: () => performance.timeOrigin + performance.now() },
    meta: { description: options.description, source: 'live' },
  })
  const link = streamTransport()
  const machines = options.start(recordedTransport(recorder, link.transport))
  server.cleanups.unshift(() => machines.stop())
  const seen = new Set<string>()
  let dropped: string | null = null
  const opened = connectGameStream({
    wire: options.wire,
    url: options.url ?? server.origin,
    namespace: options.namespace,
    getToken: () => (options.token !== undefined ? options.token : server.token),
    inbox: {
      send(event) {
        // Every wire payload carries its `type`, as connection reports do.
        recordConnection(recorder, event as { type: string })
        machines.send(event)
      },
    },
  })
  const offTap = opened.stream.onTap((record) => {
    if (record.kind !== 'event') return
    // A dropped event means the ends disagree on the protocol: no recording is worth keeping then.
    if (record.dropped) dropped ??= record.name
    seen.add(record.name)
    recorder.received(record.name, record.payload)
  })
  link.attach(opened.stream)
  server.cleanups.unshift(() => {
    offTap()
    link.attach(null)
    opened.stop()
  })
  return {
    machines,
    recorder,
    seen: (name) => seen.has(name),
    recording() {
      if (dropped !== null) throw new Error(`[record] the stream dropped an invalid "${dropped}"`)
      return parseRecording(recorder.toRecording())
    },
  }
}

/**
 * The machine's command transport, recorded. Commands are recorded where the machine sends them,
 * not from the tap: the stream also sends commands of its own (clock pings, its resync) and
 * resends after a drop, which no replayed machine would send.
 */
function recordedTransport(recorder: Recorder, inner: CommandTransport): CommandTransport {
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
function recordConnection(recorder: Recorder, event: { type: string }): void {
  if (event.type === 'CONNECTED' || event.type === 'DISCONNECTED' || event.type === 'CLOCK') {
    const { name, payload } = connectionMessage(event as ConnectionEvent)
    recorder.received(name, payload)
  }
}

/** What a scenario's player does with the round machine: tell it an intent, wait for a state. */
export interface Player<I, S> {
  /** Tells the machine (and the recording) a player intent. */
  send(intent: I): void
  /** Waits until the snapshot passes `check`. */
  until(check: (snapshot: S) => boolean, what: string): Promise<void>
}

/** The player of `actor`, its intents recorded by `client`. */
export function recordedPlayer<A extends AnyActorRef>(
  client: LiveClient<unknown>,
  actor: A,
): Player<EventFrom<A>, SnapshotFrom<A>> {
  return {
    send(intent) {
      client.recorder.input(intent)
      actor.send(intent)
    },
    until: (check, what) => waitStep(actor, check, what),
  }
}

/** Waits until `actor`'s snapshot passes `check`; the error says what was awaited. */
export async function waitStep<A extends AnyActorRef>(
  actor: A,
  check: (snapshot: SnapshotFrom<A>) => boolean,
  what: string,
  timeout = STEP_TIMEOUT_MS,
): Promise<void> {
  try {
    await waitFor(actor, check, { timeout })
  } catch (error) {
    throw new Error(`[record] waiting for ${what}: ${(error as Error).message}`, { cause: error })
  }
}

/**
 * Throws unless the replay ended where the live session did: `live` and `replayed` are the same
 * summary of each (what a scenario shows) and must serialise alike.
 */
export function expectSameEnd(live: unknown, replayed: unknown): void {
  const [a, b] = [JSON.stringify(live), JSON.stringify(replayed)]
  if (a !== b) throw new Error(`[record] the replay ended elsewhere:\n live   ${a}\n replay ${b}`)
}
