import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { COMMON_ERROR_CODES, defineWire, errorAckSchema } from './protocol'

const v = z.literal(3)
const error = errorAckSchema(3, [...COMMON_ERROR_CODES, 'busy'])
const ping = z.object({ type: z.literal('ping'), v, n: z.int() })
const pong = z.object({ type: z.literal('pong'), v })
const hello = z.object({ type: z.literal('hello'), v, key: z.string() })
const helloAck = z.discriminatedUnion('type', [z.object({ type: z.literal('ok'), v }), error])

const spec = {
  game: 'test',
  version: 3,
  events: { ping, pong },
  commands: { hello: { request: hello, ack: helloAck } },
  snapshotEvent: 'ping',
  resync: { command: 'hello', request: { type: 'hello', v: 3, key: 'k' } },
} as const

describe('defineWire', () => {
  const wire = defineWire(spec)

  it('names each event and command once, in the order declared', () => {
    expect(wire.eventNames).toEqual(['ping', 'pong'])
    expect(wire.commandNames).toEqual(['hello'])
  })

  it('parses events under their own name only, and says what is wrong', () => {
    expect(wire.parseEvent('ping', { type: 'ping', v: 3, n: 1 })).toEqual({
      type: 'ping',
      v: 3,
      n: 1,
    })
    expect(() => wire.parseEvent('tick', {})).toThrow('[test/protocol] unknown event "tick"')
    expect(() => wire.parseEvent('pong', { type: 'ping', v: 3, n: 1 })).toThrow(
      'event "pong" carries type "ping"',
    )
    expect(() => wire.parseEvent('ping', { type: 'ping', v: 2, n: 1 })).toThrow(/malformed "ping"/)
  })

  it('parses acks with the game error ack, and commands for the server', () => {
    expect(wire.parseAck('hello', { type: 'error', v: 3, code: 'busy' })).toEqual({
      type: 'error',
      v: 3,
      code: 'busy',
    })
    expect(() => wire.parseAck('hello', { type: 'error', v: 3, code: 'nope' })).toThrow(
      '[test/protocol] malformed ack to "hello"',
    )
    expect(wire.parseCommand('hello', { type: 'hello', v: 3, key: 'k' })).toEqual({
      type: 'hello',
      v: 3,
      key: 'k',
    })
    expect(wire.parseCommand('hello', { type: 'hello', v: 3 })).toBeNull()
  })

  it('refuses a list whose names and types disagree, or that lacks its snapshot or resync', () => {
    expect(() => defineWire({ ...spec, events: { ping, pang: pong } })).toThrow(
      '[test/protocol] "pang" must carry type "pang"',
    )
    expect(() => defineWire({ ...spec, snapshotEvent: 'state' as 'ping' })).toThrow(
      'snapshot event "state" is not declared',
    )
    expect(() =>
      defineWire({ ...spec, resync: { ...spec.resync, command: 'sync' as 'hello' } }),
    ).toThrow('resync command "sync" is not declared')
  })
})
