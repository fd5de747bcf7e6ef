import { describe, expect, it, vi } from 'vitest'
import { BundleRegistry } from './BundleRegistry'
import type { AssetBundle } from './Scene'
import { FakeAssets, settle } from './testing/fakePlatform'

const CARDS: AssetBundle = { name: 'cards', assets: { ace: 'ace.png' } }
const CHIPS: AssetBundle = { name: 'chips', assets: [{ alias: 'chip', src: 'chip.png' }] }

describe('BundleRegistry', () => {
  it('loads a bundle for its first user and unloads it after its last', async () => {
    const assets = new FakeAssets()
    const load = vi.spyOn(assets, 'loadBundle')
    const registry = new BundleRegistry(assets)
    await registry.acquire([CARDS, CHIPS])
    await registry.acquire([CARDS])
    expect(load.mock.calls.map(([name]) => name)).toEqual(['cards', 'chips'])
    expect(registry.users('cards')).toBe(2)

    registry.release([CARDS, CHIPS])
    await settle()
    expect([...assets.loaded.keys()]).toEqual(['cards'])
    registry.release([CARDS])
    await settle()
    expect(assets.loaded.size).toBe(0)
    expect(assets.liveTextures).toBe(0)
    expect(registry.users('cards')).toBe(0)
  })

  it('waits for an unload in flight before loading the bundle again', async () => {
    const assets = new FakeAssets()
    const registry = new BundleRegistry(assets)
    const order: string[] = []
    const unload = assets.unloadBundle.bind(assets)
    assets.unloadBundle = async (name) => {
      await settle()
      await unload(name)
      order.push(`unload ${name}`)
    }
    const load = assets.loadBundle.bind(assets)
    assets.loadBundle = async (name) => {
      const result = await load(name)
      order.push(`load ${name}`)
      return result
    }
    await registry.acquire([CARDS])
    registry.release([CARDS])
    await registry.acquire([CARDS])
    expect(order).toEqual(['load cards', 'unload cards', 'load cards'])
    // The texture handed out by the second load is alive: the earlier unload did not hit it.
    expect(assets.texture('cards').destroyed).toBe(false)
  })

  it('unloads a bundle released while its load is still running, once the load ends', async () => {
    const assets = new FakeAssets()
    assets.holdLoads = true
    const registry = new BundleRegistry(assets)
    const acquired = registry.acquire([CARDS])
    await settle()
    registry.release([CARDS])
    assets.pendingLoads[0]?.resolve()
    await acquired
    await settle()
    expect(assets.loaded.size).toBe(0)
    expect(assets.liveTextures).toBe(0)
  })

  it('lets a failed load reject its users and still load on the next acquire', async () => {
    const assets = new FakeAssets()
    const registry = new BundleRegistry(assets)
    const load = assets.loadBundle.bind(assets)
    assets.loadBundle = vi.fn().mockRejectedValueOnce(new Error('404')).mockImplementation(load)
    await expect(registry.acquire([CARDS])).rejects.toThrow('404')
    registry.release([CARDS])
    await registry.acquire([CARDS])
    expect(assets.loaded.has('cards')).toBe(true)
  })

  it('loads Assets given as a loader with the first bundle, once, and again after a failure', async () => {
    const assets = new FakeAssets()
    const loadAssets = vi
      .fn<() => Promise<FakeAssets>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(assets)
    const registry = new BundleRegistry(loadAssets)
    await registry.acquire([])
    expect(loadAssets).not.toHaveBeenCalled()

    await expect(registry.acquire([CARDS])).rejects.toThrow('chunk failed')
    registry.release([CARDS])
    await registry.acquire([CARDS, CHIPS])
    registry.release([CHIPS])
    await settle()
    expect(loadAssets).toHaveBeenCalledTimes(2)
    expect([...assets.loaded.keys()]).toEqual(['cards'])
  })

  it('throws on a release without an acquire, which is a bug in the caller', () => {
    const registry = new BundleRegistry(new FakeAssets())
    expect(() => registry.release([CARDS])).toThrow('[Canvas] bundle "cards" released')
  })
})
