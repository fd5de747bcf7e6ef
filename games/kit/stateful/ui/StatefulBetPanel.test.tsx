import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import kitEn from '../../../../locales/en/kit.json'
import type { Minor } from '../../../engine/money'
import type { InstantMultiplier } from '../../instant/protocol'
import { i18nTestEnv } from '../../testing/i18n'
import { useInstantSettings } from '../../ui/instantSettings'
import {
  StatefulBetPanel,
  type StatefulBetPanelProps,
  type StatefulPanelPhase,
  type StatefulPanelRound,
} from './StatefulBetPanel'

i18nTestEnv({ en: { kit: kitEn } })

beforeEach(() => useInstantSettings.setState({ instantPlay: false, hotkeys: true }))

/** A round of ₽10 that pays 1.98× now. */
const round: StatefulPanelRound = {
  amount: 1000 as Minor,
  multiplier: 19_800 as InstantMultiplier,
  payout: 1980 as Minor,
}

/** The panel of a miner-like game in RUB (limits 1 – 1,000), its amount kept here. */
function Panel(props: Partial<StatefulBetPanelProps> & { phase: StatefulPanelPhase }) {
  const [amount, setAmount] = useState('10.00')
  return (
    <StatefulBetPanel
      game="miner"
      currency="RUB"
      guestNote="Log in to play"
      locale="en"
      amountText={amount}
      onAmountText={setAmount}
      round={null}
      canBet
      nextProfit={null}
      onBet={vi.fn()}
      onCashOut={vi.fn()}
      error={null}
      {...props}
    />
  )
}

const button = (id: string) => screen.queryByTestId(`miner.${id}`) as HTMLButtonElement | null
const press = (code: string) => act(() => void fireEvent.keyDown(window, { code, key: code }))

describe('the stateful bet panel', () => {
  it('bets the amount between rounds, by the button and by Space', () => {
    const onBet = vi.fn()
    render(<Panel phase="idle" onBet={onBet} />)
    expect(button('cashout-button')).toBeNull()
    fireEvent.click(button('bet-button')!)
    press('Space')
    expect(onBet.mock.calls).toEqual([[1000], [1000]])
  })

  it('waits while the fields make no round, and while the opening is out', () => {
    const onBet = vi.fn()
    const { rerender } = render(<Panel phase="idle" canBet={false} onBet={onBet} />)
    expect(button('bet-button')!.disabled).toBe(true)
    rerender(<Panel phase="opening" onBet={onBet} />)
    expect(button('bet-button')!.disabled).toBe(true)
    expect((screen.getByTestId('miner.amount-input') as HTMLInputElement).disabled).toBe(true)
    press('Space')
    expect(onBet).not.toHaveBeenCalled()
  })

  it('turns Bet into Cash out while a round is open, with what it pays and the profit', () => {
    const onCashOut = vi.fn()
    render(<Panel phase="open" round={round} onCashOut={onCashOut} />)
    expect(button('bet-button')).toBeNull()
    expect(button('cashout-button')!.textContent).toBe('Cash out ₽19.80')
    expect(screen.getByTestId('miner.profit').textContent).toBe('Now 1.98×, profit ₽9.80')
    expect((screen.getByTestId('miner.amount-input') as HTMLInputElement).disabled).toBe(true)
    fireEvent.click(button('cashout-button')!)
    press('KeyC')
    press('Space')
    expect(onCashOut).toHaveBeenCalledTimes(3)
  })

  it('keeps the stake of an open round: the amount keys wait for the next one', () => {
    render(<Panel phase="open" round={round} />)
    press('KeyD')
    expect((screen.getByTestId('miner.amount-input') as HTMLInputElement).value).toBe('10.00')
  })

  it('cannot cash out twice, nor before the round pays anything', () => {
    const onCashOut = vi.fn()
    const { rerender } = render(<Panel phase="stepping" round={round} onCashOut={onCashOut} />)
    expect(button('cashout-button')!.disabled).toBe(true)
    rerender(<Panel phase="cashingOut" round={round} onCashOut={onCashOut} />)
    expect(button('cashout-button')!.disabled).toBe(true)
    const unpaid = { ...round, multiplier: 0 as InstantMultiplier, payout: 0 as Minor }
    rerender(<Panel phase="open" round={unpaid} onCashOut={onCashOut} />)
    expect(button('cashout-button')!.disabled).toBe(true)
    expect(button('cashout-button')!.textContent).toBe('Cash out')
    press('KeyC')
    expect(onCashOut).not.toHaveBeenCalled()
  })

  it("shows the next step's profit when the game gives it", () => {
    const { rerender } = render(<Panel phase="open" round={round} nextProfit={null} />)
    expect(screen.queryByTestId('miner.next-profit')).toBeNull()
    rerender(<Panel phase="open" round={round} nextProfit={2470 as Minor} />)
    expect(screen.getByTestId('miner.next-profit').textContent).toBe('Next step: +₽24.70')
  })

  it("offers the game's random pick while the round waits for a step, by button and R", () => {
    const onPick = vi.fn()
    const { rerender } = render(
      <Panel phase="open" round={round} random={{ onPick, enabled: true }} />,
    )
    fireEvent.click(button('random-pick')!)
    press('KeyR')
    expect(onPick).toHaveBeenCalledTimes(2)
    rerender(<Panel phase="stepping" round={round} random={{ onPick, enabled: true }} />)
    expect(button('random-pick')!.disabled).toBe(true)
    press('KeyR')
    expect(onPick).toHaveBeenCalledTimes(2)
  })

  it("runs the game's own shortcuts by their id", () => {
    const onShortcut = vi.fn()
    render(
      <Panel
        phase="open"
        round={round}
        shortcuts={[{ key: 'H', match: 'KeyH', id: 'heads', label: 'kit:stateful.random' }]}
        onShortcut={onShortcut}
      />,
    )
    press('KeyH')
    expect(onShortcut).toHaveBeenCalledWith('heads')
  })

  it('shows a guest only the note', () => {
    render(<Panel phase="idle" currency={null} />)
    expect(screen.getByTestId('miner.guest-note').textContent).toBe('Log in to play')
    expect(button('bet-button')).toBeNull()
  })
})
