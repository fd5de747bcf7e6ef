import { GraphicsContext, type Graphics } from 'pixi.js'
import { describe, expect, it, vi } from 'vitest'
import { createFakePlatform, settle } from '../../engine/canvas/testing/fakePlatform'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
  startScene,
} from '../../engine/canvas/testing/sceneLifecycle'
import { boardLayout } from './board'
import { KenoScene } from './KenoScene'
import { tileStates, type KenoView } from './kenoView'

const env = sceneTestEnv(800, 460)
const DRAWN = [7, 33, 2, 19, 40, 1, 25, 12, 30, 8]
const picks = [1, 2, 3, 4, 5]
const at = (revealed: number, betId = 'b-1'): KenoView => ({
  picks,
  drawn: DRAWN,
  revealed,
  betId,
  result: { text: '2 hits: 1.40x', won: true },
})

/** A player's round as the scene sees it: picks, the draw arriving one by one, a new bet at once. */
const VIEWS: readonly KenoView[] = [
  { picks: [], drawn: [], revealed: 0, betId: null, result: null },
  { picks, drawn: [], revealed: 0, betId: null, result: null },
  at(1),
  at(5),
  at(10),
  at(10, 'b-2'),
]

describe('KenoScene', () => {
  it('lights the drawn numbers as they arrive, then shows the result', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new KenoScene(),
      VIEWS[1]!,
    )
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ picks, drawn: [], result: null })
    runtime.setSnapshot(at(3))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ drawn: [7, 33, 2], settled: false, result: null })
    for (let t = 0; t < 400; t += 50) app.ticker.tick(50)
    expect(scene!.inspect()).toMatchObject({ revealed: 3, settled: true })
    runtime.setSnapshot(at(10))
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ drawn: DRAWN, result: '2 hits: 1.40x' })
    runtime.destroy()
    await settle()
  })

  it('colours the tiles for a draw without drawing a shape again', async () => {
    const { runtime, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new KenoScene(),
      VIEWS[1]!,
    )
    app.ticker.tick(16)
    const clears = vi.spyOn(GraphicsContext.prototype, 'clear')
    const tile = (n: number) => app.stage.getChildByLabel(`keno.tile-${n}`, true) as Graphics
    const ring = (n: number) => tile(n).parent!.children[1]!
    runtime.setSnapshot(at(3))
    for (let t = 0; t < 10; t++) app.ticker.tick(50)
    runtime.setSnapshot(at(10))
    for (let t = 0; t < 10; t++) app.ticker.tick(50)
    runtime.setSnapshot(at(3, 'b-2'))
    app.ticker.tick(16)
    // The new bet shows 7, 33 and 2: 2 a hit, 7 a miss, 3 picked and not drawn, 19 not yet.
    expect(tile(2).tint).toBe(0x22d47b)
    expect(ring(2).alpha).toBe(1)
    expect(tile(7).tint).toBe(0x5a2333)
    expect(ring(7).alpha).toBe(0)
    expect(tile(3).tint).toBe(0x6a4cff)
    expect(tile(19).tint).toBe(0x283049)
    // Two rounds and a result: shapes are drawn for a layout only (the result's pill once).
    expect(clears.mock.calls.length).toBeLessThanOrEqual(2)
    clears.mockRestore()
    runtime.destroy()
    await settle()
  })

  it('lights the tiles without a pulse when the player asks for reduced motion', async () => {
    const { runtime, scene, app } = await startScene(
      env.element,
      createFakePlatform({ reducedMotion: true }),
      () => new KenoScene(),
      at(10),
    )
    app.ticker.tick(16)
    expect(scene!.inspect()).toMatchObject({ revealed: 10, settled: true })
    runtime.destroy()
    await settle()
  })

  it('mounts, draws a round and is destroyed 100 times, leaving nothing behind', async () => {
    await expectNothingLeftAfter100Cycles<KenoView>(env, {
      createScene: () => new KenoScene(),
      views: () => VIEWS,
      frames: { count: 4, ms: 100 },
      resize: { afterView: 2, width: 351, height: 300 },
      // 40 tiles, each a container and its shape.
      minDisplayObjects: 80,
      listensToPixi: false,
    })
  }, 120_000)
})

describe('keno board layout and tile states', () => {
  it('fits 8 × 5 square tiles between the top bar and the result band over the pay table', () => {
    for (const [w, h] of [
      [800, 460],
      [351, 360],
      [1100, 460],
    ] as const) {
      const layout = boardLayout(w, h)
      const { tiles, box } = layout
      expect(tiles).toHaveLength(40)
      expect(box.x).toBeGreaterThanOrEqual(12)
      expect(box.x + box.width).toBeLessThanOrEqual(w - 12)
      expect(box.y).toBeGreaterThanOrEqual(44)
      expect(layout.result.y).toBeGreaterThan(box.y + box.height)
      expect(layout.result.y + layout.result.height).toBeLessThanOrEqual(h - 60)
      expect(tiles[7]!.y).toBe(tiles[0]!.y)
      expect(tiles[8]!.x).toBe(tiles[0]!.x)
      expect(tiles[39]!.x + tiles[39]!.size).toBe(box.x + box.width)
    }
    expect(boardLayout(351, 360).tiles[0]!.size).toBeGreaterThanOrEqual(32)
  })

  it('marks picks, misses and hits of the revealed draws only', () => {
    const states = tileStates({ picks: [1, 2, 3], drawn: [2, 9, 3], revealed: 2 })
    expect(states.slice(0, 3)).toEqual(['picked', 'hit', 'picked'])
    expect(states[8]).toBe('drawn')
    expect(states.filter((s) => s !== 'idle')).toHaveLength(4)
  })
})
