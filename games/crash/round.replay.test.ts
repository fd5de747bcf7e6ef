import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { parseRecording, replay, type Recording } from '../engine/replay'
import autoCashoutRacesCrash from '../../tests/recordings/crash-auto-cashout-races-crash.json'
import betAndCashOut from '../../tests/recordings/crash-bet-and-cash-out.json'
import disconnectMidRound from '../../tests/recordings/crash-disconnect-mid-round.json'
import { SCENARIOS } from '../../tests/recordings/scenarios'
import { crashCommandActors, crashEventFromStream, crashRoundMachine } from '.'

const FILES: Record<string, unknown> = {
  'crash-bet-and-cash-out.json': betAndCashOut,
  'crash-disconnect-mid-round.json': disconnectMidRound,
  'crash-auto-cashout-races-crash.json': autoCashoutRacesCrash,
}

/** Replays a recording through the real machine, the real ack parsing and the stream mapping. */
const replayCrash = (recording: Recording) =>
  replay({
    recording,
    createActor: ({ clock, transport }) =>
      createActor(crashRoundMachine.provide({ actors: crashCommandActors(transport) }), {
        clock,
        input: { currency: null, balance: null },
      }),
    toEvent: (event) => crashEventFromStream(event.name, event.payload),
  })

const load = (file: string) => parseRecording(FILES[file])
const connecting = { round: { connecting: 'waiting' }, bet: 'idle' }

describe('crash recordings', () => {
  it('a bet and a manual cash-out', async () => {
    const result = await replayCrash(load('crash-bet-and-cash-out.json'))
    expect(result.timeline).toEqual([
      { at: 0, value: connecting },
      { at: 30, value: { round: 'betting', bet: 'idle' } },
      { at: 2000, value: { round: 'betting', bet: 'placing' } },
      { at: 2040, value: { round: 'betting', bet: 'placed' } },
      { at: 6030, value: { round: 'running', bet: 'placed' } },
      { at: 12_788, value: { round: 'running', bet: 'cashingOut' } },
      { at: 12_828, value: { round: 'running', bet: 'cashedOut' } },
      { at: 49_654, value: { round: 'crashed', bet: 'cashedOut' } },
    ])
    expect(result.context).toMatchObject({
      balance: 105_000,
      currency: 'RUB',
      clockOffset: 250,
      bet: { betId: 'b-1', roundId: '22', amount: 10_000, cashoutAt: 150, win: 15_000 },
      round: { id: '22', phase: 'crashed', crashPoint: 1370 },
      lastError: null,
    })
    expect(result.context.bets.map((b) => [b.betId, b.status])).toEqual([
      ['o-1', 'active'],
      ['o-2', 'lost'],
      ['b-1', 'cashedOut'],
    ])
    expect(result.context.history[0]).toMatchObject({ roundId: '22', crashPoint: 1370 })
    expect(result.context.history).toHaveLength(20)
  })

  it('a disconnection mid-round: the bet stands, sync after 5 s, resync, cash-out', async () => {
    const result = await replayCrash(load('crash-disconnect-mid-round.json'))
    expect(result.timeline).toEqual([
      { at: 0, value: connecting },
      { at: 25, value: { round: 'betting', bet: 'idle' } },
      { at: 1000, value: { round: 'betting', bet: 'placing' } },
      { at: 1040, value: { round: 'betting', bet: 'placed' } },
      { at: 6025, value: { round: 'running', bet: 'placed' } },
      { at: 10_025, value: { round: 'offline', bet: 'placed' } },
      { at: 13_025, value: { round: { resyncing: 'waiting' }, bet: 'placed' } },
      { at: 18_025, value: { round: { resyncing: 'requesting' }, bet: 'placed' } },
      { at: 18_065, value: { round: { resyncing: 'waiting' }, bet: 'placed' } },
      { at: 18_070, value: { round: 'running', bet: 'placed' } },
      { at: 18_525, value: { round: 'running', bet: 'cashingOut' } },
      { at: 18_565, value: { round: 'running', bet: 'cashedOut' } },
      { at: 49_649, value: { round: 'crashed', bet: 'cashedOut' } },
    ])
    expect(result.context).toMatchObject({
      balance: 105_550,
      clockOffset: 260,
      bet: { betId: 'b-2', cashoutAt: 211, win: 10_550 },
      round: { id: '22', phase: 'crashed' },
    })
  })

  it('an auto cash-out equal to the crash point wins though crashed arrives first', async () => {
    const result = await replayCrash(load('crash-auto-cashout-races-crash.json'))
    expect(result.timeline).toEqual([
      { at: 0, value: connecting },
      { at: 30, value: { round: 'betting', bet: 'idle' } },
      { at: 1530, value: { round: 'betting', bet: 'placing' } },
      { at: 1570, value: { round: 'betting', bet: 'placed' } },
      { at: 6030, value: { round: 'running', bet: 'placed' } },
      // Round 21 crashes at 1.21x; the 1.21x auto target wins before `settled` arrives.
      { at: 9208, value: { round: 'crashed', bet: 'cashedOut' } },
      { at: 12_248, value: { round: 'betting', bet: 'idle' } },
      { at: 13_748, value: { round: 'betting', bet: 'placing' } },
      { at: 13_788, value: { round: 'betting', bet: 'placed' } },
      { at: 18_248, value: { round: 'running', bet: 'placed' } },
      // Round 22 crashes at 13.70x; the 13.71x target loses.
      { at: 61_872, value: { round: 'crashed', bet: 'lost' } },
    ])
    expect(result.context).toMatchObject({
      balance: 98_420, // 1000 - 20 + 24.20 - 20 RUB
      bet: { betId: 'b-22', autoCashoutAt: 1371, cashoutAt: null, win: 0 },
    })
    expect(result.context.history.slice(0, 2).map((h) => [h.roundId, h.crashPoint])).toEqual([
      ['22', 1370],
      ['21', 121],
    ])
  })

  it('the first round of the race is settled from the rules before the server says so', async () => {
    const recording = load('crash-auto-cashout-races-crash.json')
    const untilCrash = {
      ...recording,
      events: recording.events.filter((e) => e.at <= 9208),
      inputs: recording.inputs.filter((i) => i.at <= 9208),
    }
    const result = await replayCrash(untilCrash)
    expect(result.context).toMatchObject({
      balance: 98_000, // the payout reaches the balance only with `settled`
      bet: { betId: 'b-21', cashoutAt: 121, win: 2420 },
    })
  })

  it.each(Object.keys(SCENARIOS))('%s matches its generator (or was re-recorded live)', (file) => {
    const recording = load(file)
    if (recording.meta?.source === 'live') return
    expect(recording).toEqual(SCENARIOS[file]?.())
  })
})
