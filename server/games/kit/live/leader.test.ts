import { describe, expect, it } from 'vitest'
import type { SessionLocks } from '../../../db/locks'
import { fakeScheduler } from '../scheduler'
import { LoopLeader, type LoopLeaderOptions } from './leader'

/** A lock server of the test's: `held` names who holds each lock; `drop` loses a session. */
function lockServer() {
  const held = new Map<string, object>()
  const sessions: { me: object; lost: Set<() => void> }[] = []
  const session = (): SessionLocks & { drop(): void } => {
    const me = {}
    const lost = new Set<() => void>()
    sessions.push({ me, lost })
    const release = () => {
      for (const [name, holder] of held) if (holder === me) held.delete(name)
    }
    return {
      async tryLock(name) {
        if (held.get(name) && held.get(name) !== me) return false
        held.set(name, me)
        return true
      },
      async unlock(name) {
        if (held.get(name) === me) held.delete(name)
      },
      onLost(listener) {
        lost.add(listener)
        return () => lost.delete(listener)
      },
      async close() {
        release()
      },
      drop() {
        release()
        for (const listener of lost) listener()
      },
    }
  }
  return { held, session }
}

const quiet = { info: () => {}, error: () => {} }

/** A process's loop as the leader drives it: a log of what it was told. */
function loopOf(name: string, locks: SessionLocks, events: string[]) {
  const options = (scheduler: LoopLeaderOptions['scheduler']): LoopLeaderOptions => ({
    locks,
    name: 'live:crash',
    scheduler,
    log: quiet,
    lead: async () => void events.push(`${name} leads`),
    follow: async () => void events.push(`${name} follows`),
  })
  return options
}

describe('LoopLeader', () => {
  it('runs the loop in one process; the other takes it within a retry of the leader dying', async () => {
    const scheduler = fakeScheduler(0)
    const server = lockServer()
    const events: string[] = []
    const [a, b] = [server.session(), server.session()]
    const first = await LoopLeader.start(loopOf('a', a, events)(scheduler))
    const second = await LoopLeader.start(loopOf('b', b, events)(scheduler))
    expect([first.leading, second.leading]).toEqual([true, false])
    await scheduler.advance(5_000, flush)
    expect(events).toEqual(['a leads'])

    // A dies: its connection drops, the server lets the lock go. B takes it at its next try.
    const led = second.whenLeading()
    a.drop()
    await flush()
    expect(events).toEqual(['a leads', 'a follows'])
    await scheduler.advance(999, flush)
    expect(second.leading).toBe(false)
    await scheduler.advance(1, flush)
    await led
    expect(events).toEqual(['a leads', 'a follows', 'b leads'])
    // A comes back as a follower and stays one while B leads.
    await scheduler.advance(10_000, flush)
    expect([first.leading, second.leading]).toEqual([false, true])

    // B stops (a clean shutdown): its loop stops first, then the lock goes to A.
    await second.stop()
    expect(server.held.size).toBe(0)
    await scheduler.advance(1_000, flush)
    expect(first.leading).toBe(true)
    expect(events).toEqual(['a leads', 'a follows', 'b leads', 'b follows', 'a leads'])
    await first.stop()
  })

  it('lets the lock go when its loop cannot start, and tries again', async () => {
    const scheduler = fakeScheduler(0)
    const server = lockServer()
    let starts = 0
    const leader = await LoopLeader.start({
      locks: server.session(),
      name: 'live:rooms:red:RUB',
      scheduler,
      log: quiet,
      lead: async () => {
        if (++starts === 1) throw new Error('database busy')
      },
      follow: async () => {},
    })
    expect(leader.leading).toBe(false)
    expect(server.held.size).toBe(0)
    await scheduler.advance(1_000, flush)
    expect([leader.leading, starts]).toEqual([true, 2])
    await leader.stop()
  })
})

/**
 * Lets the leader's queued steps run: they await only the test's in-memory locks, so every one
 * of them has run by the next turn of the event loop.
 */
function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
