import { describe, expect, it } from 'vitest'
import { createFakePlatform, settle } from '../../engine/canvas/testing/fakePlatform'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
  startScene,
} from '../../engine/canvas/testing/sceneLifecycle'
import { RouletteScene } from './RouletteScene'
import type { RouletteView } from './rouletteView'
import { SPIN_MS } from './wheel'

const env = sceneTestEnv(800, 450)

const views: RouletteView[] = [
  { pocket: null, betId: null, instant: false },
  { pocket: 17, betId: 'b-1', instant: false },
  { pocket: 0, betId: 'b-2', instant: false },
  { pocket: 26, betId: 'b-3', instant: true },
]

describe('RouletteScene', () => {
  it('lands the ball on the pocket it is given, and at once with instant play', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new RouletteScene(),
      views[0]!,
    )
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ pocket: null, ballPocket: null, landed: false })
    runtime.setSnapshot(views[1]!)
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ pocket: 17, landed: false })
    for (let t = 0; t < SPIN_MS; t += 100) app.ticker.tick(100)
    expect(scene!.inspect()).toMatchObject({ pocket: 17, ballPocket: 17, landed: true })
    runtime.setSnapshot(views[3]!)
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ pocket: 26, ballPocket: 26, landed: true })
    runtime.destroy()
    await settle()
  })

  it('puts the ball in its pocket at once when the player asks for reduced motion', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform({ reducedMotion: true }),
      () => new RouletteScene(),
      views[1]!,
    )
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ pocket: 17, ballPocket: 17, landed: true })
    runtime.destroy()
    await settle()
  })

  it('mounts, spins and is destroyed 100 times, leaving nothing behind', async () => {
    await expectNothingLeftAfter100Cycles<RouletteView>(env, {
      createScene: () => new RouletteScene(),
      views: () => views,
      frames: { count: 3, ms: 400 },
      resize: { afterView: 1, width: 360, height: 320 },
      // The scene really built its wheel (37 numbers) this cycle.
      minDisplayObjects: 37,
      listensToPixi: false,
    })
  }, 120_000)
})
