import { describe, expect, it, vi } from 'vitest'
import { lazyModule } from '../lazyModule'
import { KIT_SOUNDS } from './effects'
import { createSoundPlayer, type SoundEngine } from './soundPlayer'

function setUp(initial: { muted?: boolean; volume?: number; hidden?: boolean } = {}) {
  const played: { effect: readonly unknown[]; volume: number }[] = []
  const engine: SoundEngine = { play: (effect, volume) => played.push({ effect, volume }) }
  const load = vi.fn(async () => engine)
  const state = { muted: false, volume: 0.5, hidden: false, ...initial }
  let gesture: (() => void) | null = null
  const player = createSoundPlayer({
    engine: lazyModule(load),
    page: { hidden: () => state.hidden, onFirstGesture: (listener) => (gesture = listener) },
    settings: () => state,
  })
  player.arm()
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { player, played, load, state, gesture: () => gesture?.(), flush }
}

describe('soundPlayer', () => {
  it('is silent, and loads no engine, until the first gesture', async () => {
    const { player, played, load, flush } = setUp()
    player.play('bet')
    await flush()
    expect(played).toEqual([])
    expect(load).not.toHaveBeenCalled()
  })

  it('loads the engine at the first gesture and plays at the set volume', async () => {
    const { player, played, load, gesture, flush } = setUp({ volume: 0.3 })
    gesture()
    expect(load).toHaveBeenCalledTimes(1)
    await flush()
    player.play('win')
    expect(played).toEqual([{ effect: KIT_SOUNDS.win, volume: 0.3 }])
  })

  it('plays a game its own effect', async () => {
    const { player, played, gesture, flush } = setUp()
    gesture()
    await flush()
    const spin = [0.4, 0, 300] as const
    player.play(spin)
    expect(played.at(-1)?.effect).toBe(spin)
  })

  it('plays nothing muted, at volume 0, or in a hidden tab', async () => {
    const { player, played, gesture, state, flush } = setUp()
    gesture()
    await flush()
    state.muted = true
    player.play('loss')
    state.muted = false
    state.volume = 0
    player.play('loss')
    state.volume = 1
    state.hidden = true
    player.play('loss')
    expect(played).toEqual([])
    state.hidden = false
    player.play('loss')
    expect(played).toHaveLength(1)
  })

  it('does not load the engine at a gesture while muted, and loads it at the first sound after', async () => {
    const { player, played, load, gesture, state, flush } = setUp({ muted: true })
    gesture()
    expect(load).not.toHaveBeenCalled()
    state.muted = false
    player.play('tick')
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(played).toEqual([{ effect: KIT_SOUNDS.tick, volume: 0.5 }])
  })
})
