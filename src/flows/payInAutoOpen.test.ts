import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { PAYIN_AUTO_OPEN_MS, startPayInAutoOpen, type AutoOpenUser } from './payInAutoOpen'

const fresh: AutoOpenUser = { id: 1, balance: 0, currency: 'RUB' }

/** A session and a modal slot as small as the scheduler needs. */
function setup(initial: AutoOpenUser | null = null) {
  let user = initial
  let modal: string | null = null
  const listeners = new Set<() => void>()
  const openPayIn = vi.fn(() => {
    modal = 'PayIn'
  })
  const stop = startPayInAutoOpen({
    currentUser: () => user,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    isModalOpen: () => modal !== null,
    openPayIn,
    setTimer: (fire, ms) => setTimeout(fire, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  })
  return {
    openPayIn,
    stop,
    listeners,
    setUser(next: AutoOpenUser | null) {
      user = next
      for (const listener of listeners) listener()
    },
    setModal(name: string | null) {
      modal = name
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('PayIn auto-open', () => {
  it('opens 17 000 ms after a user with balance 0 is seen, not 1 ms sooner', () => {
    const s = setup()
    s.setUser(fresh)
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS - 1)
    expect(s.openPayIn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(s.openPayIn).toHaveBeenCalledTimes(1)
  })

  it('counts from the first sighting of a user already there at start', () => {
    const s = setup(fresh)
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS)
    expect(s.openPayIn).toHaveBeenCalledTimes(1)
  })

  it('does not restart the delay or reopen when the user is fetched again', () => {
    const s = setup(fresh)
    vi.advanceTimersByTime(10_000)
    s.setUser({ ...fresh })
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS - 10_000)
    expect(s.openPayIn).toHaveBeenCalledTimes(1)
    s.setModal(null)
    s.setUser({ ...fresh })
    vi.advanceTimersByTime(10 * PAYIN_AUTO_OPEN_MS)
    expect(s.openPayIn).toHaveBeenCalledTimes(1)
  })

  it('stays closed when another modal is open at that moment', () => {
    const s = setup(fresh)
    s.setModal('Verification')
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS)
    expect(s.openPayIn).not.toHaveBeenCalled()
  })

  it('never opens for a positive balance or a user without a currency', () => {
    const s = setup({ ...fresh, balance: 1 })
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS)
    s.setUser({ ...fresh, currency: null })
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS)
    expect(s.openPayIn).not.toHaveBeenCalled()
  })

  it('is cancelled by a deposit or a log-out during the delay', () => {
    const s = setup(fresh)
    vi.advanceTimersByTime(10_000)
    s.setUser({ ...fresh, balance: 500_00 })
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS)
    expect(s.openPayIn).not.toHaveBeenCalled()

    s.setUser(fresh)
    vi.advanceTimersByTime(10_000)
    s.setUser(null)
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS)
    expect(s.openPayIn).not.toHaveBeenCalled()
  })

  it('gives the user who registers after a log-out their own 17 s', () => {
    const s = setup(fresh)
    vi.advanceTimersByTime(10_000)
    s.setUser({ ...fresh, id: 2 })
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS - 10_000)
    expect(s.openPayIn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(10_000)
    expect(s.openPayIn).toHaveBeenCalledTimes(1)
  })

  it('stops watching when stopped', () => {
    const s = setup(fresh)
    s.stop()
    vi.advanceTimersByTime(PAYIN_AUTO_OPEN_MS)
    expect(s.openPayIn).not.toHaveBeenCalled()
    expect(s.listeners.size).toBe(0)
  })
})
