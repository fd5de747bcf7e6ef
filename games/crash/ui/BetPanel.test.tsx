import { fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/crash.json'
import type { Minor } from '../../engine/money'
import { BetPanel, type BetPanelProps } from './BetPanel'
import { adjustAmount, readAmount, readAutoCashout } from './betAmount'

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { crash: en } },
    interpolation: { escapeValue: false },
  })
})

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
    ...overrides,
  }
  render(<BetPanel {...props} />)
  return props
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled
const amountInput = () => screen.getByTestId('crash.amount-input') as HTMLInputElement

describe('bet amount rules', () => {
  it('halves, doubles, and jumps to min and max within the crash limits of the currency', () => {
    expect(adjustAmount(1000 as Minor, 'half', 'RUB')).toBe(500)
    expect(adjustAmount(150 as Minor, 'half', 'RUB')).toBe(100) // RUB min is 1.00
    expect(adjustAmount(1000 as Minor, 'double', 'RUB')).toBe(2000)
    expect(adjustAmount(4_000_000 as Minor, 'double', 'RUB')).toBe(5_000_000)
    expect(adjustAmount(null, 'min', 'USD')).toBe(1)
    expect(adjustAmount(null, 'max', 'KZT')).toBe(25_000_000)
  })

  it('reads typed amounts and auto cash-out targets', () => {
    expect(readAmount('10', 'RUB')).toBe(1000)
    expect(readAmount('10,5', 'RUB')).toBe(1050)
    expect(readAmount('0.5', 'RUB')).toBeNull()
    expect(readAmount('50001', 'RUB')).toBeNull()
    expect(readAmount('abc', 'RUB')).toBeNull()
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
    expect(screen.getByRole('alert').textContent).toBe(en.error.balance_not_enough)
  })

  it('gives a guest no controls, only the reason', () => {
    renderPanel({ player: null })
    expect(screen.getByTestId('crash.guest-note').textContent).toBe(en.panel.guest)
    expect(screen.queryByTestId('crash.bet-button')).toBeNull()
  })
})

function cleanupAndRender(props: BetPanelProps) {
  document.body.innerHTML = ''
  render(<BetPanel {...props} />)
}
