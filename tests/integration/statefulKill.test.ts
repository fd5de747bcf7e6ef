import { describe, expect, it } from 'vitest'
import { floatCursor } from '../../games/engine/fairness'
import { STATEFUL_PROTOCOL_VERSION } from '../../games/kit/stateful/protocol'
import { streakWire, type Side } from '../../server/games/kit/stateful/testing'
import { testDrivers } from './support/drivers'
import { checkInvariants } from './support/ledgerInvariants'
import { fundedPlayerWithSeeds, killedServers, type RecordingSocket } from './support/serverProcess'

const DEPOSIT = 100_000
const STAKE = 1_000
const SERVER_SEED = 'c0'.repeat(32)
const CLIENT_SEED = 'kill-streak'
const v = STATEFUL_PROTOCOL_VERSION

/**
 * A real server process (tests/integration/support/streakServer.ts: `server/main.ts`'s start
 * with the coin-streak test game) SIGKILLed in the middle of a round, a step on its way, then a
 * new process on the same database: the round resumes where the rows say, with the same flips
 * (the board) and the same balance; the step resent with its key is applied once; the ledger
 * sums to zero. The flips are known in advance from the published algorithm: the test commits
 * the player's next server seed (the test hook) and rotates to it.
 */
describe.each(testDrivers().map((d) => d.name))('a stateful server SIGKILLed on %s', (driver) => {
  const servers = killedServers(driver, 'stateful-kill')
  const start = () => servers.start('tests/integration/support/streakServer.ts')
  const connect = async (origin: string, token: string) => {
    const c = servers.connect(origin, '/streak', token)
    const snapshot = streakWire.parseEvent('snapshot', await c.next((n) => n === 'snapshot'))
    return { c, snapshot }
  }
  const send = async (c: RecordingSocket, name: 'open' | 'step' | 'cashout', payload: object) =>
    streakWire.parseAck(name, await c.send(name, { type: name, v, ...payload }))

  it('resumes a round with the same flips and balance after a SIGKILL mid-step', async () => {
    const first = await start()
    const token = await fundedPlayerWithSeeds(
      first.origin,
      `stateful-kill-${driver}@tessera.test`,
      DEPOSIT,
      {
        serverSeed: SERVER_SEED,
        clientSeed: CLIENT_SEED,
      },
    )
    // The round's flips: float k of its nonce (0, the new pair's first) is flip k + 1.
    const cursor = floatCursor(SERVER_SEED, CLIENT_SEED, 0)
    const sides: Side[] = Array.from({ length: 3 }, () => (cursor.next() < 0.5 ? 'heads' : 'tails'))

    const { c } = await connect(first.origin, token)
    const opened = await send(c, 'open', {
      key: 'kill-open',
      amount: STAKE,
      currency: 'RUB',
      params: { flips: 5 },
    })
    expect(opened).toMatchObject({ type: 'ok', balance: DEPOSIT - STAKE })
    const roundId = opened.type === 'ok' ? opened.round.roundId : ''
    expect(
      await send(c, 'step', { key: 'kill-step-1', roundId, step: 0, action: { call: sides[0] } }),
    ).toMatchObject({ type: 'ok', round: { step: 1, status: 'open' } })
    // A step on its way when the process dies: applied or not, its answer is lost.
    const lost = { key: 'kill-step-2', roundId, step: 1, action: { call: sides[1] } }
    void c.send('step', { type: 'step', v, ...lost }).catch(() => {})
    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })

    const second = await start()
    const { c: again, snapshot } = await connect(second.origin, token)
    expect(snapshot.me).toMatchObject({
      balance: DEPOSIT - STAKE,
      round: { roundId, reveal: null },
    })
    const shown = snapshot.me!.round!
    expect(shown.view.calls.map((call) => call.side)).toEqual(sides.slice(0, shown.step))
    // Resent with its key, as the client does on reconnection: applied once either way.
    expect(await send(again, 'step', lost)).toMatchObject({
      type: 'ok',
      round: { step: 2, status: 'open', view: { calls: [{}, {}] } },
    })
    const cashed = await send(again, 'cashout', { key: 'kill-cashout', roundId, step: 2 })
    expect(cashed).toMatchObject({
      type: 'ok',
      balance: DEPOSIT - STAKE + 3_960,
      round: { status: 'won', payout: 3_960, reveal: { next: sides[2] } },
    })
    second.child.kill('SIGTERM')
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null })

    const conn = await servers.db.open()
    try {
      const steps = await conn.query('SELECT step FROM stateful_steps WHERE round_id = $1', [
        roundId,
      ])
      expect(steps).toHaveLength(3)
      await checkInvariants(conn)
    } finally {
      await conn.close()
    }
  }, 300_000)
})
