import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_ANIMATION_MS, TOAST_LIFE_MS, showToast, useToasts } from './toasts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  useToasts.setState({ toasts: [] })
})

describe('toasts', () => {
  it('live 3000 ms, then leave with a 300 ms animation', () => {
    showToast({ kind: 'success', title: 'Saved' })
    expect(useToasts.getState().toasts).toMatchObject([{ title: 'Saved', leaving: false }])
    vi.advanceTimersByTime(TOAST_LIFE_MS - 1)
    expect(useToasts.getState().toasts[0]?.leaving).toBe(false)
    vi.advanceTimersByTime(1)
    expect(useToasts.getState().toasts[0]?.leaving).toBe(true)
    vi.advanceTimersByTime(TOAST_ANIMATION_MS)
    expect(useToasts.getState().toasts).toEqual([])
  })

  it('can be dismissed early, and keep their lines', () => {
    const id = showToast({ kind: 'error', title: 'Error', lines: ['a', 'b'] })
    showToast({ kind: 'info', title: 'Other' })
    useToasts.getState().dismiss(id)
    vi.advanceTimersByTime(TOAST_ANIMATION_MS)
    expect(useToasts.getState().toasts).toMatchObject([{ title: 'Other' }])
    expect(TOAST_LIFE_MS).toBe(3000)
  })
})
