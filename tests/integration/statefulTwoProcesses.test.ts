import { describe, expect, it } from 'vitest'
import { floatCursor } from '../../games/engine/fairness'
import { STATEFUL_PROTOCOL_VERSION } from '../../games/kit/stateful/protocol'
import { findPgBin } from '../../scripts/pg-test-server'
import { streakWire, type Side } from '../../server/games/kit/stateful/testing'
import { checkInvariants } from './support/ledgerInvariants'
import { fundedPlayerWithSeeds, killedServers, type RecordingSocket } from './support/serverProcess'

const DEPOSIT = 100_000
const STAKE = 1_000
const SERVER_SEED = 'd1'.repeat(32)
const CLIENT_SEED = 'two-processes'
const v = STATEFUL_PROTOCOL_VERSION

/**
 * Two real server processes (`server/main.ts`'s start with the coin-streak test game,
 * tests/integration/support/streakServer.ts) on one PostgreSQL database, a socket on each, one
 * player's round stepped from both at once: the rule that one step applies once lives in the
 * database (`… WHERE step = n AND status = 'open'`, the step's key unique), not in a process.
 * PGlite is one process's by construction, so this runs on PostgreSQL only; the same race between
 * two app instances in one process runs on both drivers (statefulModule.test.ts).
 */
describe.skipIf(!findPgBin())('two stateful server processes on one PostgreSQL database', () => {
  const servers = killedServers('postgresql', 'stateful-two')
  const connect = async (origin: string, token: string) => {
    const c = servers.connect(origin, '/streak', token)
    await c.next((n) => n === 'snapshot')
    return c
  }
  const send = async (c: RecordingSocket, name: 'open' | 'step' | 'cashout', payload: object) =>
    streakWire.parseAck(name, await c.send(name, { type: name, v, ...payload }))

  it('apply one step when a socket on each process sends it, and pay one cash-out', async () => {
    const [first, second] = await Promise.all([
      servers.start('tests/integration/support/streakServer.ts'),
      servers.start('tests/integration/support/streakServer.ts'),
    ])
    const token = await fundedPlayerWithSeeds(first.origin, 'stateful-two@tessera.test', DEPOSIT, {
      serverSeed: SERVER_SEED,
      clientSeed: CLIENT_SEED,
    })
    // The round's flips: float k of its nonce (0, the new pair's first) is flip k + 1.
    const cursor = floatCursor(SERVER_SEED, CLIENT_SEED, 0)
    const sides: Side[] = Array.from({ length: 2 }, () => (cursor.next() < 0.5 ? 'heads' : 'tails'))
    const [here, there] = await Promise.all([
      connect(first.origin, token),
      connect(second.origin, token),
    ])
    const opened = await send(here, 'open', {
      key: 'two-open',
      amount: STAKE,
      currency: 'RUB',
      params: { flips: 5 },
    })
    expect(opened).toMatchObject({ type: 'ok', balance: DEPOSIT - STAKE })
    const roundId = opened.type === 'ok' ? opened.round.roundId : ''

    // The same command from two tabs, one on each process: one step, one answer.
    const same = { key: 'two-step-1', roundId, step: 0, action: { call: sides[0] } }
    const [x, y] = await Promise.all([send(here, 'step', same), send(there, 'step', same)])
    expect(x).toMatchObject({ type: 'ok', round: { step: 1, status: 'open' } })
    expect(y).toEqual(x)
    // Two different commands for the same step: one applies, the other is stale.
    const next = { roundId, step: 1, action: { call: sides[1] } }
    const acks = await Promise.all([
      send(here, 'step', { ...next, key: 'two-step-2a' }),
      send(there, 'step', { ...next, key: 'two-step-2b' }),
    ])
    expect(acks.map((ack) => ack.type).sort()).toEqual(['error', 'ok'])
    expect(acks.find((ack) => ack.type === 'error')).toMatchObject({
      code: 'stale_step',
      round: { step: 2 },
    })
    // Two cash-outs, one on each process: one pays, the other gets the settled round.
    const cashouts = await Promise.all([
      send(here, 'cashout', { key: 'two-cash-a', roundId, step: 2 }),
      send(there, 'cashout', { key: 'two-cash-b', roundId, step: 2 }),
    ])
    for (const ack of cashouts) {
      expect(ack).toMatchObject({
        type: 'ok',
        balance: DEPOSIT - STAKE + 3_960,
        round: { status: 'won', payout: 3_960 },
      })
    }

    const conn = await servers.db.open()
    try {
      const steps = await conn.query('SELECT step FROM stateful_steps WHERE round_id = $1', [
        roundId,
      ])
      expect(steps).toHaveLength(3)
      const paid = await conn.query<{ balance: string }>(
        `SELECT balance::text AS balance FROM ledger_accounts a JOIN users u ON u.id = a.user_id
          WHERE u.email = $1 AND a.kind = 'user_real'`,
        ['stateful-two@tessera.test'],
      )
      expect(paid.map((row) => Number(row.balance))).toEqual([DEPOSIT - STAKE + 3_960])
      await checkInvariants(conn)
    } finally {
      await conn.close()
    }
  }, 300_000)
})
