import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { z } from 'zod/mini'
import { defineWire, errorAckSchema } from './protocol'
import { commandActors, connectionMessage, machineEvent, type ConnectionEvent } from './wireLink'

const v = z.literal(1)
const wire = defineWire({
  game: 'coin',
  version: 1,
  events: { state: z.object({ type: z.literal('state'), v, side: z.enum(['heads', 'tails']) }) },
  commands: {
    flip: {
      request: z.object({ type: z.literal('flip'), v, key: z.string() }),
      ack: z.discriminatedUnion('type', [
        z.object({ type: z.literal('ok'), v, side: z.enum(['heads', 'tails']) }),
        errorAckSchema(1, ['internal']),
      ]),
    },
  },
  snapshotEvent: 'state',
  resync: { command: 'flip', request: { type: 'flip', v: 1, key: 'resync' } },
})

describe('wireLink', () => {
  it('turns each connection report into its message and back', () => {
    const events: ConnectionEvent[] = [
      { type: 'CONNECTED', recovered: true, clockOffset: -4 },
      { type: 'DISCONNECTED' },
      { type: 'CLOCK', clockOffset: 12 },
    ]
    for (const event of events) {
      const { name, payload } = connectionMessage(event)
      expect(machineEvent(wire, name, payload)).toEqual(event)
    }
    expect(machineEvent(wire, 'state', { type: 'state', v: 1, side: 'tails' })).toEqual({
      type: 'state',
      v: 1,
      side: 'tails',
    })
    expect(() => machineEvent(wire, 'state', { type: 'state', v: 1, side: 'edge' })).toThrow(
      '[coin/protocol] malformed "state"',
    )
  })

  it('sends the command as built, key included, and parses the ack (an error ack too) once', async () => {
    const sent: unknown[] = []
    const actors = commandActors(
      wire,
      {
        request: async (name, payload) => {
          sent.push([name, payload])
          return { type: 'error', v: 1, code: 'internal' }
        },
      },
      { flipCoin: 'flip' },
    )
    const input = { type: 'flip' as const, v: 1 as const, key: 'k-1' }
    const ack = await toPromise(createActor(actors.flipCoin, { input }).start())
    expect(sent).toEqual([['flip', input]])
    expect(ack).toEqual({ type: 'error', v: 1, code: 'internal' })
  })
})
