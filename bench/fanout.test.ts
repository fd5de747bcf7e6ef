import { describe, expect, it } from 'vitest'
import { overBudget } from './harness'
import { roomsFigures, type Measured } from './fanout'

const side = (over: Partial<Measured>): Measured => ({
  p50: 10,
  p99: 20,
  perClientPerSecond: 1.9,
  samples: 1,
  serverCpuPerSocketUs: 15,
  serverEmitMs: 10,
  ...over,
})

describe('fanout rooms figures', () => {
  it('hold messages per watcher to 5 a second and give the p99 against the bare broadcast', () => {
    const figures = roomsFigures(1000, side({ p99: 30 }), side({ p99: 20 }))
    const byName = (end: string) => figures.find((f) => f.name.endsWith(end))!
    expect(byName('messages per watcher')).toMatchObject({ value: 1.9, unit: '/s', budget: 5 })
    expect(overBudget(byName('messages per watcher'))).toBe(false)
    expect(byName('latency p99')).toMatchObject({ value: 30, unit: 'ms', baseline: 20 })
    expect(byName('latency p99 / bare broadcast p99')).toMatchObject({ value: 1.5, unit: '×' })
    expect(figures.every((f) => f.name.startsWith('rooms red RUB, 1000 watchers'))).toBe(true)
  })

  it('marks more than 5 messages per watcher a second over budget', () => {
    const [messages] = roomsFigures(1000, side({ perClientPerSecond: 5.2 }), side({}))
    expect(overBudget(messages!)).toBe(true)
  })
})
