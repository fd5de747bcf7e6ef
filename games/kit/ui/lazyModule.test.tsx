import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { lazyModule, useLazyModule } from './lazyModule'

describe('a module loaded on demand', () => {
  it('loads once for every reader, and not before one asks', async () => {
    const load = vi.fn(async () => ({ answer: 42 }))
    const lazy = lazyModule(load)
    expect(load).not.toHaveBeenCalled()
    const first = renderHook(() => useLazyModule(lazy))
    expect(first.result.current.status).toBe('loading')
    await waitFor(() => expect(first.result.current.status).toBe('ready'))
    const second = renderHook(() => useLazyModule(lazy))
    // Already loaded: ready in the first render, no second fetch.
    expect(second.result.current).toMatchObject({ status: 'ready', module: { answer: 42 } })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('shows a failed load, and loads again on retry', async () => {
    const load = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ answer: 7 })
    const lazy = lazyModule(load)
    const { result } = renderHook(() => useLazyModule(lazy))
    await waitFor(() => expect(result.current.status).toBe('failed'))
    act(() => result.current.retry())
    expect(result.current.status).toBe('loading')
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'ready', module: { answer: 7 } }),
    )
    expect(load).toHaveBeenCalledTimes(2)
  })
})
