import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOOLTIP_HIDE_DELAY_MS, TOOLTIP_SHOW_DELAY_MS, Tooltip } from './Tooltip'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('Tooltip', () => {
  it('shows after 200 ms, hides 150 ms after leaving, and describes its trigger', () => {
    render(
      <Tooltip content="Bonus: 10" theme="regdep-tooltip">
        <button type="button">balance</button>
      </Tooltip>,
    )
    const trigger = screen.getByText('balance')
    const tip = screen.getByRole('tooltip', { hidden: true })
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id)
    expect(tip.className).toContain('regdep-tooltip')

    fireEvent.mouseEnter(trigger.parentElement as HTMLElement)
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS - 1))
    expect(tip.hidden).toBe(true)
    act(() => vi.advanceTimersByTime(1))
    expect(tip.hidden).toBe(false)

    fireEvent.mouseLeave(trigger.parentElement as HTMLElement)
    act(() => vi.advanceTimersByTime(TOOLTIP_HIDE_DELAY_MS - 1))
    expect(tip.hidden).toBe(false)
    act(() => vi.advanceTimersByTime(1))
    expect(tip.hidden).toBe(true)
  })

  it('shows on keyboard focus and hides on Escape', () => {
    render(
      <Tooltip content="18+">
        <button type="button">age</button>
      </Tooltip>,
    )
    fireEvent.focus(screen.getByText('age'))
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS))
    const tip = screen.getByRole('tooltip')
    expect(tip.className).toContain('gray-tooltip')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(tip.hidden).toBe(true)
  })
})
