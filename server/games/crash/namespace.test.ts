import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
// The test plays the browser's side of the wire; server code itself never imports the client.
// eslint-disable-next-line no-restricted-imports
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PROTOCOL_VERSION,
  parseAck,
  parseServerEvent,
  type ServerEvent,
} from '../../../games/crash/protocol'
import { crashTimeMs, msToReach } from '../../../games/crash/rules'
import { attachRealtime, type Realtime } from '../../realtime/attach'
import type { Services } from '../../services'
import { fakeScheduler } from '../kit/scheduler'
import { crashModule } from '.'
import {
  BETTING_MS,
  PAUSE_MS,
  T0,
  TEST_SALT,
  TEST_SEED,
  newKey,
  newPlayer,
  openTestServices,
} from './testing'

let services: Services
let http: HttpServer
let realtime: Realtime
let url: string
const clock = fakeScheduler(T0)
const sockets: ClientSocket[] = []
const crashGame = crashModule({
  scheduler: clock,
  bettingMs: BETTING_MS,
  pauseMs: PAUSE_MS,
  chain: { seedHash: TEST_SEED, salt: TEST_SALT, length: 1000 },
  publicationPath: null,
})
/** The running crash service. */
const crash = () => realtime.runtime(crashGame).crash

beforeAll(async () => {
  services = await openTestServices()
  http = createServer()
  realtime = await attachRealtime(http, services, {
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    rateLimit: { burst: 30, perSecond: 1 },
    games: [crashGame],
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/crash`
}, 60_000)

afterAll(async () => {
  for (const s of sockets) s.disconnect()
  await realtime.close()
  await new Promise((resolve) => http.close(resolve))
  await services.db.close()
})

/** A client socket whose every event is parsed with the crash protocol as it arrives. */
function client(token?: string) {
  const socket = connectClient(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  sockets.push(socket)
  const events: ServerEvent[] = []
  const waiters: { type: string; resolve: (e: ServerEvent) => void }[] = []
  socket.onAny((name: string, payload: unknown) => {
    const event = parseServerEvent(name, payload)
    events.push(event)
    for (const w of waiters.splice(0)) {
      if (w.type === event.type) w.resolve(event)
      else waiters.push(w)
    }
  })
  const next = <T extends ServerEvent['type']>(type: T) =>
    new Promise<Extract<ServerEvent, { type: T }>>((resolve) =>
      waiters.push({ type, resolve: resolve as (e: ServerEvent) => void }),
    )
  const command = async (name: 'bet' | 'cashOut' | 'cancelBet' | 'sync', payload: unknown) =>
    parseAck(name, await socket.timeout(5000).emitWithAck(name, payload))
  return { socket, events, next, command }
}

const advance = (ms: number) => clock.advance(ms, () => crash().idle())

describe('the /crash namespace', () => {
  it('lets a guest watch: snapshot on join, sync and time answered, bets refused', async () => {
    const guest = client()
    const snap = await guest.next('snapshot')
    expect(snap.me).toBeNull()
    expect(snap.round.phase).toBe('betting')
    expect(snap.fairness.terminatingHash).toBe(crash().chain.terminatingHash)
    const bet = { type: 'bet', v: PROTOCOL_VERSION, key: newKey(), amount: 1000, currency: 'RUB' }
    expect(await guest.command('bet', { ...bet, autoCashoutAt: null })).toMatchObject({
      type: 'error',
      code: 'unauthorized',
    })
    expect(await guest.command('bet', { ...bet, amount: -5 })).toMatchObject({
      code: 'bad_request',
    })
    expect(await guest.socket.timeout(5000).emitWithAck('time', {})).toEqual({
      serverTime: clock.now(),
    })
    const again = guest.next('snapshot')
    expect(await guest.command('sync', { type: 'sync', v: PROTOCOL_VERSION })).toEqual({
      type: 'ok',
      v: PROTOCOL_VERSION,
    })
    expect((await again).round.id).toBe(snap.round.id)
  })

  it('refuses a handshake with a token that is not a live session', async () => {
    const socket = connectClient(url, {
      auth: { token: 'ta_not-a-real-token-000000' },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    })
    sockets.push(socket)
    const err = await new Promise<Error>((resolve) => socket.on('connect_error', resolve))
    expect(err.message).toBe('unauthorized')
  })

  it('plays a bet end to end: one bet per key across reconnection, one payout per bet', async () => {
    const { user, token } = await newPlayer(services, 100_000)
    // Play on (no one betting) to a round that runs long enough to cash out in.
    const crashPointNow = () => crash().chain.crashPointOf(crash().currentRound().game)
    while (crashPointNow() <= 150)
      await advance(BETTING_MS + crashTimeMs(crashPointNow()) + PAUSE_MS)
    const watcher = client()
    await watcher.next('snapshot')
    const first = client(token)
    const snap = await first.next('snapshot')
    expect(snap.me).toMatchObject({ balance: 100_000, currency: 'RUB', bets: [] })
    if (snap.round.phase !== 'betting') throw new Error('expected a betting window')
    const bet = {
      type: 'bet',
      v: PROTOCOL_VERSION,
      key: newKey(),
      amount: 10_000,
      currency: 'RUB',
      autoCashoutAt: null,
    }
    const ack = await first.command('bet', bet)
    expect(ack).toMatchObject({ type: 'ok', status: 'placed', balance: 90_000 })
    // The stream resends after a lost ack on a new connection: the same bet answers.
    first.socket.disconnect()
    const second = client(token)
    await second.next('snapshot')
    expect(await second.command('bet', bet)).toEqual(ack)
    const rows = await services.db.query('SELECT id FROM crash_bets WHERE user_id = $1', [
      user.userId,
    ])
    expect(rows).toHaveLength(1)

    const started = watcher.next('started')
    await advance(BETTING_MS)
    expect((await started).startedAt).toBe(clock.now())
    await advance(msToReach(110))
    const third = client(token)
    await third.next('snapshot')
    const betId = (ack as { betId: string }).betId
    const outs = await Promise.all([
      second.command('cashOut', { type: 'cashOut', v: PROTOCOL_VERSION, key: newKey(), betId }),
      third.command('cashOut', { type: 'cashOut', v: PROTOCOL_VERSION, key: newKey(), betId }),
    ])
    expect(outs[0]).toMatchObject({ type: 'ok', cashoutAt: 110 })
    expect(outs[1]).toEqual(outs[0])
    const win = (outs[0] as { win: number }).win
    expect((await services.ledger.balances(user.userId, 'RUB')).real).toBe(90_000 + win)
    const feed = watcher.next('bets')
    await advance(250)
    expect((await feed).bets).toMatchObject([{ betId, status: 'cashedOut', win }])
    // Nothing but state changes reached the watcher.
    expect(new Set(watcher.events.map((e) => e.type))).toEqual(
      new Set(['snapshot', 'started', 'bets']),
    )
  })

  it('limits the command rate per socket', async () => {
    const c = client()
    await c.next('snapshot')
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        c.socket.timeout(5000).emitWithAck('cashOut', { type: 'cashOut' }),
      ),
    )
    const codes = answers.map((a) => (a as { code: string }).code)
    expect(codes.filter((x) => x === 'bad_request').length).toBeGreaterThanOrEqual(30)
    expect(codes.filter((x) => x === 'rate_limited').length).toBeGreaterThan(0)
  })
})
