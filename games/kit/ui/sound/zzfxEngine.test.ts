import { describe, expect, it, vi } from 'vitest'

const built: (number | undefined)[][] = []
const played: number[] = []
vi.mock('zzfx', () => ({
  ZZFX: { volume: 0.3, audioContext: { state: 'running', resume: () => Promise.resolve() } },
  zzfx: () => undefined,
  ZZFXSound: class {
    constructor(parameters: (number | undefined)[]) {
      built.push(parameters)
    }
    play(volume = 1) {
      played.push(volume)
    }
  },
}))

describe('the ZzFX engine', () => {
  it('synthesises each effect once and replays it, leaving the effect as it was', async () => {
    const { zzfxEngine } = await import('./zzfxEngine')
    const win = Object.freeze([1, 0.05, 520, 0.02, 0.1])
    const tick = Object.freeze([0.5, 0, 900])
    zzfxEngine.play(win, 0.6)
    zzfxEngine.play(win, 0.3)
    zzfxEngine.play(tick, 1)
    expect(built).toEqual([
      [1, 0.05, 520, 0.02, 0.1],
      [0.5, 0, 900],
    ])
    expect(played).toEqual([0.6, 0.3, 1])
  })
})
