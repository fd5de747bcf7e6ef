import { describe, expect, it } from 'vitest'
import { streamTap, type TapEvent } from './streamTap'

const transport = { request: async () => null }

describe('streamTap', () => {
  it('tells a late listener the connection and the last snapshot, then every event', () => {
    const tap = streamTap(transport)
    tap.send({ type: 'CONNECTED' })
    tap.send({ type: 'snapshot', n: 1 } as TapEvent)
    tap.send({ type: 'snapshot', n: 2 } as TapEvent)
    tap.send({ type: 'CLOCK' })
    const heard: TapEvent[] = []
    const stop = tap.listen({ send: (event) => heard.push(event) })
    expect(heard).toEqual([{ type: 'CONNECTED' }, { type: 'snapshot', n: 2 }])
    tap.send({ type: 'DISCONNECTED' })
    stop()
    tap.send({ type: 'CONNECTED' })
    expect(heard.map((e) => e.type)).toEqual(['CONNECTED', 'snapshot', 'DISCONNECTED'])
  })

  it('tells nothing before the stream said anything, and keeps the transport', () => {
    const tap = streamTap(transport)
    const heard: TapEvent[] = []
    tap.listen({ send: (event) => heard.push(event) })
    expect(heard).toEqual([])
    expect(tap.transport).toBe(transport)
  })
})
