import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
// The test plays the browser's side of the wire; server code itself never imports the client.
// eslint-disable-next-line no-restricted-imports
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemorySessionEnds } from '../auth/sessionEnds'
import { loadConfig } from '../config'
import { MemoryCounterStore } from '../http/throttle/memory'
import type { GameModule, GameRuntime } from '../games/kit/module'
import { command, namespaceEmitter } from '../games/kit/namespace'
import type { Services } from '../services'
import { attachRealtime, type Realtime } from './attach'

/**
 * The realtime layer with two made-up games (no database: sessions and users are fakes): each
 * on its namespace with the kit's plumbing, the handshake, and the checks a start makes.
 */
const services = {
  config: loadConfig({ LOG_LEVEL: 'silent' }),
  sessions: {
    authenticate: (token: string) =>
      Promise.resolve(
        token === 'ann-token'
          ? { userId: 5, sessionId: 1, expiresAt: new Date(Date.now() + 3600_000) }
          : null,
      ),
    ends: new MemorySessionEnds(),
  },
  counters: new MemoryCounterStore(),
  now: () => new Date(),
  db: { query: () => Promise.resolve([{ name: 'Ann', currency: 'RUB' }]) },
} as unknown as Services

const quiet = { info: () => {}, error: () => {} }

/** A game that echoes text to its sender and to every watcher. */
function echoGame(id: string, listed = ['echo']): GameModule & { stops: number } {
  const game = {
    id,
    service: 'general',
    namespace: `/${id}`,
    protocol: { version: 1, events: ['snapshot', 'echoed'], commands: listed },
    stops: 0,
    start: ({ nsp }): Promise<GameRuntime> => {
      const emitter = namespaceEmitter<
        { type: 'echoed'; text: string },
        { type: 'echoed'; text: string }
      >(nsp)
      return Promise.resolve({
        wire: {
          commands: {
            echo: command({
              parse: (p) => {
                const text = (p as { text?: unknown } | null)?.text
                return typeof text === 'string' ? { text } : null
              },
              run: (user, cmd) => {
                if (user)
                  emitter.toUser(user.userId, { type: 'echoed', text: `to you: ${cmd.text}` })
                emitter.broadcast({ type: 'echoed', text: cmd.text })
                return { type: 'ok', text: cmd.text, by: user?.name ?? null }
              },
            }),
          },
          refusal: (code) => ({ type: 'error', code }),
          snapshot: (user) =>
            Promise.resolve({ type: 'snapshot', game: id, player: user?.name ?? null }),
          serverTime: () => 1234,
        },
        stop: () => {
          game.stops += 1
          return Promise.resolve()
        },
      })
    },
  } satisfies GameModule & { stops: number }
  return game
}

let http: HttpServer
let realtime: Realtime
let origin: string
const echo = echoGame('echo')
const other = echoGame('other')
const sockets: ClientSocket[] = []

beforeAll(async () => {
  http = createServer()
  realtime = await attachRealtime(http, services, {
    log: quiet,
    games: [echo, other],
    rateLimit: { burst: 5, perSecond: 0.001 },
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const s of sockets) s.disconnect()
  await realtime.close()
  await new Promise((resolve) => http.close(resolve))
})

function client(namespace: string, token?: string) {
  const socket = connectClient(`${origin}${namespace}`, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  sockets.push(socket)
  const next = (event: string) => new Promise<unknown>((resolve) => socket.once(event, resolve))
  const send = (name: string, payload: unknown) => socket.timeout(5000).emitWithAck(name, payload)
  return { socket, next, send }
}

describe('the realtime layer', () => {
  it('serves each game on its namespace: snapshot on join, commands, time and resync', async () => {
    const guest = client('/echo')
    expect(await guest.next('snapshot')).toEqual({ type: 'snapshot', game: 'echo', player: null })
    expect(await guest.send('time', {})).toEqual({ serverTime: 1234 })
    expect(await guest.send('echo', { text: 'hi' })).toEqual({ type: 'ok', text: 'hi', by: null })
    expect(await guest.send('echo', { words: 'hi' })).toEqual({
      type: 'error',
      code: 'bad_request',
    })
    const again = guest.next('snapshot')
    expect(await guest.send('resync', {})).toEqual({})
    expect(await again).toMatchObject({ game: 'echo' })
    const beside = client('/other')
    expect(await beside.next('snapshot')).toMatchObject({ game: 'other' })
    expect(realtime.runtime(other).wire.serverTime()).toBe(1234)
  })

  it("resolves the handshake token to a player, whose own events reach only that player's sockets", async () => {
    const ann = client('/echo', 'ann-token')
    expect(await ann.next('snapshot')).toMatchObject({ player: 'Ann' })
    const watcher = client('/echo')
    await watcher.next('snapshot')
    const mine = new Promise<unknown[]>((resolve) => {
      const got: unknown[] = []
      ann.socket.on('echoed', (e: unknown) => got.push(e) === 2 && resolve(got))
    })
    const seen = watcher.next('echoed')
    expect(await ann.send('echo', { text: 'yo' })).toMatchObject({ by: 'Ann' })
    expect(await seen).toEqual({ type: 'echoed', text: 'yo' })
    expect(await mine).toContainEqual({ type: 'echoed', text: 'to you: yo' })
    const refused = client('/echo', 'stale-token')
    const err = await new Promise<Error>((resolve) => refused.socket.on('connect_error', resolve))
    expect(err.message).toBe('unauthorized')
  })

  it('limits the command rate per socket', async () => {
    const c = client('/other')
    await c.next('snapshot')
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.send('echo', {})))
    const codes = answers.map((a) => (a as { code: string }).code)
    expect(codes.filter((x) => x === 'bad_request')).toHaveLength(5)
    expect(codes.filter((x) => x === 'rate_limited')).toHaveLength(3)
  })

  it('refuses a game whose wire is not its protocol, or two games on one namespace, stopping what started', async () => {
    const server = createServer()
    const good = echoGame('good')
    const odd = echoGame('odd', ['echo', 'shout'])
    await expect(
      attachRealtime(server, services, { log: quiet, games: [good, odd] }),
    ).rejects.toThrow(
      '[realtime] game "odd" serves commands [echo] but its protocol lists [echo, shout]',
    )
    expect([good.stops, odd.stops]).toEqual([1, 1])
    await expect(
      attachRealtime(createServer(), services, { log: quiet, games: [good, echoGame('good')] }),
    ).rejects.toThrow('two games share a namespace')
  })
})
