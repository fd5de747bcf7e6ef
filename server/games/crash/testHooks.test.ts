import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { crashTimeMs } from '../../../games/crash/rules'
import type { Services } from '../../services'
import { MAX_HOLD_MS, TestHooks } from '../../testHooks'
import { BETTING_MS, PAUSE_MS, RecordingEmitter, openTestServices, startTestCrash } from './testing'

let services: Services
let h: Awaited<ReturnType<typeof startTestCrash>>
let hooks: TestHooks

beforeAll(async () => {
  services = await openTestServices()
}, 60_000)
afterAll(async () => {
  await services.db.close()
})
afterEach(async () => {
  await h.crash.stop()
  await services.db.exec(
    'DELETE FROM crash_bets; DELETE FROM crash_rounds; DELETE FROM crash_chains;',
  )
})

async function start() {
  hooks = new TestHooks()
  h = await startTestCrash(services, { testHooks: hooks })
}

/** Plays from the start of a betting window to the next one (no hold in the way). */
async function playRound() {
  const { game } = h.crash.currentRound()
  await h.advance(BETTING_MS + crashTimeMs(h.crash.chain.crashPointOf(game)) + PAUSE_MS)
}

describe('crash test hooks', () => {
  it('reserve picks the first upcoming round with the outcome asked for, never the open one', async () => {
    await start()
    expect(h.crash.currentRound()).toMatchObject({ game: 1, phase: 'betting' })
    const reserved = hooks.reserve('crash', { minOutcome: 300 })!
    expect(reserved.round).toBeGreaterThan(1)
    expect(reserved.outcome).toBe(h.crash.chain.crashPointOf(reserved.round))
    expect(reserved.outcome).toBeGreaterThanOrEqual(300)
    for (let game = 2; game < reserved.round; game++) {
      expect(h.crash.chain.crashPointOf(game)).toBeLessThan(300)
    }
    // A second test gets another round: a release must not cut the first test's window short.
    expect(hooks.reserve('crash', { minOutcome: 300 })!.round).toBeGreaterThan(reserved.round)
    expect(hooks.reserve('dice')).toBeNull()
    expect(hooks.reserve('crash', { minOutcome: 1e9 })).toBeNull()
    const short = hooks.reserve('crash', { maxOutcome: 150 })!
    expect(short.outcome).toBeLessThanOrEqual(150)
    expect(short.outcome).toBe(h.crash.chain.crashPointOf(short.round))
  })

  it('holds the reserved round in betting past its window until released, then plays it as dealt', async () => {
    await start()
    const { round, outcome } = hooks.reserve('crash')!
    expect(round).toBe(2)
    await playRound()
    expect(h.crash.currentRound()).toMatchObject({ game: 2, phase: 'betting' })
    await h.advance(BETTING_MS * 5)
    expect(h.crash.currentRound()).toMatchObject({ game: 2, phase: 'betting' })
    expect(h.emitter.ofType('started').map((e) => e.roundId)).toEqual(['1'])
    expect(hooks.release('crash', round, 'start')).toBe(true)
    expect(h.crash.currentRound()).toMatchObject({ game: 2, phase: 'running' })
    await h.crash.idle()
    await h.advance(crashTimeMs(h.crash.chain.crashPointOf(2)))
    expect(h.emitter.ofType('crashed').at(-1)).toMatchObject({ roundId: '2', crashPoint: outcome })
    expect(hooks.release('crash', round, 'start')).toBe(false)
  })

  it('a round released before its window ends starts on time; a forgotten hold ends by itself', async () => {
    await start()
    const early = hooks.reserve('crash')!
    expect(hooks.release('crash', early.round, 'start')).toBe(true)
    await playRound()
    await h.advance(BETTING_MS)
    expect(h.crash.currentRound()).toMatchObject({ game: early.round, phase: 'running' })

    const forgotten = hooks.reserve('crash')!
    expect(forgotten.round).toBe(early.round + 1)
    await h.advance(crashTimeMs(h.crash.chain.crashPointOf(early.round)) + PAUSE_MS)
    await h.advance(BETTING_MS + MAX_HOLD_MS - 1)
    expect(h.crash.currentRound()).toMatchObject({ game: forgotten.round, phase: 'betting' })
    await h.advance(1)
    expect(h.crash.currentRound()).toMatchObject({ game: forgotten.round, phase: 'running' })
  })
})

describe('crash test hooks, after the round', () => {
  it('holds the next betting window after a round reserved with holdNext until released', async () => {
    await start()
    const { round } = hooks.reserve('crash', { holdNext: true })!
    expect(hooks.release('crash', round, 'start')).toBe(true)
    await playRound()
    const cp = h.crash.chain.crashPointOf(round)
    await h.advance(BETTING_MS + crashTimeMs(cp) + PAUSE_MS * 10)
    expect(h.crash.currentRound()).toMatchObject({ game: round, phase: 'crashed' })
    expect(h.emitter.events.at(-1)).toMatchObject({ type: 'crashed', roundId: String(round) })
    expect(hooks.release('crash', round, 'next')).toBe(true)
    expect(h.crash.currentRound()).toMatchObject({ game: round + 1, phase: 'betting' })
  })
})

describe('crash test hooks, the kill', () => {
  it('ends the process as the armed round hands out `crashed`, and that event never leaves', async () => {
    const kills: string[] = []
    hooks = new TestHooks(() => kills.push(h.crash.currentRound().id))
    const sent = new RecordingEmitter()
    h = await startTestCrash(services, { testHooks: hooks, emitter: hooks.emitter('crash', sent) })
    const { round } = hooks.reserve('crash')!
    expect(hooks.killAt('crash', round, 'crashed')).toBe(true)
    expect(hooks.killAt('dice', round, 'crashed')).toBe(false)
    // Another round's `crashed`, and the armed round's other events, go out as usual.
    await playRound()
    expect(hooks.release('crash', round, 'start')).toBe(true)
    await h.advance(BETTING_MS)
    expect(sent.ofType('started').map((e) => e.roundId)).toEqual(['1', String(round)])
    expect(kills).toEqual([])
    await h.advance(crashTimeMs(h.crash.chain.crashPointOf(round)))
    expect(kills).toEqual([String(round)])
    expect(sent.ofType('crashed').map((e) => e.roundId)).toEqual(['1'])
  })
})
