import { describe, expect, it } from 'vitest'
import { createRecorder, parseRecording, type Recording } from '../../engine/replay'
import { replayStatefulRound } from '../testing/statefulReplay'
import { towerReplayClient, towerServer, towerTrap } from '../testing/towerClient'
import { towerWire } from '../testing/towerGame'

const SERVER_SEED = 'tower-replay-server-seed'
const CLIENT_SEED = 'tower-replay-client'

/** A safe door of floor `floor` of the first round: the script plays the player who knows. */
const safeDoor = (floor: number) => ({
  door: (towerTrap(SERVER_SEED, CLIENT_SEED, 0, floor) + 1) % 3,
})

/**
 * A scripted session of the test game against the in-memory server, in the recording format: the
 * server's events and acks are its real answers; the commands are written here as the protocol
 * says the client must send them (so the replay checks the machine against the script, not
 * against itself). Open a 5-floor tower, climb two floors (the second step's answer is lost: the
 * server applied it, the socket drops, and on reconnection the SAME command goes again and gets
 * the recorded answer), then cash out.
 */
function towerSession(): Recording {
  let now = 1_700_000_000_000
  const server = towerServer(SERVER_SEED, CLIENT_SEED, () => now)
  const recorder = createRecorder({
    service: 'tower',
    protocolVersion: 1,
    clock: { now: () => now },
    meta: {
      description: 'a tower round: two floors, a lost answer resent, a cash-out',
      source: 'generated',
    },
  })
  const command = (name: string, payload: object, lost = false) => {
    recorder.sent(name, payload)
    now += 20
    const ack = server.answer(name, payload)
    if (lost) recorder.failed(name, 'timeout')
    else recorder.acked(name, ack)
    now += 200
  }
  const v = 1
  const roundId = 'round-1'
  recorder.received('connect', { recovered: false, clockOffset: 0 })
  recorder.received('snapshot', server.snapshot())
  now += 500
  const open = {
    type: 'open',
    v,
    key: 'key-open-0001',
    amount: 100,
    currency: 'RUB',
    params: { floors: 5 },
  }
  recorder.input({ type: 'OPEN', key: open.key, amount: open.amount, params: open.params })
  command('open', open)
  const first = { type: 'step', v, key: 'key-step-0001', roundId, step: 0, action: safeDoor(0) }
  recorder.input({ type: 'STEP', key: first.key, action: first.action })
  command('step', first)
  const second = { type: 'step', v, key: 'key-step-0002', roundId, step: 1, action: safeDoor(1) }
  recorder.input({ type: 'STEP', key: second.key, action: second.action })
  command('step', second, true)
  recorder.received('disconnect', {})
  now += 1500
  recorder.received('connect', { recovered: true, clockOffset: 0 })
  command('step', second)
  const cashout = { type: 'cashout', v, key: 'key-cash-0001', roundId, step: 2 }
  recorder.input({ type: 'CASHOUT', key: cashout.key })
  command('cashout', cashout)
  return parseRecording(recorder.toRecording())
}

describe('stateful round replay (test game)', () => {
  it('replays open, two steps (a lost answer resent with its key) and a cash-out', async () => {
    const recording = towerSession()
    const result = await replayStatefulRound(recording, towerReplayClient())
    expect(result.path).toBe(
      'idle > opening.sending > open > stepping.sending > open > stepping.sending > stepping.lost > stepping.sending > open > cashingOut.sending > settled',
    )
    const sent = recording.events.filter((e) => e.dir === 'out').map((e) => e.payload)
    expect(sent[2]).toEqual(sent[3])
    const acks = recording.events.filter((e) => e.name === 'cashout:ack')
    const last = towerWire.parseAck('cashout', acks[0]?.payload)
    if (last.type !== 'ok') throw new Error('refused')
    expect(last.round).toMatchObject({ status: 'won', endReason: 'cashout', step: 3 })
    expect(result.context).toMatchObject({
      balance: last.balance,
      connected: true,
      pending: null,
      lastError: null,
      round: last.round,
      seeds: { nonce: 1 },
    })
    expect(result.context.recent).toEqual([last.round])
  })
})
