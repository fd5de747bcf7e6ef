import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileUserResponse, registerResponse } from '../../contract'
import { PROTOCOL_VERSION, parseAck, parseServerEvent } from '../../games/crash/protocol'
import { diceGame } from '../../games/dice/game'
import { diceLogic } from '../../games/dice/protocol'
import { instantWireOf } from '../../games/kit/instant/protocol'
import {
  INSTANT_PROTOCOL_VERSION,
  LIVE_NAMESPACE,
  liveWire,
} from '../../games/kit/instant/protocol'
import type { Db } from '../../server/db/db'
import { openTestPglite } from '../../server/db/testDatabases'
import { startSocketsApp, type SocketsApp, type TestSocket } from './support/sockets'

/**
 * "Hide my statistics" on every public feed (issue 24): a guest watching crash's live bets and
 * the instant games' live tables gets the hidden player's rows without a name, from the first
 * row after the setting is saved, on sockets that were open before it was.
 */
let db: Db
let s: SocketsApp

beforeAll(async () => {
  db = await openTestPglite()
  s = await startSocketsApp(db, 'hidden-players')
}, 120_000)

afterAll(async () => {
  await s?.close()
  await db?.close()
})

/** A client socket on `namespace`, every one from the same address. */
const diceWire = instantWireOf(diceGame, diceLogic)

const connect = (namespace: string, token?: string) =>
  s.connect(namespace, token ?? null, '10.20.0.1')

let registered = 0
/** A registered player with 10,000.00 RUB, their session token and public name. */
async function player(): Promise<{ token: string; name: string }> {
  registered += 1
  const res = await s.t.call('POST', '/api/api/v2/auth/register/email', {
    body: { email: `hidden.player.${registered}@example.com`, password: 'password-123' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { token } = registerResponse.parse(res.json()).data
  const { user } = profileUserResponse.parse(
    (await s.t.call('GET', '/api/profile/user', { token })).json(),
  )
  await s.t.services.ledger.deposit({
    userId: user.id,
    currency: 'RUB',
    amount: 1_000_000,
    key: `hidden-players-deposit-${user.id}`,
  })
  return { token, name: user.name! }
}

/** Saves "Hide my statistics" through the profile settings call, as the profile page does. */
async function hide(token: string, hidden: boolean): Promise<void> {
  const res = await s.t.call('PUT', '/api/profile/settings', {
    token,
    body: { is_statistics_hidden: hidden },
  })
  expect(res.statusCode, res.body).toBe(200)
}

describe('a player who hides their statistics', () => {
  it("is nameless on crash's live bets for a guest, live and in a later snapshot", async () => {
    const crash = s.crash()
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

    const bet = async (socket: TestSocket) =>
      parseAck(
        'bet',
        await socket.send('bet', {
          type: 'bet',
          v: PROTOCOL_VERSION,
          key: crypto.randomUUID(),
          amount: 1000,
          currency: 'RUB',
          autoCashoutAt: null,
        }),
      )
    const acks = [await bet(shownSocket), await bet(hiddenSocket)]
    const [shownBet, hiddenBet] = acks.map((a) => (a.type === 'ok' ? a.betId : null))
    const feed = guest.next('bets')
    await s.advanceCrash(250)
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

    const roll = async (socket: TestSocket) => {
      const ack = diceWire.parseAck(
        'bet',
        await socket.send('bet', {
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

    const hiddenBet = await roll(hiddenDice)
    expect(await rows()).toEqual([[hiddenBet, null]])
    const shownBet = await roll(shownDice)
    expect(await rows()).toEqual([[shownBet, shown.name]])

    const late = liveWire.parseEvent('snapshot', await connect(LIVE_NAMESPACE).next('snapshot'))
    if (late.type !== 'snapshot') throw new Error('expected a snapshot')
    expect(late.all.find((r) => r.betId === hiddenBet)?.player).toBeNull()
    expect(JSON.stringify(late)).not.toContain(hidden.name)

    // Shown again: the next row names them, on the same socket.
    await hide(hidden.token, false)
    const again = await roll(hiddenDice)
    expect(await rows()).toEqual([[again, hidden.name]])
  })
})
