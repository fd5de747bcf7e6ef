import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
// The test plays the browser's side of the wire; server code itself never imports the client.
// eslint-disable-next-line no-restricted-imports
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diceGame } from '../../../../games/dice/game'
import { diceLogic } from '../../../../games/dice/protocol'
import { instantWireOf } from '../../../../games/kit/instant/protocol'
import {
  INSTANT_PROTOCOL_VERSION as v,
  LIVE_NAMESPACE,
  liveWire,
} from '../../../../games/kit/instant/protocol'
import { rouletteGame } from '../../../../games/roulette/game'
import { rouletteLogic } from '../../../../games/roulette/protocol'
import { attachRealtime, type Realtime } from '../../../realtime/attach'
import { socketInbox } from '../../../realtime/testing'
import type { Services } from '../../../services'
import { openTestServices } from '../../crash/testing'
import { instantKit } from './kit'
import { HIGH_ROLLER_STAKE } from './live'
import { instantGameModule, liveModule } from './module'
import { fixedSeeds, instantPlayer } from './testing'

let services: Services
let http: HttpServer
let realtime: Realtime
let origin: string
const diceWire = instantWireOf(diceGame, diceLogic)
const rouletteWire = instantWireOf(rouletteGame, rouletteLogic)
const sockets: ClientSocket[] = []

beforeAll(async () => {
  services = await openTestServices()
  instantKit(services, { seeds: fixedSeeds('namespace') })
  http = createServer()
  realtime = await attachRealtime(http, services, {
    log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
    games: [instantGameModule(diceGame), instantGameModule(rouletteGame), liveModule()],
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
}, 60_000)

afterAll(async () => {
  for (const s of sockets) s.disconnect()
  await realtime.close()
  await new Promise((resolve) => http.close(resolve))
  await services.db.close()
})

/** A client socket on `namespace`, keeping every event it receives, unparsed. */
function connect(namespace: string, token?: string) {
  const socket = connectClient(origin + namespace, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  })
  sockets.push(socket)
  return { socket, next: socketInbox(socket).next }
}

type LiveEvent = ReturnType<typeof liveWire.parseEvent>

/** A live-table event parsed with the live wire, as the type it was sent under. */
function liveEvent<T extends LiveEvent['type']>(type: T, payload: unknown) {
  return liveWire.parseEvent(type, payload) as Extract<LiveEvent, { type: T }>
}

describe('instant game namespaces', () => {
  it('plays a dice bet in one trip and shows it on the live tables, public name only', async () => {
    const { user, token } = await instantPlayer(services, 1_000_000)
    const watcher = connect(LIVE_NAMESPACE)
    const mine = connect(LIVE_NAMESPACE, token)
    const dice = connect('/dice', token)
    const snapshot = diceWire.parseEvent('snapshot', await dice.next('snapshot'))
    expect(snapshot.me).toMatchObject({ balance: 1_000_000, currency: 'RUB', nonce: 0 })
    expect(liveEvent('snapshot', await watcher.next('snapshot'))).toMatchObject({
      mine: null,
    })
    expect(liveEvent('snapshot', await mine.next('snapshot'))).toMatchObject({
      mine: [],
    })

    const amount = HIGH_ROLLER_STAKE.RUB
    const raw: unknown = await dice.socket.timeout(5000).emitWithAck('bet', {
      type: 'bet',
      v,
      key: 'namespace-key-1',
      amount,
      currency: 'RUB',
      // 2 %: 49.5x, within the maximum payout at a high roller's stake.
      params: { target: 9800, direction: 'over' },
    })
    const ack = diceWire.parseAck('bet', raw)
    expect(ack).toMatchObject({ type: 'ok', nonce: 0 })
    if (ack.type !== 'ok') return
    expect(ack.balance).toBe(1_000_000 - amount + ack.payout)
    expect(ack.serverSeedHash).toBe(snapshot.me?.serverSeedHash)

    const batch = liveEvent('bets', await watcher.next('bets'))
    expect(batch.rows).toEqual([
      {
        betId: ack.betId,
        game: 'dice',
        player: user.name,
        amount,
        currency: 'RUB',
        multiplier: ack.multiplier,
        payout: ack.payout,
        time: batch.rows[0]!.time,
        highRoller: true,
      },
    ])
    const own = liveEvent('myBets', await mine.next('myBets'))
    expect(own.rows[0]!.betId).toBe(ack.betId)
    expect(JSON.stringify(batch)).not.toContain('@')

    // A late watcher sees the bet in both public tables.
    const late = liveEvent('snapshot', await connect(LIVE_NAMESPACE).next('snapshot'))
    expect(late.all[0]?.betId).toBe(ack.betId)
    expect(late.highRollers[0]?.betId).toBe(ack.betId)
  })

  it('refuses a guest, a malformed bet and a spin whose chips miss the stake', async () => {
    const guest = connect('/roulette')
    const spin = (amount: number) => ({
      type: 'bet',
      v,
      key: `namespace-key-${amount}`,
      amount,
      currency: 'RUB',
      params: { bets: [{ kind: 'red', amount: 100 }] },
    })
    const ask = async (socket: ClientSocket, payload: unknown) =>
      rouletteWire.parseAck('bet', await socket.timeout(5000).emitWithAck('bet', payload))
    expect(await ask(guest.socket, spin(100))).toEqual({ type: 'error', v, code: 'unauthorized' })
    const { token } = await instantPlayer(services, 10_000)
    const player = connect('/roulette', token)
    expect(await ask(player.socket, { ...spin(100), params: { bets: [] } })).toMatchObject({
      code: 'bad_request',
    })
    expect(await ask(player.socket, spin(200))).toMatchObject({ code: 'bad_request' })
    expect(await ask(player.socket, spin(100))).toMatchObject({ type: 'ok', nonce: 0 })
  })
})
