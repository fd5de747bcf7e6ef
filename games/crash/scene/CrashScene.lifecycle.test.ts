import { describe, it } from 'vitest'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
} from '../../engine/canvas/testing/sceneLifecycle'
import { CrashScene } from './CrashScene'
import type { CrashView } from './crashView'

const LABELS: CrashView['labels'] = {
  connecting: 'Connecting',
  startsIn: 'Starts in {{seconds}}s',
  crashed: 'Crashed',
  won: 'You won 150 RUB',
  lost: 'Lost',
}

/** One round as the scene sees it, on the fake platform's clock (`now`), with a cashed-out bet. */
function roundViews(now: number): CrashView[] {
  const base = {
    roundId: '7',
    startedAt: null,
    bettingEndsAt: null,
    crashPoint: null,
    bet: 'none',
    cashoutAt: null,
    labels: LABELS,
  } as const satisfies Partial<CrashView>
  return [
    { ...base, phase: 'connecting' },
    { ...base, phase: 'betting', bettingEndsAt: now + 4000, bet: 'active' },
    { ...base, phase: 'running', startedAt: now - 5000, bet: 'active' },
    { ...base, phase: 'running', startedAt: now - 9000, bet: 'cashedOut', cashoutAt: 150 },
    { ...base, phase: 'offline', startedAt: now - 9500, bet: 'cashedOut', cashoutAt: 150 },
    {
      ...base,
      phase: 'crashed',
      startedAt: now - 12_000,
      crashPoint: 205,
      bet: 'cashedOut',
      cashoutAt: 150,
    },
    { ...base, phase: 'crashed', startedAt: now - 12_000, crashPoint: 205, bet: 'lost' },
  ]
}

const env = sceneTestEnv(800, 450)

describe('CrashScene lifecycle', () => {
  it('mounts, draws a whole round and is destroyed 100 times, leaving nothing behind', async () => {
    await expectNothingLeftAfter100Cycles<CrashView>(env, {
      createScene: () => new CrashScene(),
      // Every phase, with the flash after the crash and a resize mid-round, on a clock that moves.
      views: (cycle, fake) => {
        fake.state.now = 1_000_000 + cycle * 20_000
        return roundViews(fake.state.now)
      },
      frames: { count: 3, ms: 16 },
      resize: { afterView: 3, width: 640, height: 360 },
      minDisplayObjects: 8,
      listensToPixi: true,
    })
    // 100 scenes measure their texts in jsdom: seconds, not a hang, on a shared 2-core machine.
  }, 60_000)
})
