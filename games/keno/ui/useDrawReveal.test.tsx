import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DRAW_MS, useDrawReveal } from './useDrawReveal'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const reveal = (instant = false) =>
  renderHook(({ betId }: { betId: string | null }) => useDrawReveal(betId, 10, instant), {
    initialProps: { betId: null as string | null },
  })

describe('useDrawReveal', () => {
  it('shows the ten numbers one every DRAW_MS, and again for a bet after the draw is shown', () => {
    const { result, rerender } = reveal()
    expect(result.current).toBe(0)
    rerender({ betId: 'b-1' })
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(DRAW_MS * 3))
    expect(result.current).toBe(3)
    act(() => vi.advanceTimersByTime(DRAW_MS * 20))
    expect(result.current).toBe(10)
    rerender({ betId: 'b-2' })
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(DRAW_MS))
    expect(result.current).toBe(1)
  })

  it('shows at once a bet that follows the last before its draw would be shown (auto-bet)', () => {
    const { result, rerender } = reveal()
    rerender({ betId: 'b-1' })
    act(() => vi.advanceTimersByTime(DRAW_MS * 2))
    rerender({ betId: 'b-2' })
    expect(result.current).toBe(10)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('shows the whole draw at once with instant play', () => {
    const { result, rerender } = reveal(true)
    rerender({ betId: 'b-1' })
    expect(result.current).toBe(10)
    expect(vi.getTimerCount()).toBe(0)
  })
})
