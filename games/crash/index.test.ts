import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { betIdSchema, crashCommandActors, crashEventFromStream, type CommandKey } from '.'

describe('crashEventFromStream', () => {
  it('maps connection changes and parses server events', () => {
    expect(crashEventFromStream('connect', { recovered: true, clockOffset: 12 })).toEqual({
      type: 'CONNECTED',
      recovered: true,
      clockOffset: 12,
    })
    expect(crashEventFromStream('disconnect', 'io server disconnect')).toEqual({
      type: 'DISCONNECTED',
    })
    expect(crashEventFromStream('clock', { clockOffset: -3 })).toEqual({
      type: 'CLOCK',
      clockOffset: -3,
    })
    expect(
      crashEventFromStream('started', { type: 'started', v: 1, roundId: '9', startedAt: 1 }),
    ).toMatchObject({ type: 'started', roundId: '9' })
    expect(() => crashEventFromStream('tick', {})).toThrow('unknown event "tick"')
    expect(() => crashEventFromStream('connect', { recovered: 'yes' })).toThrow()
  })
})

describe('crashCommandActors', () => {
  const command = {
    type: 'cashOut' as const,
    v: 1 as const,
    key: 'key-0000-cash' as CommandKey,
    betId: betIdSchema.parse('b1'),
  }

  it('sends the command under its name and parses the ack', async () => {
    const sent: unknown[] = []
    const actors = crashCommandActors({
      request: async (name, payload) => {
        sent.push([name, payload])
        return { type: 'ok', v: 1, betId: 'b1', cashoutAt: 150, win: 150, balance: 1150 }
      },
    })
    const ack = await toPromise(createActor(actors.cashOut, { input: command }).start())
    expect(sent).toEqual([['cashOut', command]])
    expect(ack).toMatchObject({ type: 'ok', cashoutAt: 150 })
  })

  it('fails the actor on an ack outside the protocol', async () => {
    const actors = crashCommandActors({ request: async () => ({ type: 'ok', v: 1 }) })
    await expect(
      toPromise(createActor(actors.cashOut, { input: command }).start()),
    ).rejects.toThrow('[crash/protocol] malformed ack to "cashOut"')
  })
})
