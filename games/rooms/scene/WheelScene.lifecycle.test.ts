import { describe, expect, it } from 'vitest'
import { Container } from 'pixi.js'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
} from '../../engine/canvas/testing/sceneLifecycle'
import { DRAW_SPIN_MS } from '../round.machine'
import { WheelScene } from './WheelScene'
import { restingRotation, type WheelView } from './wheelView'

const slices = [
  { first: 0, count: 3, colour: 0, mine: true },
  { first: 3, count: 2, colour: 1, mine: false },
]

/** One round as the wheel sees it, on the clock `now`. */
function roundViews(now: number): WheelView[] {
  const base = {
    roundId: '7',
    tickets: 5,
    slices,
    winningTicket: null,
    winnerSlice: null,
    spinFrom: null,
    countdownEnds: null,
    caption: '',
  } as const satisfies Partial<WheelView>
  return [
    { ...base, phase: 'connecting', tickets: 0, slices: [], caption: 'Connecting' },
    { ...base, phase: 'open', caption: 'Waiting' },
    { ...base, phase: 'countdown', countdownEnds: now + 42_500 },
    { ...base, phase: 'drawing', winningTicket: 4, winnerSlice: 1, spinFrom: now - 1000 },
    {
      ...base,
      phase: 'announced',
      winningTicket: 4,
      winnerSlice: 1,
      spinFrom: now - 9000,
      caption: 'bob wins',
    },
  ]
}

const env = sceneTestEnv(600, 600)

describe('WheelScene', () => {
  it('mounts, draws a whole round and is destroyed 100 times, leaving nothing behind', async () => {
    await expectNothingLeftAfter100Cycles<WheelView>(env, {
      createScene: () => new WheelScene(),
      views: (cycle, fake) => {
        fake.state.now = 1_000_000 + cycle * 20_000
        return roundViews(fake.state.now)
      },
      frames: { count: 3, ms: 16 },
      resize: { afterView: 2, width: 400, height: 300 },
      minDisplayObjects: 4,
      listensToPixi: false,
    })
  }, 60_000)

  it('counts down, spins onto the winning ticket and rings the winner once announced', () => {
    const scene = new WheelScene()
    scene.mount(new Container(), { reducedMotion: false, clock: { now: () => 0 } })
    scene.resize({ width: 600, height: 600, resolution: 1 })
    const [, , countdown, drawing, announced] = roundViews(100_000)
    scene.update(countdown as WheelView, { deltaMS: 16, lastTime: 100_000 })
    expect(scene.inspect()).toMatchObject({ phase: 'countdown', centreText: '43', arcs: 2 })
    scene.update(drawing as WheelView, { deltaMS: 16, lastTime: 100_000 })
    const mid = scene.inspect().rotation as number
    expect(mid).not.toBeCloseTo(restingRotation(4, 5))
    expect(scene.inspect().winnerHighlighted).toBe(false)
    scene.update(announced as WheelView, { deltaMS: 16, lastTime: 100_000 + DRAW_SPIN_MS })
    expect(scene.inspect()).toMatchObject({
      phase: 'announced',
      rotation: restingRotation(4, 5),
      winnerHighlighted: true,
      centreText: 'bob wins',
    })
    scene.destroy()
  })
})
