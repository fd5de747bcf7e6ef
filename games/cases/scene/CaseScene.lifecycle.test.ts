import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakePlatform, settle } from '../../engine/canvas/testing/fakePlatform'
import {
  expectNothingLeftAfter100Cycles,
  sceneTestEnv,
  startScene,
} from '../../engine/canvas/testing/sceneLifecycle'
import type { Minor } from '../../engine/money'
import type { CaseTable } from '../rules'
import { CaseScene } from './CaseScene'
import { STOP_CELL, openingView, restingView, type CaseView } from './caseView'

const name = { en: 'x', ru: 'x', kz: 'x' }
const TABLE: CaseTable = {
  currency: 'RUB',
  items: [
    { id: 'a', name, value: 1 as Minor, rarity: 'common', tickets: 60_000 },
    { id: 'b', name, value: 5 as Minor, rarity: 'rare', tickets: 39_000 },
    { id: 'c', name, value: 50 as Minor, rarity: 'legendary', tickets: 1_000 },
  ],
}
const labelOf = (i: number) => ['Feather', 'Серебряное кольцо', 'Гауһар'][i]!
/** A fixed float sequence, so the filler cells are the same every run. */
function floats() {
  let n = 0
  return () => (((n++ * 0.618_033_988_75) % 1) + 1) % 1
}

/** The case at rest, one opening, a five-case opening and a quick open. */
const VIEWS: readonly CaseView[] = [
  restingView(TABLE, labelOf),
  openingView(TABLE, [2], labelOf, floats(), 'b1', false),
  openingView(TABLE, [0, 1, 2, 0, 1], labelOf, floats(), 'b2', false),
  openingView(TABLE, [1, 1, 0], labelOf, floats(), 'b3', true),
]

const env = sceneTestEnv(800, 300)

/**
 * jsdom has no 2D canvas: the cell pictures draw into this stand-in, which keeps the names
 * written (one `fillText` per picture drawn) and accepts every other call and setting.
 */
let written: string[] = []
beforeEach(() => {
  written = []
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) =>
      key === 'fillText'
        ? (text: string) => written.push(text)
        : key in target
          ? target[key]
          : () => {},
  })
  // `getContext` is overloaded per context type: the stand-in serves the 2D one.
  const getContext = () => context
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    getContext as unknown as HTMLCanvasElement['getContext'],
  )
})
afterEach(() => vi.restoreAllMocks())

describe('CaseScene', () => {
  it('stops each strip on the drawn item, its fillers drawn from the table', () => {
    const view = openingView(TABLE, [2, 0], labelOf, floats(), 's', false)
    expect(view.strips.map((s) => s.cells[STOP_CELL]!.label)).toEqual(['Гауһар', 'Feather'])
    expect(view.strips[0]!.cells[STOP_CELL]!.rarity).toBe('legendary')
    for (const strip of view.strips) {
      for (const cell of strip.cells)
        expect(['Feather', 'Серебряное кольцо', 'Гауһар']).toContain(cell.label)
    }
  })

  it('draws each item once per cell size, however many cells and openings show it', async () => {
    const { runtime, app } = await startScene(
      env.element,
      createFakePlatform(),
      () => new CaseScene(),
      VIEWS[0]!,
    )
    app.ticker.tick(16)
    // At rest: one strip, the three items repeated over its cells.
    expect([...written].sort()).toEqual(['Feather', 'Гауһар', 'Серебряное кольцо'])
    written = []
    runtime.setSnapshot(openingView(TABLE, [2], labelOf, floats(), 'o1', false))
    app.ticker.tick(16)
    runtime.setSnapshot(openingView(TABLE, [0], labelOf, floats(), 'o2', false))
    app.ticker.tick(16)
    // Same strip size: the pictures drawn at rest serve both openings.
    expect(written).toEqual([])
    runtime.setSnapshot(openingView(TABLE, [0, 1, 2], labelOf, floats(), 'o3', false))
    app.ticker.tick(16)
    // Three strips are lower: each item is drawn again at the new size, once.
    expect([...written].sort()).toEqual(['Feather', 'Гауһар', 'Серебряное кольцо'])
    runtime.destroy()
    await settle()
  })

  it('mounts, spins a few openings and is destroyed 100 times, leaving nothing behind', async () => {
    await expectNothingLeftAfter100Cycles<CaseView>(env, {
      createScene: () => new CaseScene(),
      views: () => VIEWS,
      frames: { count: 30, ms: 16 },
      resize: { afterView: 1, width: 375, height: 240 },
      minDisplayObjects: 3,
      listensToPixi: true,
    })
  }, 60_000)
})
