import { describe, expect, it } from 'vitest'
import { FeedBatcher } from './feed'
import { fakeScheduler } from './scheduler'

function feed() {
  const clock = fakeScheduler(0)
  const sent: string[][] = []
  const batcher = new FeedBatcher<string>({
    scheduler: clock,
    flushMs: 200,
    send: (rows) => sent.push(rows),
  })
  return { clock, sent, batcher }
}

describe('FeedBatcher', () => {
  it('sends the changes of one window as one batch, each id at its latest state', async () => {
    const { clock, sent, batcher } = feed()
    batcher.put('a', 'a placed')
    await clock.advance(150)
    batcher.put('b', 'b placed')
    batcher.put('a', 'a cashed out')
    expect(sent).toEqual([])
    await clock.advance(50)
    expect(sent).toEqual([['a cashed out', 'b placed']])
    await clock.advance(1000)
    expect(sent).toHaveLength(1)
  })

  it('flushes early on demand, never sends an empty batch, and arms no timer once stopped', async () => {
    const { clock, sent, batcher } = feed()
    batcher.flush()
    batcher.put('a', 'a')
    batcher.flush()
    expect(sent).toEqual([['a']])
    expect(clock.nextDue()).toBeNull()
    batcher.stop()
    batcher.put('b', 'b')
    expect(clock.nextDue()).toBeNull()
    batcher.flush()
    expect(sent).toEqual([['a'], ['b']])
  })
})
