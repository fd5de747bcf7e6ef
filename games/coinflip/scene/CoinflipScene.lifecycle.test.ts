import { describe, expect, it } from 'vitest'
import { createFakePlatform, settle } from '../../engine/canvas/testing/fakePlatform'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
  startScene,
} from '../../engine/canvas/testing/sceneLifecycle'
import type { CoinflipFlip } from '../protocol'
import { MAX_FLIPS, type Side } from '../rules'
import {
  coinLayout,
  CONTROLS_BAND,
  faceAt,
  LAND_MS,
  landingAngle,
  landingTarget,
  restAngle,
} from './coin'
import { CoinflipScene } from './CoinflipScene'
import type { CoinflipSceneView } from './coinflipView'

const env = sceneTestEnv(800, 460)
const faces = { heads: 'HEADS', tails: 'TAILS' }
const view = (
  flips: readonly CoinflipFlip[],
  spinning: Side | null = null,
  extra: Partial<CoinflipSceneView> = {},
): CoinflipSceneView => ({
  roundId: 'r-1',
  flips,
  spinning,
  instant: false,
  faces,
  caption: flips.length ? { text: `×${flips.length}`, tone: 'neutral' } : null,
  ...extra,
})
const right = (side: Side): CoinflipFlip => ({ call: side, side })
const wrong = (side: Side): CoinflipFlip => ({ call: side === 'heads' ? 'tails' : 'heads', side })

/** A round as the scene sees it: a call in flight, its answer, a second call, a loss, a new round. */
const VIEWS: readonly CoinflipSceneView[] = [
  view([]),
  view([], 'tails'),
  view([right('tails')]),
  view([right('tails')], 'heads'),
  view([right('tails'), wrong('tails')], null, {
    caption: { text: 'Tails: wrong', tone: 'lost' },
  }),
  view([], null, { roundId: 'r-2' }),
]

describe('CoinflipScene', () => {
  it('spins while a call is in flight and lands on the drawn side before the row shows it', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new CoinflipScene(),
      view([]),
    )
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ face: 'heads', spinning: false, flips: [] })
    runtime.setSnapshot(view([], 'tails'))
    const seen = new Set<string>()
    for (let t = 0; t < 12; t++) {
      app.ticker.tick(50)
      seen.add(scene!.inspect().face as string)
    }
    // A spinning coin shows both faces.
    expect(seen).toEqual(new Set(['heads', 'tails']))
    expect(scene!.inspect()).toMatchObject({ spinning: true })
    runtime.setSnapshot(view([right('tails')]))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ landing: true, flips: [], caption: null })
    for (let t = 0; t < LAND_MS; t += 50) app.ticker.tick(50)
    expect(scene!.inspect()).toMatchObject({
      landing: false,
      face: 'tails',
      flips: [right('tails')],
      caption: '×1',
    })
    // Nothing moves once landed: the host skips the frame.
    expect(scene!.update(view([right('tails')]), { deltaMS: 16, lastTime: 0 })).toBe(false)
    runtime.destroy()
    await settle()
  })

  it('lands at once with instant play, and shows a resumed round’s flips without a landing', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new CoinflipScene(),
      view([right('heads'), right('tails')], null, { roundId: 'resumed' }),
    )
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ face: 'tails', landing: false })
    expect(scene!.inspect().flips).toHaveLength(2)
    const instant = { roundId: 'resumed', instant: true }
    runtime.setSnapshot(view([right('heads'), right('tails')], 'heads', instant))
    app.ticker.tick(16)
    runtime.setSnapshot(view([right('heads'), right('tails'), wrong('tails')], null, instant))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ face: 'tails', landing: false })
    expect(scene!.inspect().flips).toHaveLength(3)
    runtime.destroy()
    await settle()
  })

  it('keeps the coin still while it waits with reduced motion', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform({ reducedMotion: true }),
      () => new CoinflipScene(),
      view([], 'heads'),
    )
    for (let t = 0; t < 10; t++) app.ticker.tick(50)
    expect(scene!.inspect()).toMatchObject({ face: 'heads' })
    runtime.setSnapshot(view([right('tails')]))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ face: 'tails', landing: false })
    runtime.destroy()
    await settle()
  })

  it('mounts, plays a round and is destroyed 100 times, leaving nothing behind', async () => {
    await expectNothingLeftAfter100Cycles<CoinflipSceneView>(env, {
      createScene: () => new CoinflipScene(),
      views: () => VIEWS,
      frames: { count: 4, ms: 100 },
      resize: { afterView: 2, width: 351, height: 360 },
      // The coin, its two faces (a box, a shape and a word each), the caption and the row.
      minDisplayObjects: 9,
      listensToPixi: false,
    })
  }, 120_000)
})

describe('the coin’s motion and layout', () => {
  it('lands on the side drawn, at least a turn on, easing to a stop', () => {
    for (const from of [0, 1, Math.PI, 5.5]) {
      for (const side of ['heads', 'tails'] as const) {
        const to = landingTarget(from, side)
        expect(to - from).toBeGreaterThanOrEqual(2 * Math.PI)
        expect(to - from).toBeLessThan(4 * Math.PI)
        expect(faceAt(to)).toBe(side)
        expect(landingAngle(from, to, LAND_MS)).toBe(to)
        expect(landingAngle(from, to, 0)).toBe(from)
      }
    }
    expect(faceAt(restAngle('tails'))).toBe('tails')
  })

  it('fits the coin, the caption and 20 chips in the box, on a phone in two rows', () => {
    for (const [w, h] of [
      [800, 460],
      [351, 360],
      [1100, 460],
    ] as const) {
      const { coin, caption, chips, chipRadius } = coinLayout(w, h, MAX_FLIPS)
      expect(chips).toHaveLength(MAX_FLIPS)
      expect(coin.y - coin.radius).toBeGreaterThanOrEqual(44)
      expect(coin.y + coin.radius).toBeLessThan(caption.y)
      expect(caption.y).toBeLessThan(chips[0]!.y - chipRadius)
      for (const chip of chips) {
        expect(chip.x - chipRadius).toBeGreaterThanOrEqual(0)
        expect(chip.x + chipRadius).toBeLessThanOrEqual(w)
        expect(chip.y + chipRadius).toBeLessThanOrEqual(h - CONTROLS_BAND)
      }
    }
    const phone = coinLayout(351, 360, MAX_FLIPS).chips
    expect(phone[10]!.y).toBeGreaterThan(phone[9]!.y)
  })
})
