/**
 * A real socket.io 4 server on a random loopback port for the stream's tests: one namespace
 * (`/game`) speaking testProtocol, connection state recovery on, a clock that can be skewed, and
 * commands that ack, refuse, stay silent or drop the connection on purpose. Test code only.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server, type Namespace, type Socket } from 'socket.io'
import { z } from 'zod/mini'
import { createGameStream, type GameStream, type GameStreamOptions } from './createGameStream'
import { defineGameProtocol, type StreamEvent } from './defineGameProtocol'
import type { ConnectionStatus, ReconnectInfo, StreamError, TapRecord } from './types'

/** The protocol the test server speaks. */
export const testProtocol = defineGameProtocol({
  events: {
    snapshot: z.object({ seq: z.number().check(z.int(), z.nonnegative()) }),
    tick: z.object({ seq: z.number().check(z.int(), z.nonnegative()) }),
  },
  commands: {
    bet: {
      request: z.object({
        amount: z.number().check(z.int(), z.positive()),
        key: z.string().check(z.minLength(8)),
      }),
      ack: z.discriminatedUnion('type', [
        z.object({ type: z.literal('ok'), balance: z.number().check(z.int()) }),
        z.object({ type: z.literal('error'), code: z.string(), message: z.optional(z.string()) }),
      ]),
    },
  },
  snapshotEvent: 'snapshot',
})

/** Bet amounts with a behaviour, so each test picks the server's answer. */
export const BetAmount = {
  /** Refused with `insufficient-balance`. */
  refused: 13,
  /** Never answered. */
  silent: 99,
  /** Answered with a payload the ack schema rejects. */
  malformed: 42,
  /** The first attempt of a key drops the connection unanswered; a repeat is answered. */
  dropFirst: 7,
} as const

type Events = (typeof testProtocol)['events']
type Commands = (typeof testProtocol)['commands']
/** A stream speaking testProtocol. */
export type TestStream = GameStream<Events, Commands>
/** Options of a stream speaking testProtocol. */
export type TestStreamOptions = GameStreamOptions<Events, Commands>

export interface TestServerOptions {
  /** Added to the server clock (ms) in `time` answers. */
  readonly skewMs?: number
  /** socket.io's recovery window. */
  readonly maxDisconnectionDuration?: number
}

export interface TestServer {
  url: string
  /** Handshake `auth` of every connection, in order, without socket.io's recovery fields. */
  readonly handshakes: Record<string, unknown>[]
  /** `recovered` of every connection, in order. */
  readonly recoveries: boolean[]
  /** Every bet request received, resends included. */
  readonly bets: { key: string; amount: number }[]
  /** How many `resync` requests arrived. */
  resyncs: number
  /** How many `time` requests arrived. */
  times: number
  /** The namespace's connected sockets. */
  sockets(): Socket[]
  /** Broadcasts a valid tick, or any payload under any name. */
  emit(name: string, payload: unknown): void
  /** Closes and starts again on the same port: sessions and buffered packets are gone. */
  restart(): Promise<void>
  close(): Promise<void>
}

/** Starts a server on 127.0.0.1 and a random port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let seq = 0
  const balances = new Map<string, number>()
  let io: Server
  let nsp: Namespace

  /** A fresh socket.io server on `port`: what a process restart looks like to clients. */
  const listen = async (port: number): Promise<number> => {
    const http = createServer()
    io = new Server(http, {
      connectionStateRecovery: {
        maxDisconnectionDuration: options.maxDisconnectionDuration ?? 60_000,
        skipMiddlewares: true,
      },
    })
    nsp = io.of('/game')
    nsp.use((socket, next) => {
      const auth = socket.handshake.auth as Record<string, unknown>
      if (auth.token === 'bad') next(new Error('unauthorized'))
      else next()
    })
    nsp.on('connection', onConnection)
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve))
    return (http.address() as AddressInfo).port
  }

  const onConnection = (socket: Socket) => {
    // socket.io adds its own recovery fields (pid, offset) on reconnection; keep the app's.
    const { pid: _pid, offset: _offset, ...auth } = socket.handshake.auth as Record<string, unknown>
    server.handshakes.push(auth)
    server.recoveries.push(socket.recovered)
    // The contract: a full snapshot on every connection that did not recover its state.
    if (!socket.recovered) socket.emit('snapshot', { seq })
    socket.on('time', (_request: unknown, ack: (answer: unknown) => void) => {
      server.times += 1
      ack({ serverTime: Date.now() + (options.skewMs ?? 0) })
    })
    socket.on('resync', (_request: unknown, ack: (answer: unknown) => void) => {
      server.resyncs += 1
      ack({})
      socket.emit('snapshot', { seq })
    })
    socket.on('bet', (request: { key: string; amount: number }, ack: (answer: unknown) => void) => {
      server.bets.push({ key: request.key, amount: request.amount })
      const attempts = server.bets.filter((b) => b.key === request.key).length
      if (request.amount === BetAmount.silent) return
      if (request.amount === BetAmount.refused) {
        ack({ type: 'error', code: 'insufficient-balance' })
      } else if (request.amount === BetAmount.malformed) {
        ack({ type: 'ok', balance: 'lots' })
      } else if (request.amount === BetAmount.dropFirst && attempts === 1) {
        balances.set(request.key, 1000 - request.amount)
        socket.conn.close()
      } else {
        // Idempotent: a repeated key gets the first answer and is not charged twice.
        const balance = balances.get(request.key) ?? 1000 - request.amount
        balances.set(request.key, balance)
        ack({ type: 'ok', balance })
      }
    })
  }

  const close = () => new Promise<void>((resolve) => io.close(() => resolve()))
  const server: TestServer = {
    url: '',
    handshakes: [],
    recoveries: [],
    bets: [],
    resyncs: 0,
    times: 0,
    sockets: () => [...nsp.sockets.values()],
    emit: (name, payload) => {
      if (name === 'tick') seq += 1
      nsp.emit(name, payload)
    },
    restart: async () => {
      await close()
      await listen(port)
    },
    close,
  }
  const port = await listen(0)
  server.url = `http://127.0.0.1:${port}`
  return server
}

/** Polls until `check` holds (a real server answers on its own schedule), or fails after `ms`. */
export async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/**
 * Opens a stream on the test server (fast reconnection, no periodic clock estimate) with everything
 * it reports collected from the very start. The caller releases it.
 */
export function openTestStream(server: TestServer, overrides: Partial<TestStreamOptions> = {}) {
  const stream: TestStream = createGameStream({
    url: server.url,
    namespace: '/game',
    protocol: testProtocol,
    getToken: () => null,
    clock: { now: () => Date.now() },
    reconnectionDelayMs: 50,
    reconnectionDelayMaxMs: 100,
    clockSync: { intervalMs: 0 },
    ...overrides,
  })
  const seen = {
    events: [] as StreamEvent<Events>[],
    errors: [] as StreamError[],
    reconnects: [] as ReconnectInfo[],
    statuses: [stream.getState().status] as ConnectionStatus[],
    resyncing: [stream.getState().resyncing],
    taps: [] as TapRecord[],
  }
  stream.onEvent((event) => seen.events.push(event))
  stream.onError((error) => seen.errors.push(error))
  stream.onReconnect((info) => seen.reconnects.push(info))
  stream.onTap((record) => seen.taps.push(record))
  stream.subscribe(() => {
    const { status, resyncing } = stream.getState()
    if (seen.statuses.at(-1) !== status) seen.statuses.push(status)
    if (seen.resyncing.at(-1) !== resyncing) seen.resyncing.push(resyncing)
  })
  const count = (name: string) => seen.events.filter((e) => e.name === name).length
  return { stream, seen, count }
}
