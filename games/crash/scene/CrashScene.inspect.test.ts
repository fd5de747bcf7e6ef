import { Container } from 'pixi.js'
import { describe, expect, it } from 'vitest'
import { msToReach } from '../rules'
import { CrashScene } from './CrashScene'
import type { CrashSceneLabels, CrashView } from './crashView'

const labels: CrashSceneLabels = {
  connecting: 'Connecting',
  startsIn: 'Starts in {{seconds}}s',
  crashed: 'Crashed',
  won: 'You won 25.00 ₽',
  lost: 'Lost',
}

const view = (patch: Partial<CrashView>): CrashView => ({
  phase: 'running',
  roundId: '42',
  startedAt: 0,
  bettingEndsAt: null,
  crashPoint: null,
  bet: 'none',
  cashoutAt: null,
  labels,
  ...patch,
})

/** A mounted, sized scene that draws `frames` at local times, reduced motion off unless asked. */
function drawn(frames: { view: CrashView; at: number }[], reducedMotion = false) {
  const scene = new CrashScene()
  scene.mount(new Container(), { reducedMotion, clock: { now: () => 0 } })
  scene.resize({ width: 800, height: 450, resolution: 1 })
  let last = 0
  for (const { view: v, at } of frames) {
    scene.update(v, { deltaMS: at - last, lastTime: at })
    last = at
  }
  return scene
}

describe('CrashScene.inspect', () => {
  it('reports nothing drawn before the first frame', () => {
    const scene = new CrashScene()
    expect(scene.inspect()).toMatchObject({ scene: 'crash', phase: null, curvePoints: 0 })
  })

  it('reports the running multiplier over a full curve, without a marker', () => {
    // 2.00x is reached at msToReach(200) after the start.
    const scene = drawn([{ view: view({}), at: msToReach(200) + 1 }])
    expect(scene.inspect()).toEqual({
      scene: 'crash',
      phase: 'running',
      roundId: '42',
      multiplierText: '2.00x',
      statusText: '',
      countdownMs: 0,
      curvePoints: 65,
      winMarker: false,
      cashoutAt: null,
      bannerText: '',
      crashFlash: false,
      reducedMotion: false,
    })
  })

  it('reports the countdown while betting', () => {
    const scene = drawn([
      { view: view({ phase: 'betting', startedAt: null, bettingEndsAt: 5000 }), at: 2500 },
    ])
    expect(scene.inspect()).toMatchObject({
      phase: 'betting',
      multiplierText: '1.00x',
      statusText: 'Starts in 2.5s',
      countdownMs: 2500,
      curvePoints: 0,
    })
  })

  it('reports the win marker and banner once the bet cashed out, and the crash flash', () => {
    const cashedOut = view({ bet: 'cashedOut', cashoutAt: 150 })
    const scene = drawn([
      { view: cashedOut, at: msToReach(180) },
      { view: { ...cashedOut, phase: 'crashed', crashPoint: 180 }, at: msToReach(180) + 16 },
    ])
    expect(scene.inspect()).toMatchObject({
      phase: 'crashed',
      multiplierText: '1.80x',
      statusText: 'Crashed',
      winMarker: true,
      cashoutAt: 150,
      bannerText: 'You won 25.00 ₽',
      crashFlash: true,
    })
  })

  it('shows no marker for a cash-out the curve has not reached, and reports reduced motion', () => {
    const scene = drawn([{ view: view({ bet: 'cashedOut', cashoutAt: 300 }), at: 1000 }], true)
    expect(scene.inspect()).toMatchObject({
      winMarker: false,
      cashoutAt: null,
      reducedMotion: true,
    })
  })
})
