// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ClockSync, estimateClock, type ClockSample } from './clockSync'

/** A round trip to a server `offset` ahead, `up` ms out and `down` ms back, sent at `t0`. */
const trip = (t0: number, offset: number, up: number, down: number): ClockSample => ({
  t0,
  t1: t0 + up + down,
  serverTime: t0 + up + offset,
})

describe('estimateClock', () => {
  it('finds the offset exactly from symmetric round trips', () => {
    const estimate = estimateClock([trip(0, 5000, 10, 10), trip(100, 5000, 20, 20)], 2)
    expect(estimate).toEqual({ offsetMs: 5000, bestRttMs: 20, medianRttMs: 30, samples: 2 })
  })

  it('keeps the lowest round trips, so one-sided queueing does not bias the offset', () => {
    const samples = [
      trip(0, -250, 300, 2), // queued on the way out: alone it says -101
      trip(10, -250, 200, 2), // -151
      trip(20, -250, 150, 1), // -175.5
      trip(30, -250, 2, 4), // slightly asymmetric: -251
      trip(40, -250, 4, 2), // -249
    ]
    const estimate = estimateClock(samples, 2)
    expect(estimate?.offsetMs).toBe(-250)
    expect(estimate?.bestRttMs).toBe(6)
    expect(estimate?.medianRttMs).toBe(151)
    // Keeping every sample lets the queued ones in: the median moves to the worst kind.
    expect(estimateClock(samples, 5)?.offsetMs).toBe(-175.5)
  })

  it('has no estimate without samples', () => {
    expect(estimateClock([], 3)).toBeNull()
  })
})

describe('ClockSync', () => {
  it('takes its samples one after another and reports the estimate', async () => {
    let inFlight = 0
    let maxInFlight = 0
    let now = 0
    const reported: number[] = []
    const sync = new ClockSync(
      async () => {
        inFlight += 1
        maxInFlight = Math.max(maxInFlight, inFlight)
        await Promise.resolve()
        inFlight -= 1
        now += 10
        return trip(now, 42, 1, 1)
      },
      (estimate) => reported.push(estimate.offsetMs),
      { samples: 4, keep: 2 },
    )
    expect(sync.current()).toBeNull()
    const estimate = await sync.run()
    expect(estimate?.samples).toBe(4)
    expect(maxInFlight).toBe(1)
    expect(reported).toEqual([42])
    expect(sync.current()).toBe(estimate)
  })

  it('keeps the previous estimate when the link fails, and stops sampling at the first failure', async () => {
    let calls = 0
    let online = true
    const sync = new ClockSync(
      async () => {
        calls += 1
        return online ? trip(0, 7, 1, 1) : null
      },
      () => {},
      { samples: 3 },
    )
    const first = await sync.run()
    online = false
    expect(await sync.run()).toBe(first)
    expect(calls).toBe(4)
  })

  it('answers a request made during a batch with one fresh batch after it', async () => {
    let calls = 0
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const sync = new ClockSync(
      async () => {
        calls += 1
        await gate
        return trip(0, calls, 1, 1)
      },
      () => {},
      { samples: 1, keep: 1 },
    )
    const first = sync.run()
    const second = sync.run()
    const third = sync.run()
    expect(second).toBe(third)
    release()
    expect((await first)?.offsetMs).toBe(1)
    expect((await second)?.offsetMs).toBe(2)
    expect(calls).toBe(2)
  })
})
