import { describe, expect, it } from 'vitest'
import streak from '../../tests/recordings/coinflip-streak.json'
import { parseRecording } from '../engine/replay'
import { recordedStartBalance } from '../kit/testing/replayRound'
import { contextAfter } from '../kit/testing/statefulReplay'
import { coinflipClient } from './client'
import { coinflipViewSchema } from './protocol'
import { replayCoinflipRound } from './round.replay'

const { wire } = coinflipClient
/** A round's view, typed by coinflip's own schema (the derived wire types it loosely). */
const viewOf = (round: { view: unknown }) => coinflipViewSchema.parse(round.view)

/**
 * A live coinflip round against the reference server (`npm run record -- coinflip-streak`, see
 * tests/recordings/README.md): 1 RUB, three correct calls, a cash-out at 7.92x. Ids, sides and
 * balances are the server's, read from the file's own commands and acks; what is fixed here is
 * how the machine responds: the order of its states and where its context ends.
 */
const recording = parseRecording(streak)

/** The incoming entries named `name`, in order. */
const all = (name: string) =>
  recording.events.filter((e) => e.dir === 'in' && e.name === name).map((e) => e.payload)

describe('coinflip recording (live)', () => {
  it('is a live recording of the current protocol', () => {
    expect(recording.meta?.source).toBe('live')
    expect(recording.service).toBe('coinflip')
    for (const e of recording.events) {
      if (e.dir === 'in' && !e.name.includes(':')) coinflipClient.eventFromStream(e.name, e.payload)
    }
  })

  it('a streak of three correct calls, cashed out at 7.92x', async () => {
    const steps = all('step:ack').map((payload) => wire.parseAck('step', payload))
    const [cashout] = all('cashout:ack').map((payload) => wire.parseAck('cashout', payload))
    expect(steps.map((ack) => ack.type === 'ok' && viewOf(ack.round).streak)).toEqual([1, 2, 3])
    expect(steps.map((ack) => ack.type === 'ok' && ack.round.multiplier)).toEqual([
      19_800, 39_600, 79_200,
    ])
    if (cashout?.type !== 'ok') throw new Error('the cash-out was refused')
    const start = recordedStartBalance(wire, recording)
    expect(cashout.round).toMatchObject({
      status: 'won',
      endReason: 'cashout',
      amount: 100,
      payout: 792,
      // Every flip a correct call: the sides revealed are the calls made.
      reveal: { sides: viewOf(cashout.round).flips.map((f) => f.call) },
    })
    expect(cashout.balance).toBe(start - 100 + 792)

    const result = await replayCoinflipRound(recording)
    expect(result.path).toBe(
      'idle > opening.sending > open > stepping.sending > open > stepping.sending > open > stepping.sending > open > cashingOut.sending > settled',
    )
    expect(result.context).toMatchObject(contextAfter(cashout))
    expect(result.context.round).toMatchObject({ status: 'won', step: 4, payout: 792 })
    expect(result.context.recent.map((r) => r.roundId)).toEqual([cashout.round.roundId])
  })
})
