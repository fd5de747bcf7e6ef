import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { STATEFUL_PROTOCOL_VERSION, statefulWire } from './protocol'

const wire = statefulWire(
  'toy',
  z.object({ n: z.int() }),
  z.object({ pick: z.int() }),
  z.object({ hit: z.boolean() }),
  z.strictObject({ picks: z.array(z.int()) }),
  z.object({ board: z.array(z.int()) }),
)

const round = {
  roundId: 'b-1',
  amount: 100,
  currency: 'RUB',
  params: { n: 3 },
  status: 'open',
  step: 1,
  multiplier: 19_800,
  payout: 198,
  view: { picks: [4] },
  steps: [{ step: 1, action: { pick: 4 }, outcome: { hit: false }, multiplier: 19_800, time: 5 }],
  endReason: null,
  reveal: null,
  nonce: 0,
  serverSeedHash: 'a'.repeat(64),
  clientSeed: 'c',
  openedAt: 1,
}

describe('the stateful wire', () => {
  it('parses commands, and refuses a step without its number', () => {
    const v = STATEFUL_PROTOCOL_VERSION
    const step = { type: 'step', v, key: 'key-12345', roundId: 'b-1', step: 1, action: { pick: 2 } }
    expect(wire.parseCommand('step', step)).toEqual(step)
    expect(wire.parseCommand('step', { ...step, step: undefined })).toBeNull()
    expect(
      wire.parseCommand('cashout', {
        type: 'cashout',
        v,
        key: 'key-12345',
        roundId: 'b-1',
        step: 1,
      }),
    ).not.toBeNull()
  })

  it('carries the round with a stale_step refusal, and cash-outs in the steps', () => {
    const v = STATEFUL_PROTOCOL_VERSION
    const stale = { type: 'error', v, code: 'stale_step', round }
    expect(wire.parseAck('step', stale)).toEqual(stale)
    const cashed = {
      type: 'ok',
      v,
      balance: 1_098,
      round: {
        ...round,
        status: 'won',
        steps: [
          ...round.steps,
          { step: 2, action: { kind: 'cashout' }, outcome: null, multiplier: 19_800, time: 6 },
        ],
        endReason: 'cashout',
        reveal: { board: [1, 2] },
      },
    }
    expect(wire.parseAck('cashout', cashed)).toEqual(cashed)
  })

  it('carries the last ended round in a snapshot, and takes one without it (an older server)', () => {
    const v = STATEFUL_PROTOCOL_VERSION
    const me = { balance: 900, currency: 'RUB', serverSeedHash: 'a'.repeat(64), clientSeed: 'c' }
    const ended = { ...round, status: 'lost', endReason: 'lost', reveal: { board: [4] } }
    const snapshot = {
      type: 'snapshot',
      v,
      serverTime: 1,
      me: { ...me, nonce: 1, round: null, lastEnded: ended },
    }
    expect(wire.parseEvent('snapshot', snapshot)).toEqual(snapshot)
    const older = { ...snapshot, me: { ...me, nonce: 1, round: null } }
    expect(wire.parseEvent('snapshot', older)).toEqual(older)
  })

  it('refuses a view that carries more than the game declared public', () => {
    const leaky = {
      type: 'ok',
      v: STATEFUL_PROTOCOL_VERSION,
      balance: null,
      round: { ...round, view: { picks: [4], board: [1] } },
    }
    expect(() => wire.parseAck('step', leaky)).toThrow()
  })
})
