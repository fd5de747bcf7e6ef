import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { floatCursor, hashServerSeed } from '../engine/fairness'
import type { Minor } from '../engine/money'
import { parseRecording } from '../engine/replay'
import { replayKenoAutobet, recordedBetKey } from './autobet.replay'
import { kenoRules, type KenoParams } from './rules'
import { kenoClient } from './client'
import autobetRun from '../../tests/recordings/keno-autobet.json'

/**
 * A live keno auto-bet run (`npm run record -- keno-autobet`, tests/recordings/README.md): 8 bets
 * on 3 7 11 19 23 at classic risk from 1 RUB, up 50 % after a loss, reset after a win. A payout
 * below the stake (one hit pays 0.25x) counts as a loss, so the amount still rises. The recording
 * server's seeds are public (scripts/recordAutobet.ts), so every draw is recomputed with the rules.
 */
const recording = parseRecording(autobetRun)
const { wire: kenoWire } = kenoClient
const SERVER_SEED = createHash('sha256').update('tessera recordings dice:server:1').digest('hex')

const acks = recording.events
  .filter((e) => e.name === 'bet:ack')
  .map((e) => kenoWire.parseAck('bet', e.payload))
const bets = recording.events
  .filter((e) => e.dir === 'out' && e.name === 'bet')
  .map((e) => e.payload as { key: string; amount: number; params: KenoParams })
const snapshot = kenoClient.eventFromStream(
  'snapshot',
  recording.events.find((e) => e.name === 'snapshot')?.payload,
)

describe('keno auto-bet recording (live)', () => {
  it('is a live run of the current protocol, each draw and payout the rules give for its seeds', () => {
    expect(recording.meta?.source).toBe('live')
    expect(recording.protocolVersion).toBe(kenoWire.version)
    if (snapshot?.type !== 'snapshot' || !snapshot.me) throw new Error('no player snapshot')
    expect(snapshot.me.serverSeedHash).toBe(hashServerSeed(SERVER_SEED))
    expect(acks).toHaveLength(8)
    acks.forEach((ack, i) => {
      if (ack?.type !== 'ok') throw new Error(`bet ${i} refused`)
      expect(ack.nonce).toBe(i)
      const bet = bets[i]!
      const floats = floatCursor(SERVER_SEED, snapshot.me!.clientSeed, ack.nonce)
      expect(kenoRules.settle(bet.params, bet.amount as Minor, floats)).toEqual({
        outcome: ack.outcome,
        multiplier: ack.multiplier,
        payout: ack.payout,
      })
    })
  })

  it('replays through the auto-bet and round machines: the same bets, the amount rule, the end', async () => {
    if (snapshot?.type !== 'snapshot' || !snapshot.me) throw new Error('no player snapshot')
    const start = { currency: 'RUB' as const, balance: snapshot.me.balance }
    // The replayer checks every bet the linked machines send against the recorded commands: a
    // changed amount rule, params or stop rule fails here.
    const result = await replayKenoAutobet(recording, start)
    expect(bets.map((b) => [b.key, b.amount])).toEqual([
      [recordedBetKey(1), 100],
      [recordedBetKey(2), 100],
      [recordedBetKey(3), 150],
      [recordedBetKey(4), 225],
      [recordedBetKey(5), 100],
      [recordedBetKey(6), 150],
      [recordedBetKey(7), 100],
      [recordedBetKey(8), 150],
    ])
    expect(bets.every((b) => b.params.picks.join(' ') === '3 7 11 19 23')).toBe(true)
    const payouts = acks.map((ack) => (ack?.type === 'ok' ? ack.payout : -1))
    expect(payouts).toEqual([140, 25, 37, 922, 0, 210, 0, 0])
    const net = payouts.reduce((sum, p, i) => sum + p - bets[i]!.amount, 0)
    expect(result.autobet.value).toBe('off')
    expect(result.autobet.context).toMatchObject({ played: 8, net, stopReason: 'bets' })
    const last = acks.at(-1)
    if (last?.type !== 'ok') throw new Error('the last bet was refused')
    expect(result.round.context).toMatchObject({
      balance: last.balance,
      last: { betId: last.betId, amount: 150, payout: 0, outcome: last.outcome },
      lastError: null,
    })
    expect(last.balance).toBe(start.balance + net)
    const eightBets = Array.from({ length: 8 }, () => ['betting', 'revealing']).flat()
    expect(result.round.states).toEqual(['idle', ...eightBets])
  })
})
