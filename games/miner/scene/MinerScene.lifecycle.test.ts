import { GraphicsContext, type Graphics } from 'pixi.js'
import { describe, expect, it, vi } from 'vitest'
import { createFakePlatform, settle } from '../../engine/canvas/testing/fakePlatform'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
  startScene,
} from '../../engine/canvas/testing/sceneLifecycle'
import { boardLayout } from './board'
import { MinerScene } from './MinerScene'
import { tileFaces, type MinerSceneView } from './minerView'

const env = sceneTestEnv(800, 460)
const BOARD = [4, 12, 20]
const at = (view: Partial<MinerSceneView>, roundId: string | null = 'r-1'): MinerSceneView => ({
  roundId,
  revealed: [],
  hit: [],
  board: null,
  pending: [],
  instant: false,
  result: null,
  ...view,
})

/** A player's round as the scene sees it: a step in flight, gems, a mine, the whole board. */
const VIEWS: readonly MinerSceneView[] = [
  at({}, null),
  at({}),
  at({ pending: [0] }),
  at({ revealed: [0] }),
  at({ revealed: [0, 1, 2] }),
  at({ revealed: [0, 1, 2], pending: [12] }),
  at({ revealed: [0, 1, 2], hit: [12], board: BOARD, result: { text: 'Mine', won: false } }),
  at({}, 'r-2'),
]

/** Draws `ms` of frames of 16 ms. */
const frames = (app: { ticker: { tick(ms: number): unknown } }, ms: number) => {
  for (let t = 0; t < ms; t += 16) app.ticker.tick(16)
}

describe('MinerScene', () => {
  it('flips a gem and a mine over, then shows the whole board and the result', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new MinerScene(),
      at({}),
    )
    frames(app, 16)
    runtime.setSnapshot(at({ pending: [7] }))
    frames(app, 16)
    expect(scene!.inspect().faces).toMatchObject({ 7: 'pending', 8: 'hidden' })
    runtime.setSnapshot(at({ revealed: [7] }))
    frames(app, 16)
    // Still turning: the old face until the flip is half done.
    expect(scene!.inspect()).toMatchObject({ settled: false, faces: { 7: 'pending' } })
    frames(app, 300)
    expect(scene!.inspect()).toMatchObject({ settled: true, faces: { 7: 'gem' } })
    const ended = at({
      revealed: [7],
      hit: [12],
      board: BOARD,
      result: { text: 'Mine on 13', won: false },
    })
    runtime.setSnapshot(ended)
    frames(app, 16)
    expect(scene!.inspect()).toMatchObject({ result: null, settled: false })
    frames(app, 400)
    expect(scene!.inspect()).toMatchObject({ result: 'Mine on 13', settled: true })
    expect(scene!.inspect().faces).toEqual(tileFaces(ended))
    runtime.setSnapshot(at({}, 'r-2'))
    frames(app, 16)
    expect(scene!.inspect()).toMatchObject({ result: null, settled: true, roundId: 'r-2' })
    expect((scene!.inspect().faces as string[]).every((f) => f === 'hidden')).toBe(true)
    runtime.destroy()
    await settle()
  })

  it('changes the faces at once with instant play, and draws no shape again', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new MinerScene(),
      at({ instant: true }),
    )
    frames(app, 16)
    const clears = vi.spyOn(GraphicsContext.prototype, 'clear')
    const tile = (n: number) => app.stage.getChildByLabel(`miner.tile-${n}`, true) as Graphics
    const gem = (n: number) => tile(n).parent!.children[1]!
    const mine = (n: number) => tile(n).parent!.children[2]!
    runtime.setSnapshot(at({ instant: true, revealed: [0, 1] }))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ settled: true, faces: { 0: 'gem', 1: 'gem' } })
    expect(gem(0).alpha).toBe(1)
    const lost = at({
      instant: true,
      revealed: [0, 1],
      hit: [4],
      board: BOARD,
      result: { text: 'Lost', won: false },
    })
    runtime.setSnapshot(lost)
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ settled: true, result: 'Lost' })
    expect(tile(4).tint).toBe(0x4a1522)
    expect(mine(4).alpha).toBe(1)
    expect(mine(12).alpha).toBeCloseTo(0.35)
    expect(gem(12).alpha).toBe(0)
    expect(gem(3).alpha).toBeCloseTo(0.35)
    // Tiles recoloured only: the shapes were drawn for the layout, the result's pill once.
    expect(clears.mock.calls.length).toBeLessThanOrEqual(2)
    clears.mockRestore()
    runtime.destroy()
    await settle()
  })

  it('reveals without a flip when the player asks for reduced motion', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform({ reducedMotion: true }),
      () => new MinerScene(),
      at({}),
    )
    app.ticker.tick(16)
    runtime.setSnapshot(at({ revealed: [3] }))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ settled: true, faces: { 3: 'gem' } })
    runtime.destroy()
    await settle()
  })

  it('mounts, draws a round and is destroyed 100 times, leaving nothing behind', async () => {
    await expectNothingLeftAfter100Cycles<MinerSceneView>(env, {
      createScene: () => new MinerScene(),
      views: () => VIEWS,
      frames: { count: 3, ms: 100 },
      resize: { afterView: 3, width: 351, height: 420 },
      // 25 tiles, each a container, its square and three icons.
      minDisplayObjects: 125,
      listensToPixi: false,
    })
  }, 120_000)
})

describe('miner board layout and tile faces', () => {
  it('fits 5 × 5 square tiles under the top bar, the result across the middle', () => {
    for (const [w, h] of [
      [800, 460],
      [351, 420],
      [1100, 700],
    ] as const) {
      const { tiles, box, result } = boardLayout(w, h)
      expect(tiles).toHaveLength(25)
      expect(box.x).toBeGreaterThanOrEqual(12)
      expect(box.x + box.width).toBeLessThanOrEqual(w - 12)
      expect(box.y).toBeGreaterThanOrEqual(44)
      expect(box.y + box.height).toBeLessThanOrEqual(h)
      expect(tiles[4]!.y).toBe(tiles[0]!.y)
      expect(tiles[5]!.x).toBe(tiles[0]!.x)
      expect(tiles[24]!.x + tiles[24]!.size).toBe(box.x + box.width)
      expect(result.y).toBeGreaterThan(box.y)
      expect(result.y + result.height).toBeLessThan(box.y + box.height)
    }
    expect(boardLayout(351, 420).tiles[0]!.size).toBeGreaterThanOrEqual(44)
  })

  it('shows gems, the mine hit, the step in flight, and the rest dimmed at the end', () => {
    const open = tileFaces({ revealed: [0, 1], hit: [], board: null, pending: [5] })
    expect(open.slice(0, 6)).toEqual(['gem', 'gem', 'hidden', 'hidden', 'hidden', 'pending'])
    const lost = tileFaces({ revealed: [0], hit: [12], board: BOARD, pending: [] })
    expect(lost[0]).toBe('gem')
    expect(lost[12]).toBe('mine')
    expect(lost[4]).toBe('mineDim')
    expect(lost[1]).toBe('gemDim')
    expect(lost.filter((f) => f === 'mineDim')).toHaveLength(2)
  })
})
