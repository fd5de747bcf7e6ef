import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import kitEn from '../../../../locales/en/kit.json'
import type { Minor } from '../../../engine/money'
import type { InstantMultiplier } from '../protocol'
import { i18nTestEnv } from '../../testing/i18n'
import { InstantBetPanel, type InstantAutobetMount } from './InstantBetPanel'
import { useInstantSettings } from '../../ui/instantSettings'
// The panel loads the auto-bet form when its tab first shows; in the module graph already, it
// mounts at once here however busy the machine is.
import './InstantAutoBetPanel'

i18nTestEnv({ en: { kit: kitEn } })

beforeEach(() => useInstantSettings.setState({ instantPlay: false, hotkeys: true }))

/** A game's params: its best outcome pays `times` the stake. */
interface Odds {
  times: number
}
const rules = { maxPayout: (p: Odds, amount: Minor) => Math.floor(amount * p.times) as Minor }

/** The kit's panel around a game whose odds the test sets, in RUB (limits 1 – 10,000). */
function Panel({
  times,
  withRules = true,
  autobet,
}: {
  times: number
  withRules?: boolean
  autobet?: InstantAutobetMount<Odds>
}) {
  const [amount, setAmount] = useState('10.00')
  return (
    <InstantBetPanel<Odds>
      game="dice"
      currency="RUB"
      guestNote="guest"
      locale="en"
      amountText={amount}
      onAmountText={setAmount}
      multiplier={(times * 10_000) as InstantMultiplier}
      busy={false}
      canBet
      onBet={vi.fn()}
      error={null}
      {...(withRules ? { rules, params: { times } } : {})}
      {...(autobet ? { autobet } : {})}
    />
  )
}

const amount = () => (screen.getByTestId('dice.amount-input') as HTMLInputElement).value
const press = (code: string) => act(() => void fireEvent.keyDown(window, { code, key: code }))

describe('the instant panel at the maximum payout', () => {
  it('stops Max and its hotkey at the largest stake whose best outcome fits, and shows it', () => {
    render(<Panel times={9900} />)
    fireEvent.click(screen.getByTestId('dice.amount-max'))
    expect(amount()).toBe('505.05')
    fireEvent.click(screen.getByTestId('dice.amount-min'))
    expect(amount()).toBe('1.00')
    press('KeyF')
    expect(amount()).toBe('505.05')
    expect(screen.getByTestId('dice.amount-ceiling').textContent).toBe(
      'Largest bet at these odds: ₽505.05, as one bet pays at most ₽5,000,000',
    )
  })

  it('keeps the maximum bet and no ceiling line when every stake fits', () => {
    render(<Panel times={2} />)
    press('KeyF')
    expect(amount()).toBe('10000.00')
    expect(screen.queryByTestId('dice.amount-ceiling')).toBeNull()
  })

  it('keeps the maximum bet for a game that gives no rules', () => {
    render(<Panel times={9900} withRules={false} />)
    fireEvent.click(screen.getByTestId('dice.amount-max'))
    expect(amount()).toBe('10000.00')
  })
})

describe('the instant panel with auto-bet', () => {
  const control = {
    status: {
      running: false,
      played: 0,
      bets: null,
      started: false,
      net: 0,
      amount: null,
      stopReason: null,
    },
    onStart: vi.fn(),
    onStop: vi.fn(),
  }
  it('loads the auto-bet form when its tab first shows, and keeps what was typed in it', async () => {
    render(<Panel times={2} autobet={{ control, params: { times: 2 }, paramsValid: () => true }} />)
    // Not with the page: the form mounts (and in a build, loads) when the Auto tab first shows.
    expect(screen.queryByTestId('dice.autobet.bets')).toBeNull()
    fireEvent.click(screen.getByTestId('dice.mode.auto'))
    const bets = (await screen.findByTestId('dice.autobet.bets')) as HTMLInputElement
    fireEvent.change(bets, { target: { value: '25' } })
    fireEvent.click(screen.getByTestId('dice.mode.manual'))
    fireEvent.click(screen.getByTestId('dice.mode.auto'))
    expect((screen.getByTestId('dice.autobet.bets') as HTMLInputElement).value).toBe('25')
  })
})
