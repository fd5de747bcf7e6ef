import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_RESOLUTION, capResolution, observeElementSize } from './platform'
import { FakeResizeObserver } from './testing/fakePlatform'

afterEach(() => {
  FakeResizeObserver.live.clear()
  vi.unstubAllGlobals()
})

describe('capResolution', () => {
  it('caps high-density screens at MAX_RESOLUTION and keeps lower ratios', () => {
    expect(MAX_RESOLUTION).toBe(2)
    expect(capResolution(3)).toBe(2)
    expect(capResolution(2.625)).toBe(2)
    expect(capResolution(1.5)).toBe(1.5)
    expect(capResolution(0.9)).toBe(0.9)
  })

  it('falls back to 1 for a missing or nonsensical ratio', () => {
    expect(capResolution(0)).toBe(1)
    expect(capResolution(Number.NaN)).toBe(1)
    expect(capResolution(-2)).toBe(1)
  })
})

describe('observeElementSize', () => {
  it('reports content sizes until disposed, then disconnects its observer', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver)
    const element = document.createElement('div')
    const sizes: unknown[] = []
    const dispose = observeElementSize(element, (size) => sizes.push(size))
    expect(FakeResizeObserver.live.size).toBe(1)
    FakeResizeObserver.resize(element, 320, 200)
    expect(sizes).toEqual([{ width: 320, height: 200 }])
    dispose()
    expect(FakeResizeObserver.live.size).toBe(0)
    FakeResizeObserver.resize(element, 640, 400)
    expect(sizes).toHaveLength(1)
  })
})
