import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { floatCursor, hashServerSeed } from '../engine/fairness'
import type { Minor } from '../engine/money'
import { parseRecording } from '../engine/replay'
import { replayDiceAutobet, recordedBetKey } from './autobet.replay'
import { rollOf, settleDice, type DiceParams } from './rules'
import { diceClient } from './client'
import stopOnProfit from '../../tests/recordings/dice-autobet-stop-on-profit.json'

/**
 * A live dice auto-bet run (`npm run record -- dice-autobet`, tests/recordings/README.md): 10 bets
 * of 1 RUB over 50.50, doubled after a loss, reset after a win, stopping on 3 RUB of profit. The
 * recording server's seeds are public (scripts/recordAutobet.ts), so the rolls are checked against
 * the published algorithm; ids and times are the server's and are read from the file.
 */
const { wire: diceWire, eventFromStream: diceEventFromStream } = diceClient
const recording = parseRecording(stopOnProfit)
const SERVER_SEED = createHash('sha256').update('tessera recordings dice:server:1').digest('hex')

const acks = recording.events
  .filter((e) => e.name === 'bet:ack')
  .map((e) => diceWire.parseAck('bet', e.payload))
const bets = recording.events
  .filter((e) => e.dir === 'out' && e.name === 'bet')
  .map((e) => e.payload as { key: string; amount: number; params: DiceParams })
const snapshot = diceEventFromStream(
  'snapshot',
  recording.events.find((e) => e.name === 'snapshot')?.payload,
)

describe('dice auto-bet recording (live)', () => {
  it('is a live run of the current protocol, drawn from the public recording seeds', () => {
    expect(recording.meta?.source).toBe('live')
    expect(recording.protocolVersion).toBe(diceWire.version)
    if (snapshot?.type !== 'snapshot' || !snapshot.me) throw new Error('no player snapshot')
    expect(snapshot.me.serverSeedHash).toBe(hashServerSeed(SERVER_SEED))
    acks.forEach((ack, i) => {
      if (ack?.type !== 'ok') throw new Error(`bet ${i} refused`)
      const float = () => floatCursor(SERVER_SEED, snapshot.me!.clientSeed, ack.nonce).next()
      expect(ack.nonce).toBe(i)
      expect(ack.outcome).toEqual({ roll: rollOf(float()) })
      const settled = settleDice(bets[i]!.params, bets[i]!.amount as Minor, float())
      expect(ack.payout).toBe(settled.payout)
    })
  })

  it('replays through the auto-bet and round machines: the same bets, stopped on profit', async () => {
    if (snapshot?.type !== 'snapshot' || !snapshot.me) throw new Error('no player snapshot')
    const start = { currency: 'RUB' as const, balance: snapshot.me.balance }
    // The replayer checks every bet the linked machines send against the recorded commands:
    // a changed amount rule or stop rule fails here.
    const result = await replayDiceAutobet(recording, start)
    expect(bets.map((b) => [b.key, b.amount])).toEqual([
      [recordedBetKey(1), 100],
      [recordedBetKey(2), 200],
      [recordedBetKey(3), 100],
      [recordedBetKey(4), 200],
      [recordedBetKey(5), 100],
      [recordedBetKey(6), 200],
    ])
    const payouts = acks.map((ack) => (ack?.type === 'ok' ? ack.payout : -1))
    expect(payouts).toEqual([0, 400, 0, 400, 0, 400])
    expect(result.autobet.value).toBe('off')
    expect(result.autobet.context).toMatchObject({ played: 6, net: 300, stopReason: 'profit' })
    const last = acks.at(-1)
    if (last?.type !== 'ok') throw new Error('the last bet was refused')
    expect(result.round.context).toMatchObject({
      balance: last.balance,
      last: { betId: last.betId, amount: 200, payout: 400, outcome: last.outcome },
      lastError: null,
    })
    expect(last.balance).toBe(start.balance + 300)
    // Each answer is shown and the next bet skips the rest of its reveal: fast repeat play.
    const sixBets = Array.from({ length: 6 }, () => ['betting', 'revealing']).flat()
    expect(result.round.states).toEqual(['idle', ...sixBets])
  })
})
