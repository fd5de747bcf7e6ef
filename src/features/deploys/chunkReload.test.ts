import { describe, expect, it } from 'vitest'
import {
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_MS,
  isChunkLoadError,
  reloadForChunkError,
  type ChunkReloadHost,
} from './chunkReload'

function host(start = 1_000_000) {
  const stored = new Map<string, string>()
  const assigned: string[] = []
  const page: ChunkReloadHost & { time: number } = {
    time: start,
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    now: () => page.time,
    assign: (href) => void assigned.push(href),
  }
  return { page, stored, assigned }
}

describe('chunk-load errors', () => {
  it('are told apart by the messages of Chromium, Firefox, Safari and Vite', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/dice-1.js',
      'error loading dynamically imported module: https://x/assets/dice-1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/dice-1.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true)
    }
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
    expect(isChunkLoadError({ message: 'Failed to fetch dynamically imported module' })).toBe(false)
  })

  it('reload at the target address once, and not again within the 10 s guard', () => {
    const { page, stored, assigned } = host()
    expect(reloadForChunkError('https://x/kz/games/dice', page)).toBe(true)
    expect(assigned).toEqual(['https://x/kz/games/dice'])
    expect(stored.get(RELOAD_GUARD_KEY)).toBe(String(page.time))

    page.time += RELOAD_GUARD_MS - 1
    expect(reloadForChunkError('https://x/kz/games/dice', page)).toBe(false)
    expect(assigned).toHaveLength(1)

    page.time += 1
    expect(reloadForChunkError('https://x/faq', page)).toBe(true)
    expect(assigned).toEqual(['https://x/kz/games/dice', 'https://x/faq'])
  })

  it('do not reload where no guard can be kept', () => {
    const { page, assigned } = host()
    const refusing: ChunkReloadHost = {
      ...page,
      storage: {
        getItem: () => {
          throw new Error('SecurityError')
        },
        setItem: () => {},
      },
    }
    expect(reloadForChunkError('https://x/', refusing)).toBe(false)
    expect(assigned).toEqual([])
  })
})
