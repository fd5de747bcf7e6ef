import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../i18n'
import { TOAST_ANIMATION_MS, TOAST_LIFE_MS, showToast, useToasts } from '../stores/toasts'
import { Toaster } from './Toaster'

beforeAll(async () => {
  await initI18n('kz')
})
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  act(() => useToasts.setState({ toasts: [] }))
})

describe('Toaster', () => {
  it('announces toasts in a polite live region, errors as alerts, and removes them', () => {
    render(<Toaster />)
    expect(screen.getByTestId('toaster').getAttribute('aria-live')).toBe('polite')
    act(() => {
      showToast({ kind: 'error', title: 'Қате', lines: ['бірінші', 'екінші'] })
    })
    const toast = screen.getByRole('alert')
    expect(toast.textContent).toContain('бірінші')
    expect(toast.textContent).toContain('екінші')
    act(() => vi.advanceTimersByTime(TOAST_LIFE_MS))
    expect(toast.className).toContain('toast--leaving')
    act(() => vi.advanceTimersByTime(TOAST_ANIMATION_MS))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('closes a toast from its translated close button', () => {
    render(<Toaster />)
    act(() => {
      showToast({ kind: 'success', title: 'Сақталды' })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Жабу' }))
    act(() => vi.advanceTimersByTime(TOAST_ANIMATION_MS))
    expect(screen.queryByText('Сақталды')).toBeNull()
  })
})
