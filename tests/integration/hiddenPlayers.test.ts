import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
// The test plays the browser's side of the wire.
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileUserResponse, registerResponse } from '../../contract'
import { PROTOCOL_VERSION, parseAck, parseServerEvent } from '../../games/crash/protocol'
import { diceWire } from '../../games/dice/protocol'
import {
  INSTANT_PROTOCOL_VERSION,
  LIVE_NAMESPACE,
  liveWire,
} from '../../games/kit/instant/protocol'
import type { Db } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import { openPglite } from '../../server/db/pglite'
import { crashModule } from '../../server/games/crash'
import { BETTING_MS, PAUSE_MS, T0, TEST_SALT, TEST_SEED } from '../../server/games/crash/testing'
import { diceModule } from '../../server/games/dice'
import { instantKit } from '../../server/games/kit/instant/kit'
import { liveModule } from '../../server/games/kit/instant/module'
import { fixedSeeds } from '../../server/games/kit/instant/testing'
import { fakeScheduler } from '../../server/games/kit/scheduler'
import { attachRealtime, type Realtime } from '../../server/realtime/attach'
import { startTestApp, type TestApp } from './support/harness'

/**
 * "Hide my statistics" on every public feed (issue 24): a guest watching crash's live bets and
 * the instant games' live tables gets the hidden player's rows without a name, from the first
 * row after the setting is saved, on sockets that were open before it was.
 */
let db: Db
let t: TestApp
let http: HttpServer
let realtime: Realtime
let origin: string
const clock = fakeScheduler(T0)
const crashGame = crashModule({
  scheduler: clock,
  bettingMs: BETTING_MS,
  pauseMs: PAUSE_MS,
  chain: { seedHash: TEST_SEED, salt: TEST_SALT, length: 1000 },
  publicationPath: null,
})
const sockets: ClientSocket[] = []

beforeAll(async () => {
  db = await openPglite('memory://')
  await migrate(db)
  t = await startTestApp(db)
  instantKit(t.services, { seeds: fixedSeeds('hidden-players') })
  http = createServer()
  realtime = await attachRealtime(http, t.services, {
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    games: [crashGame, diceModule(), liveModule()],
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
}, 120_000)

afterAll(async () => {
  for (const s of sockets) s.disconnect()
  await realtime?.close()
  await new Promise((resolve) => http?.close(resolve))
  await t?.close()
  await db?.close()
})

/** A client socket on `namespace` keeping every event, unparsed, until a test takes it. */
function connect(namespace: string, token?: string) {
  const socket = connectClient(origin + namespace, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  sockets.push(socket)
  const events: { name: string; payload: unknown }[] = []
  const waiters: { name: string; resolve: (payload: unknown) => void }[] = []
  socket.onAny((name: string, payload: unknown) => {
    const waiter = waiters.find((w) => w.name === name)
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(payload)
    } else events.push({ name, payload })
  })
  const next = (name: string) =>
    new Promise<unknown>((resolve) => {
      const seen = events.find((e) => e.name === name)
      if (seen) {
        events.splice(events.indexOf(seen), 1)
        resolve(seen.payload)
      } else waiters.push({ name, resolve })
    })
  return { socket, next }
}

let registered = 0
/** A registered player with 10,000.00 RUB, their session token and public name. */
async function player(): Promise<{ token: string; name: string }> {
  registered += 1
  const res = await t.call('POST', '/api/api/v2/auth/register/email', {
    body: { email: `hidden.player.${registered}@example.com`, password: 'password-123' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { token } = registerResponse.parse(res.json()).data
  const { user } = profileUserResponse.parse(
    (await t.call('GET', '/api/profile/user', { token })).json(),
  )
  await t.services.ledger.deposit({
    userId: user.id,
    currency: 'RUB',
    amount: 1_000_000,
    key: `hidden-players-deposit-${user.id}`,
  })
  return { token, name: user.name! }
}

/** Saves "Hide my statistics" through the profile settings call, as the profile page does. */
async function hide(token: string, hidden: boolean): Promise<void> {
  const res = await t.call('PUT', '/api/profile/settings', {
    token,
    body: { is_statistics_hidden: hidden },
  })
  expect(res.statusCode, res.body).toBe(200)
}

describe('a player who hides their statistics', () => {
  it("is nameless on crash's live bets for a guest, live and in a later snapshot", async () => {
    const crash = realtime.runtime(crashGame).crash
    const shown = await player()
    const hidden = await player()
    const guest = connect('/crash')
    await guest.next('snapshot')
    const shownSocket = connect('/crash', shown.token)
    const hiddenSocket = connect('/crash', hidden.token)
    await shownSocket.next('snapshot')
    await hiddenSocket.next('snapshot')
    // Saved after the socket's handshake: the socket's player was resolved before it.
    await hide(hidden.token, true)
    expect(crash.currentRound().phase).toBe('betting')

    const bet = async (socket: ClientSocket) =>
      parseAck(
        'bet',
        await socket.timeout(5000).emitWithAck('bet', {
          type: 'bet',
          v: PROTOCOL_VERSION,
          key: crypto.randomUUID(),
          amount: 1000,
          currency: 'RUB',
          autoCashoutAt: null,
        }),
      )
    const acks = [await bet(shownSocket.socket), await bet(hiddenSocket.socket)]
    const [shownBet, hiddenBet] = acks.map((a) => (a.type === 'ok' ? a.betId : null))
    const feed = guest.next('bets')
    await clock.advance(250, () => crash.idle())
    const event = parseServerEvent('bets', await feed)
    if (event.type !== 'bets') throw new Error('expected a bets event')
    expect(event.bets.map((r) => [r.betId, r.player])).toEqual([
      [shownBet, shown.name],
      [hiddenBet, null],
    ])
    expect(JSON.stringify(event)).not.toContain(hidden.name)

    const late = connect('/crash')
    const snapshot = parseServerEvent('snapshot', await late.next('snapshot'))
    if (snapshot.type !== 'snapshot') throw new Error('expected a snapshot')
    expect(snapshot.bets.find((r) => r.betId === hiddenBet)?.player).toBeNull()
    expect(JSON.stringify(snapshot)).not.toContain(hidden.name)
  })

  it('is nameless on the instant live tables for a guest, and named again once shown', async () => {
    const shown = await player()
    const hidden = await player()
    const guest = connect(LIVE_NAMESPACE)
    await guest.next('snapshot')
    const shownDice = connect('/dice', shown.token)
    const hiddenDice = connect('/dice', hidden.token)
    await shownDice.next('snapshot')
    await hiddenDice.next('snapshot')
    await hide(hidden.token, true)

    const roll = async (socket: ClientSocket) => {
      const ack = diceWire.parseAck(
        'bet',
        await socket.timeout(5000).emitWithAck('bet', {
          type: 'bet',
          v: INSTANT_PROTOCOL_VERSION,
          key: crypto.randomUUID(),
          amount: 1000,
          currency: 'RUB',
          params: { target: 5000, direction: 'over' },
        }),
      )
      if (ack.type !== 'ok') throw new Error(`bet refused: ${ack.code}`)
      return ack.betId
    }
    const rows = async () => {
      const event = liveWire.parseEvent('bets', await guest.next('bets'))
      if (event.type !== 'bets') throw new Error('expected a bets event')
      return event.rows.map((r) => [r.betId, r.player])
    }

    const hiddenBet = await roll(hiddenDice.socket)
    expect(await rows()).toEqual([[hiddenBet, null]])
    const shownBet = await roll(shownDice.socket)
    expect(await rows()).toEqual([[shownBet, shown.name]])

    const late = liveWire.parseEvent('snapshot', await connect(LIVE_NAMESPACE).next('snapshot'))
    if (late.type !== 'snapshot') throw new Error('expected a snapshot')
    expect(late.all.find((r) => r.betId === hiddenBet)?.player).toBeNull()
    expect(JSON.stringify(late)).not.toContain(hidden.name)

    // Shown again: the next row names them, on the same socket.
    await hide(hidden.token, false)
    const again = await roll(hiddenDice.socket)
    expect(await rows()).toEqual([[again, hidden.name]])
  })
})
