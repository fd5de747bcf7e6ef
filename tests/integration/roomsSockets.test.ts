import type { AddressInfo } from 'node:net'
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomsWire, ROOMS_PROTOCOL_VERSION } from '../../games/rooms/protocol'
import { ticketPrice } from '../../games/rooms/rules'
import type { Currency } from '../../games/engine/money'
import { newPlayer } from '../../server/games/crash/testing'
import { fakeScheduler } from '../../server/games/kit/scheduler'
import { roomsModule, type RoomsRuntime } from '../../server/games/rooms'
import { T0 } from '../../server/games/rooms/testing'
import { attachRealtime, type Realtime } from '../../server/realtime/attach'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

/**
 * The `/rooms` namespace over a real socket.io server, on each driver: a joining socket gets a
 * snapshot of its currency's three rooms that the protocol parses (a guest's in RUB), `sync`
 * sends another, a purchase goes out on its room and currency's channel only, and refusals come
 * back in the protocol's error shape.
 */
describe.each(testDrivers())('the rooms namespace on $name', (driver) => {
  let t: TestApp
  let realtime: Realtime
  let close: (() => Promise<void>) | undefined
  let origin = ''
  const clock = fakeScheduler(T0)
  const module = roomsModule({
    scheduler: clock,
    loops: (['red', 'yellow', 'purple'] as const).flatMap((room) =>
      (['RUB', 'USD'] as const).map((currency) => ({ room, currency })),
    ),
  })
  const sockets: ClientSocket[] = []

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    t = await startTestApp(opened.db)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    realtime = await attachRealtime(t.app.server, t.services, {
      log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
      games: [module],
    })
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  }, 120_000)
  afterAll(async () => {
    for (const s of sockets) s.close()
    await realtime?.close()
    await t?.app.close()
    await close?.()
  })

  /** A socket that keeps every event, and resolves the first of a name not taken yet. */
  const connect = (token: string | null) => {
    const socket = connectClient(`${origin}/rooms`, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    })
    sockets.push(socket)
    const events: { name: string; payload: unknown }[] = []
    socket.onAny((name: string, payload: unknown) => events.push({ name, payload }))
    const next = async (name: string, after = 0) => {
      for (;;) {
        const found = events.slice(after).find((e) => e.name === name)
        if (found) return found.payload
        await new Promise((r) => setTimeout(r, 10))
      }
    }
    return { socket, events, next }
  }
  const player = (currency: Currency) =>
    newPlayer(t.services, 100 * ticketPrice('purple', currency), currency)
  const buy = (key: string, currency: Currency) => ({
    type: 'buy',
    v: ROOMS_PROTOCOL_VERSION,
    key,
    room: 'red',
    currency,
    count: 2,
    clientSeed: 'socket seed',
  })

  it('sends a parsed snapshot on join and on sync; a guest watches RUB', async () => {
    const guest = connect(null)
    const snapshot = roomsWire.parseEvent('snapshot', await guest.next('snapshot'))
    expect(snapshot).toMatchObject({ currency: 'RUB', me: null })
    // The ack, then a second snapshot (it may arrive with the ack: counted from before the call).
    const seen = guest.events.length
    const ack = await guest.socket.timeout(5000).emitWithAck('sync', { type: 'sync', v: 1 })
    expect(ack).toEqual({ type: 'ok', v: 1 })
    expect(roomsWire.parseEvent('snapshot', await guest.next('snapshot', seen))).not.toBeNull()
    // A guest cannot buy.
    const refused = await guest.socket.timeout(5000).emitWithAck('buy', buy('guest-key-1', 'RUB'))
    expect(roomsWire.parseAck('buy', refused)).toMatchObject({
      type: 'error',
      code: 'unauthorized',
    })
  })

  it('sends a purchase on its room and currency channel only, as the protocol parses it', async () => {
    const rub = await player('RUB')
    const usd = await player('USD')
    const rubSocket = connect(rub.token)
    const usdSocket = connect(usd.token)
    const usdSnapshot = roomsWire.parseEvent('snapshot', await usdSocket.next('snapshot'))
    expect(usdSnapshot).toMatchObject({ currency: 'USD', me: { currency: 'USD', purchaseIds: [] } })
    await rubSocket.next('snapshot')
    const ack = roomsWire.parseAck(
      'buy',
      await rubSocket.socket.timeout(5000).emitWithAck('buy', buy('socket-key-1', 'RUB')),
    )
    expect(ack).toMatchObject({ type: 'ok', count: 2, cost: 2 * ticketPrice('red', 'RUB') })
    // Another currency than the player's is refused whole.
    const wrong = await usdSocket.socket
      .timeout(5000)
      .emitWithAck('buy', buy('socket-key-2', 'RUB'))
    expect(roomsWire.parseAck('buy', wrong)).toMatchObject({ type: 'error', code: 'bad_request' })
    await clock.advance(1000, () => realtime.runtime(module).loop('rooms:red:RUB')!.idle())
    const batch = roomsWire.parseEvent('tickets', await rubSocket.next('tickets'))
    expect(batch).toMatchObject({ room: 'red', tickets: 2 })
    expect(usdSocket.events.some((e) => e.name === 'tickets')).toBe(false)
    const runtime: RoomsRuntime = realtime.runtime(module)
    expect(runtime.loop('rooms:red:RUB')?.current()).toMatchObject({ status: 'open' })
  })
})
