import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/crash.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import { adjustAmount, readAmount } from '../../kit/ui/betAmount'
import { readAutoCashout } from './autoCashout'
import { BetPanel, type BetPanelProps } from './BetPanel'
import { i18nTestEnv } from '../../kit/testing/i18n'

i18nTestEnv({ en: { crash: en, kit: kitEn } })

function renderPanel(overrides: Partial<BetPanelProps> = {}) {
  const props: BetPanelProps = {
    player: { currency: 'RUB', balance: 100_000 as Minor },
    state: 'idle',
    phase: 'betting',
    bet: null,
    error: null,
    locale: 'en',
    onBet: vi.fn(),
    onCashOut: vi.fn(),
    onCancel: vi.fn(),
    autobet: {
      status: { running: false, played: 0, rounds: null, net: 0, stopReason: null },
      onStart: vi.fn(),
      onStop: vi.fn(),
    },
    ...overrides,
  }
  render(<BetPanel {...props} />)
  return props
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled
const amountInput = () => screen.getByTestId('crash.amount-input') as HTMLInputElement

describe('bet amount rules', () => {
  it('halves, doubles, and jumps to min and max within the crash limits of the currency', () => {
    expect(adjustAmount(1000 as Minor, 'half', 'RUB', 'crash')).toBe(500)
    expect(adjustAmount(150 as Minor, 'half', 'RUB', 'crash')).toBe(100) // RUB min is 1.00
    expect(adjustAmount(1000 as Minor, 'double', 'RUB', 'crash')).toBe(2000)
    expect(adjustAmount(4_000_000 as Minor, 'double', 'RUB', 'crash')).toBe(5_000_000)
    expect(adjustAmount(null, 'min', 'USD', 'crash')).toBe(1)
    expect(adjustAmount(null, 'max', 'KZT', 'crash')).toBe(25_000_000)
  })

  it('reads typed amounts and auto cash-out targets', () => {
    expect(readAmount('10', 'RUB', 'crash')).toBe(1000)
    expect(readAmount('10,5', 'RUB', 'crash')).toBe(1050)
    expect(readAmount('0.5', 'RUB', 'crash')).toBeNull()
    expect(readAmount('50001', 'RUB', 'crash')).toBeNull()
    expect(readAmount('abc', 'RUB', 'crash')).toBeNull()
    expect(readAutoCashout('')).toBeNull()
    expect(readAutoCashout('2')).toBe(200)
    expect(readAutoCashout('1,5x')).toBe(150)
    expect(readAutoCashout('1')).toBe('invalid')
    expect(readAutoCashout('1.234')).toBe('invalid')
    expect(readAutoCashout('10001')).toBe('invalid')
  })
})

describe('BetPanel', () => {
  it('bets the typed amount and auto cash-out, and Space does the same', () => {
    const props = renderPanel()
    fireEvent.change(amountInput(), { target: { value: '25' } })
    fireEvent.change(screen.getByTestId('crash.auto-input'), { target: { value: '2.5' } })
    fireEvent.click(screen.getByTestId('crash.bet-button'))
    expect(props.onBet).toHaveBeenLastCalledWith(2500, 250)
    fireEvent.keyDown(window, { code: 'Space' })
    expect(props.onBet).toHaveBeenCalledTimes(2)
  })

  it('applies the amount buttons to the field', () => {
    renderPanel()
    expect(amountInput().value).toBe('10.00')
    fireEvent.click(screen.getByTestId('crash.amount-double'))
    expect(amountInput().value).toBe('20.00')
    fireEvent.click(screen.getByTestId('crash.amount-half'))
    fireEvent.click(screen.getByTestId('crash.amount-half'))
    expect(amountInput().value).toBe('5.00')
    fireEvent.click(screen.getByTestId('crash.amount-max'))
    expect(amountInput().value).toBe('50000.00')
    fireEvent.click(screen.getByTestId('crash.amount-min'))
    expect(amountInput().value).toBe('1.00')
  })

  it('refuses an amount outside the limits with a message and a disabled button', () => {
    const props = renderPanel()
    fireEvent.change(amountInput(), { target: { value: '0.5' } })
    expect(screen.getByTestId('crash.amount-error').textContent).toContain('₽1.00')
    expect(isDisabled(screen.getByTestId('crash.bet-button'))).toBe(true)
    fireEvent.keyDown(window, { code: 'Space' })
    expect(props.onBet).not.toHaveBeenCalled()
  })

  it('disables everything while the bet is being placed', () => {
    renderPanel({ state: 'placing' })
    expect(isDisabled(screen.getByTestId('crash.bet-button'))).toBe(true)
    expect(screen.getByTestId('crash.bet-button').textContent).toBe(en.panel.placing)
    expect(isDisabled(amountInput())).toBe(true)
    expect(screen.queryByTestId('crash.cancel-button')).toBeNull()
  })

  it('offers cancel for a placed bet while betting, and cash-out once running', () => {
    const bet = { amount: 1000 as Minor, cashoutAt: null, win: null }
    const props = renderPanel({ state: 'placed', phase: 'betting', bet })
    expect(isDisabled(screen.getByTestId('crash.cashout-button'))).toBe(true)
    fireEvent.click(screen.getByTestId('crash.cancel-button'))
    expect(props.onCancel).toHaveBeenCalledOnce()
    expect(screen.getByTestId('crash.bet-status').textContent).toBe('Bet placed: ₽10.00')
    cleanupAndRender({ ...props, phase: 'running' })
    expect(screen.queryByTestId('crash.cancel-button')).toBeNull()
    fireEvent.keyDown(window, { code: 'Space' })
    expect(props.onCashOut).toHaveBeenCalledOnce()
  })

  it('shows the win, and bets on the next round while one runs', () => {
    const bet = { amount: 1000 as Minor, cashoutAt: 153 as never, win: 1530 as Minor }
    renderPanel({ state: 'cashedOut', phase: 'running', bet })
    expect(screen.getByTestId('crash.bet-status').textContent).toBe('Cashed out at 1.53x: ₽15.30')
    expect(screen.getByTestId('crash.bet-status').dataset.win).toBe('1530')
    expect(screen.getByTestId('crash.bet-button').textContent).toBe(en.panel.betNext)
    expect(isDisabled(screen.getByTestId('crash.bet-button'))).toBe(false)
  })

  it('lets a queued bet be cancelled and shows errors translated', () => {
    renderPanel({ state: 'queued', phase: 'running', error: 'balance_not_enough' })
    expect(isDisabled(screen.getByTestId('crash.bet-button'))).toBe(true)
    expect(isDisabled(screen.getByTestId('crash.cancel-button'))).toBe(false)
    expect(screen.getByRole('alert').textContent).toBe(kitEn.error.balance_not_enough)
  })

  it('switches between manual and auto with the tabs, and keeps auto while a run is on', () => {
    const props = renderPanel()
    const manual = screen.getByTestId('crash.mode.manual')
    const auto = screen.getByTestId('crash.mode.auto')
    expect(manual.getAttribute('aria-selected')).toBe('true')
    expect(
      screen.getByTestId('crash.autobet').closest<HTMLElement>('[role="tabpanel"]')?.hidden,
    ).toBe(true)
    fireEvent.click(auto)
    expect(auto.getAttribute('aria-selected')).toBe('true')
    expect(screen.queryByTestId('crash.bet-button')).toBeNull()
    expect(
      screen.getByTestId('crash.autobet').closest<HTMLElement>('[role="tabpanel"]')?.hidden,
    ).toBe(false)
    fireEvent.keyDown(auto, { key: 'ArrowLeft' })
    expect(manual.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(manual)

    const running = { running: true, played: 1, rounds: 3, net: -1000, stopReason: null }
    cleanupAndRender({ ...props, autobet: { ...props.autobet, status: running } })
    expect(screen.getByTestId('crash.mode.auto').getAttribute('aria-selected')).toBe('true')
    expect(isDisabled(screen.getByTestId('crash.mode.manual'))).toBe(true)
    expect(isDisabled(amountInput())).toBe(true)
  })

  it('starts auto-bet with the shared amount, and Space in auto mode only cashes out', () => {
    const props = renderPanel()
    fireEvent.click(screen.getByTestId('crash.mode.auto'))
    fireEvent.change(amountInput(), { target: { value: '25' } })
    fireEvent.keyDown(window, { code: 'Space' })
    expect(props.onBet).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('crash.autobet.start'))
    expect(props.autobet.onStart).toHaveBeenCalledWith({
      rounds: 10,
      amount: 2500,
      autoCashoutAt: 200,
      stopOnProfit: null,
      stopOnLoss: null,
    })
    const running = { running: true, played: 0, rounds: 10, net: 0, stopReason: null }
    const bet = { amount: 2500 as Minor, cashoutAt: null, win: null }
    cleanupAndRender({
      ...props,
      state: 'placed',
      phase: 'running',
      bet,
      autobet: { ...props.autobet, status: running },
    })
    expect(screen.queryByTestId('crash.cancel-button')).toBeNull()
    fireEvent.keyDown(window, { code: 'Space' })
    expect(props.onCashOut).toHaveBeenCalledOnce()
  })

  it('does not let auto-bet start beside a manual bet in play, or with a bad amount', () => {
    const bet = { amount: 1000 as Minor, cashoutAt: null, win: null }
    const props = renderPanel({ state: 'placed', phase: 'betting', bet })
    fireEvent.click(screen.getByTestId('crash.mode.auto'))
    expect(isDisabled(screen.getByTestId('crash.autobet.start'))).toBe(true)
    cleanupAndRender({ ...props, state: 'idle', bet: null })
    fireEvent.click(screen.getByTestId('crash.mode.auto'))
    fireEvent.change(amountInput(), { target: { value: '0.5' } })
    expect(isDisabled(screen.getByTestId('crash.autobet.start'))).toBe(true)
    fireEvent.click(screen.getByTestId('crash.autobet.start'))
    expect(props.autobet.onStart).not.toHaveBeenCalled()
  })

  it('gives a guest no controls, only the reason', () => {
    renderPanel({ player: null })
    expect(screen.getByTestId('crash.guest-note').textContent).toBe(en.panel.guest)
    expect(screen.queryByTestId('crash.bet-button')).toBeNull()
    expect(screen.queryByTestId('crash.mode.auto')).toBeNull()
  })
})

function cleanupAndRender(props: BetPanelProps) {
  document.body.innerHTML = ''
  render(<BetPanel {...props} />)
}
