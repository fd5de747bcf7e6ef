import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DRAW_MS, useDrawReveal } from './useDrawReveal'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useDrawReveal', () => {
  it('shows the ten numbers one every DRAW_MS, and starts again for a new bet', () => {
    const { result, rerender } = renderHook(
      ({ betId, skip }: { betId: string | null; skip: boolean }) => useDrawReveal(betId, 10, skip),
      { initialProps: { betId: null as string | null, skip: false } },
    )
    expect(result.current).toBe(0)
    rerender({ betId: 'b-1', skip: false })
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(DRAW_MS * 3))
    expect(result.current).toBe(3)
    act(() => vi.advanceTimersByTime(DRAW_MS * 20))
    expect(result.current).toBe(10)
    rerender({ betId: 'b-2', skip: false })
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(DRAW_MS))
    expect(result.current).toBe(1)
  })

  it('shows the whole draw at once with instant play or an auto-bet run', () => {
    const { result } = renderHook(() => useDrawReveal('b-1', 10, true))
    expect(result.current).toBe(10)
    expect(vi.getTimerCount()).toBe(0)
  })
})
