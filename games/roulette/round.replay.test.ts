import { describe, expect, it } from 'vitest'
import { parseRecording } from '../engine/replay'
import { recordedStartBalance, replayRound } from '../kit/testing/replayRound'
import spin from '../../tests/recordings/roulette-spin.json'
import { rouletteClient, spinPayout, totalStake } from '.'

const {
  commandActors: rouletteCommandActors,
  eventFromStream: rouletteEventFromStream,
  roundMachine: rouletteRoundMachine,
  wire: rouletteWire,
} = rouletteClient

/**
 * A live roulette session against the reference server (`npm run record -- roulette-spin`, see
 * tests/recordings/README.md): two spins of the same chips, the first revealed in full, the
 * second with instant play. Pockets, ids and balances are the server's, so the expected values
 * are read from the file's own commands and acks and the rules; what is fixed here is how the
 * machine responds: the order of its states and where its context ends.
 */
const recording = parseRecording(spin)

/** The incoming entries named `name`, in order. */
const all = (name: string) =>
  recording.events.filter((e) => e.dir === 'in' && e.name === name).map((e) => e.payload)

describe('roulette recording (live)', () => {
  it('is a live recording of the current protocol', () => {
    expect(recording.meta?.source).toBe('live')
    expect(recording.service).toBe('roulette')
    for (const e of recording.events) {
      if (e.dir === 'in' && !e.name.includes(':')) rouletteEventFromStream(e.name, e.payload)
    }
  })

  it('two spins of a straight, a split and red: paid as the rules pay the server pocket', async () => {
    const bets = recording.events
      .filter((e) => e.dir === 'out' && e.name === 'bet')
      .map((e) => rouletteWire.parseCommand('bet', e.payload))
    const acks = all('bet:ack').map((payload) => rouletteWire.parseAck('bet', payload))
    expect(bets).toHaveLength(2)
    expect(acks).toHaveLength(2)
    let balance: number = recordedStartBalance(rouletteWire, recording)
    for (const [index, ack] of acks.entries()) {
      const bet = bets[index]!
      if (ack?.type !== 'ok' || !bet) throw new Error(`spin ${index} refused`)
      expect(bet.params.bets.map((b) => b.kind)).toEqual(['straight', 'split', 'red'])
      expect(bet.amount).toBe(totalStake(bet.params))
      expect(ack.payout).toBe(spinPayout(bet.params, ack.outcome.pocket))
      balance = balance - bet.amount + ack.payout
      expect(ack.balance).toBe(balance)
      expect(ack.nonce).toBe(index)
    }

    const result = await replayRound(recording, {
      wire: rouletteWire,
      machine: (transport) =>
        rouletteRoundMachine.provide({ actors: rouletteCommandActors(transport) }),
      eventFromStream: rouletteEventFromStream,
    })
    // The first spin is revealed (the `after` delay on the virtual clock); instant play skips
    // the second's reveal.
    expect(result.states).toEqual(['idle', 'betting', 'revealing', 'settled', 'betting', 'settled'])
    const last = acks[1]!
    if (last.type !== 'ok') throw new Error('refused')
    expect(result.context).toMatchObject({
      balance: last.balance,
      instant: true,
      pending: null,
      lastError: null,
      last: { betId: last.betId, outcome: last.outcome, payout: last.payout },
      seeds: { serverSeedHash: last.serverSeedHash, nonce: last.nonce + 1 },
    })
    expect(result.context.recent.map((r) => r.outcome.pocket)).toEqual(
      acks.toReversed().map((a) => (a?.type === 'ok' ? a.outcome.pocket : null)),
    )
  })
})
