import { describe, expect, it } from 'vitest'
import { BUILD_POLL_MS, ownBuildId, startBuildWatch, type BuildWatchHost } from './buildWatch'

function page() {
  const listeners = new Set<() => void>()
  const timers: { run: () => void; ms: number }[] = []
  const host: BuildWatchHost & { visibilityState: DocumentVisibilityState } = {
    visibilityState: 'visible',
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  }
  return {
    host,
    listeners,
    timers,
    setInterval: (run: () => void, ms: number) => timers.push({ run, ms }),
    clearInterval: (handle: unknown) => timers.splice(Number(handle) - 1, 1),
    tick: () => timers.forEach((timer) => timer.run()),
    show: () => listeners.forEach((listener) => listener()),
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the build watch', () => {
  it("takes the client's id from its entry chunk, and none from the dev server", () => {
    expect(ownBuildId('https://casino.test/assets/index-Ab12.js')).toBe('assets/index-Ab12.js')
    expect(ownBuildId('http://localhost:5173/src/main.tsx')).toBeNull()
  })

  it('tells each newly deployed id once, polling every minute and when the tab comes back', async () => {
    const p = page()
    const answers = ['assets/index-1.js', 'assets/index-2.js', 'assets/index-2.js']
    const asked: number[] = []
    const told: string[] = []
    const stop = startBuildWatch({
      current: 'assets/index-1.js',
      latest: () => {
        asked.push(asked.length)
        const id = answers.shift()
        return id ? Promise.resolve({ id }) : Promise.reject(new Error('offline'))
      },
      onUpdate: (id) => told.push(id),
      host: p.host,
      setInterval: p.setInterval,
      clearInterval: p.clearInterval,
    })
    expect(p.timers.map((timer) => timer.ms)).toEqual([BUILD_POLL_MS])

    p.tick()
    await settle()
    expect(told).toEqual([])
    p.show()
    await settle()
    expect(told).toEqual(['assets/index-2.js'])
    p.tick()
    await settle()
    expect(told).toEqual(['assets/index-2.js'])
    // A failed poll is silent.
    p.tick()
    await settle()
    expect(asked).toHaveLength(4)

    // A hidden tab asks nothing.
    p.host.visibilityState = 'hidden'
    p.tick()
    p.show()
    await settle()
    expect(asked).toHaveLength(4)

    stop()
    expect(p.timers).toEqual([])
    expect(p.listeners.size).toBe(0)
  })
})
