import { describe, expect, it } from 'vitest'
import { MAX_HOLD_MS, TestHooks } from '../../../testHooks'
import type { UserId } from '../player'
import { fakeScheduler } from '../scheduler'
import { LiveLoop, type LiveRounds } from './loop'

type Public =
  | { type: 'opened' | 'started' | 'ended' | 'closing'; roundId: string; at: number }
  | { type: 'rows'; roundId: string; rows: string[] }
type Personal = { type: 'paid'; roundId: string }

const T0 = 1_000_000
const PAUSE_MS = 300

/**
 * A loop over a probe game on fake time. Each phase writes its row (`writes`, each a promise the
 * test may hold open) and announces it; `told` is what watchers got, with the time they got it.
 */
function probe(phases: Partial<Pick<LiveRounds, 'run'>> & { closesIn: number | null }) {
  const clock = fakeScheduler(T0)
  const told: string[] = []
  const writes: string[] = []
  const calls: string[] = []
  let hold: Promise<void> | null = null
  let seq = 0
  const hooks = new TestHooks(() => {
    throw new Error('no kill in these tests')
  })
  const write = (what: string) =>
    loop.announce.write(what, async () => {
      await hold
      writes.push(`${what} @${clock.now() - T0}`)
    })
  const say = (type: 'opened' | 'started' | 'ended') =>
    loop.announce.broadcast({ type, roundId: String(seq), at: clock.now() - T0 })
  const loop: LiveLoop<Public, Personal, string> = new LiveLoop<Public, Personal, string>({
    game: 'probe',
    emitter: {
      broadcast: (e) =>
        void told.push(e.type === 'rows' ? `rows ${e.rows.join(',')}` : `${e.type} ${e.roundId}`),
      toUser: (_user: UserId, e) => void told.push(`${e.type} ${e.roundId}`),
    },
    scheduler: clock,
    log: { info: () => {}, error: () => {} },
    pauseMs: PAUSE_MS,
    feed: { flushMs: 50, event: (rows) => ({ type: 'rows', roundId: String(seq), rows }) },
    testHooks: hooks,
    upcoming: function* () {
      for (let round = seq + 1; round < seq + 10; round++) yield { round, outcome: round * 100 }
    },
    rounds: {
      open(n) {
        calls.push(`open ${n}`)
        if (n > 3) return null
        seq = n
        void write(`open ${n}`)
        say('opened')
        return { closesIn: phases.closesIn }
      },
      ...(phases.run && {
        run(n) {
          calls.push(`run ${n}`)
          void write(`start ${n}`)
          say('started')
          return phases.run!(n)
        },
      }),
      end(n) {
        calls.push(`end ${n}`)
        void write(`end ${n}`)
        say('ended')
      },
      stopping: () => void calls.push('stopping'),
    },
  })
  const advance = (ms: number) => clock.advance(ms, () => loop.idle())
  const holdWrites = () => {
    let release!: () => void
    hold = new Promise<void>((r) => (release = r))
    return () => {
      hold = null
      release()
    }
  }
  return { loop, clock, told, writes, calls, hooks, advance, holdWrites }
}

describe('the live round loop', () => {
  it('plays open → running → end → pause → next round on the scheduler, writes before words', async () => {
    const p = probe({ closesIn: 1000, run: () => 500 })
    await p.loop.start(() => Promise.resolve(1))
    expect(p.told).toEqual(['opened 1'])
    expect(p.loop.round).toEqual({ seq: 1, stage: 'open' })
    await p.advance(999)
    expect(p.calls).toEqual(['open 1'])
    await p.advance(1)
    expect(p.loop.round).toEqual({ seq: 1, stage: 'running' })
    await p.advance(500)
    expect(p.loop.round).toEqual({ seq: 1, stage: 'ended' })
    await p.advance(PAUSE_MS)
    expect(p.calls).toEqual(['open 1', 'run 1', 'end 1', 'open 2'])
    expect(p.writes).toEqual(['open 1 @0', 'start 1 @1000', 'end 1 @1500', 'open 2 @1800'])
    expect(p.told).toEqual(['opened 1', 'started 1', 'ended 1', 'opened 2'])
  })

  it('tells nothing of a phase before its write lands, and batches the rows of the feed', async () => {
    const p = probe({ closesIn: 1000, run: () => 500 })
    await p.loop.start(() => Promise.resolve(1))
    const release = p.holdWrites()
    await p.clock.advance(1000)
    expect(p.calls).toContain('run 1')
    p.loop.feed.put('a', 'a1')
    p.loop.feed.put('a', 'a2')
    p.loop.feed.put('b', 'b1')
    await p.clock.advance(50)
    // The batch waits behind the start's write like the `started` queued before it.
    expect(p.told).toEqual(['opened 1'])
    release()
    await p.loop.idle()
    expect(p.told).toEqual(['opened 1', 'started 1', 'rows a2,b1'])
  })

  it('keeps a round open until an event starts its countdown, then ends it (no run phase)', async () => {
    const p = probe({ closesIn: null })
    expect(p.loop.closeIn(60_000)).toBeNull()
    await p.loop.start(() => Promise.resolve(1))
    await p.advance(10 * 60_000)
    expect(p.loop.round).toEqual({ seq: 1, stage: 'open' })
    expect(p.calls).toEqual(['open 1'])
    // A second player's ticket starts the countdown; later tickets do not move it.
    expect(p.loop.closeIn(60_000)).toBe(p.clock.now() + 60_000)
    const endsAt = p.clock.now() + 60_000
    await p.advance(30_000)
    expect(p.loop.closeIn(60_000)).toBeNull()
    await p.advance(endsAt - p.clock.now() - 1)
    expect(p.calls).toEqual(['open 1'])
    await p.advance(1)
    expect(p.calls).toEqual(['open 1', 'end 1'])
    expect(p.loop.closeIn(60_000)).toBeNull()
    await p.advance(PAUSE_MS)
    expect(p.calls).toEqual(['open 1', 'end 1', 'open 2'])
    expect(p.loop.round).toEqual({ seq: 2, stage: 'open' })
    expect(p.clock.nextDue()).toBeNull()
  })

  it('holds a reserved round at its start and its next while a test keeps it, no countdown twice', async () => {
    const p = probe({ closesIn: null })
    await p.loop.start(() => Promise.resolve(1))
    expect(p.hooks.reserve('probe', { holdNext: true })).toEqual({ round: 2, outcome: 200 })
    p.loop.closeIn(1000)
    await p.advance(1000 + PAUSE_MS)
    expect(p.loop.round).toEqual({ seq: 2, stage: 'open' })
    p.loop.closeIn(1000)
    await p.advance(5000)
    expect(p.loop.round).toEqual({ seq: 2, stage: 'closing' })
    expect(p.loop.closeIn(1000)).toBeNull()
    expect(p.hooks.release('probe', 2, 'start')).toBe(true)
    expect(p.calls.at(-1)).toBe('end 2')
    await p.advance(PAUSE_MS + 5000)
    expect(p.calls.at(-1)).toBe('end 2')
    p.hooks.release('probe', 2, 'next')
    expect(p.calls.at(-1)).toBe('open 3')
  })

  it('starts a held round on its release while its window is still open, not at the window end', async () => {
    const p = probe({ closesIn: 1000, run: () => 500 })
    await p.loop.start(() => Promise.resolve(1))
    expect(p.hooks.reserve('probe')).toEqual({ round: 2, outcome: 200 })
    // Released before it opens, or without `now`: its window runs its length.
    expect(p.hooks.reserve('probe')).toEqual({ round: 3, outcome: 300 })
    expect(p.hooks.release('probe', 3, 'start', { now: true })).toBe(true)
    await p.advance(1000 + 500 + PAUSE_MS + 100)
    expect(p.loop.round).toEqual({ seq: 2, stage: 'open' })
    expect(p.hooks.release('probe', 2, 'start', { now: true })).toBe(true)
    expect(p.loop.round).toEqual({ seq: 2, stage: 'running' })
    await p.advance(500 + PAUSE_MS + 999)
    expect(p.loop.round).toEqual({ seq: 3, stage: 'open' })
    await p.advance(1)
    expect(p.loop.round).toEqual({ seq: 3, stage: 'running' })
  })

  it('lets a forgotten hold go after MAX_HOLD_MS', async () => {
    const p = probe({ closesIn: 1000, run: () => 0 })
    await p.loop.start(() => Promise.resolve(1))
    p.hooks.reserve('probe')
    await p.advance(1000 + PAUSE_MS + 1000)
    expect(p.loop.round).toEqual({ seq: 2, stage: 'closing' })
    await p.advance(MAX_HOLD_MS)
    expect(p.calls).toContain('run 2')
  })

  it('stops at any stage: timers cleared, in-flight writes finish, nothing more told or ended', async () => {
    const p = probe({ closesIn: 1000, run: () => 500 })
    await p.loop.start(() => Promise.resolve(1))
    await p.advance(1000)
    const release = p.holdWrites()
    await p.clock.advance(500)
    expect(p.calls).toEqual(['open 1', 'run 1', 'end 1'])
    p.loop.feed.put('a', 'a1')
    let stopped = false
    const stopping = p.loop.stop().then(() => (stopped = true))
    expect(p.calls.at(-1)).toBe('stopping')
    expect(p.loop.stopped).toBe(true)
    expect(p.clock.nextDue()).toBeNull()
    await Promise.resolve()
    expect(stopped).toBe(false)
    release()
    await stopping
    // The end was written, but watchers were not told (nor the row): the next start settles it.
    expect(p.writes).toEqual(['open 1 @0', 'start 1 @1000', 'end 1 @1500'])
    expect(p.told).toEqual(['opened 1', 'started 1'])
    await p.advance(60_000)
    expect(p.calls).toEqual(['open 1', 'run 1', 'end 1', 'stopping'])
    await p.loop.stop()
  })

  it('starts later than it is built, and not at all once stopped first or during recovery', async () => {
    const before = probe({ closesIn: 1000 })
    await before.loop.stop()
    const recovered: number[] = []
    await before.loop.start(() => {
      recovered.push(1)
      return Promise.resolve(1)
    })
    expect(recovered).toEqual([])
    expect(before.calls).toEqual(['stopping'])

    const during = probe({ closesIn: 1000 })
    let finish!: (n: number) => void
    const starting = during.loop.start(() => new Promise<number>((r) => (finish = r)))
    const stopping = during.loop.stop()
    finish(1)
    await Promise.all([starting, stopping])
    expect(during.calls).toEqual(['stopping'])
    expect(during.clock.nextDue()).toBeNull()
    await expect(during.loop.start(() => Promise.resolve(1))).rejects.toThrow(/started twice/)
  })

  it('halts when the game deals no more rounds: commands see it stopped, no timer is left', async () => {
    const p = probe({ closesIn: 100, run: () => 100 })
    await p.loop.start(() => Promise.resolve(3))
    await p.advance(200 + PAUSE_MS)
    expect(p.calls).toEqual(['open 3', 'run 3', 'end 3', 'open 4'])
    expect(p.loop.stopped).toBe(true)
    expect(p.loop.round).toEqual({ seq: 3, stage: 'ended' })
    expect(p.clock.nextDue()).toBeNull()
  })
})
