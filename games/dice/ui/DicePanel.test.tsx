import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/dice.json'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import { InstantBetPanel } from '../../kit/instant/ui/InstantBetPanel'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { chanceOf, isValidParams, multiplierFor, type DiceParams } from '../rules'
import { DiceFields } from './DiceFields'
import { DEFAULT_DICE_PARAMS } from './diceFields'
import { i18nTestEnv } from '../../kit/testing/i18n'

i18nTestEnv({ en: { dice: en, kit: kitEn } })

const played: unknown[] = []
vi.mock('../../kit/ui/sound/soundPlayer', () => ({
  soundPlayer: () => ({ arm: () => {}, play: (sound: unknown) => played.push(sound) }),
}))

beforeEach(() => {
  useInstantSettings.setState({ instantPlay: false, hotkeys: true })
  played.length = 0
})

/** The dice panel as the page builds it: the kit's instant panel around dice's fields. */
function Panel({ onBet }: { onBet: (amount: Minor, params: DiceParams) => void }) {
  const [params, setParams] = useState<DiceParams>(DEFAULT_DICE_PARAMS)
  const [amount, setAmount] = useState('10.00')
  const valid = isValidParams(params)
  return (
    <InstantBetPanel
      game="dice"
      currency="RUB"
      guestNote="guest"
      locale="en"
      amountText={amount}
      onAmountText={setAmount}
      multiplier={valid ? multiplierFor(chanceOf(params)) : null}
      busy={false}
      canBet={valid}
      onBet={(value) => onBet(value, params)}
      error={null}
    >
      <DiceFields params={params} onParams={setParams} disabled={false} locale="en" />
    </InstantBetPanel>
  )
}

const field = (name: string) => screen.getByTestId(`dice.${name}`) as HTMLInputElement
const type = (name: string, text: string) =>
  fireEvent.change(field(name), { target: { value: text } })

describe('dice panel', () => {
  it('links the chance to the multiplier and the target as it is typed', () => {
    render(<Panel onBet={vi.fn()} />)
    type('chance', '25')
    expect(field('chance').value).toBe('25')
    expect(field('multiplier').value).toBe('3.9600')
    expect(field('target').value).toBe('75.00')
    expect(screen.getByTestId('dice.profit').textContent).toContain('29.60')
  })

  it('links the multiplier back to the chance and the target', () => {
    render(<Panel onBet={vi.fn()} />)
    type('multiplier', '4')
    expect(field('chance').value).toBe('24.75')
    expect(field('target').value).toBe('75.25')
    fireEvent.blur(field('multiplier'))
    expect(field('multiplier').value).toBe('4.0000')
  })

  it('flips over to under keeping the chance', () => {
    render(<Panel onBet={vi.fn()} />)
    fireEvent.click(screen.getByTestId('dice.direction'))
    expect(screen.getByTestId('dice.direction').dataset.direction).toBe('under')
    expect(field('target').value).toBe('49.50')
    expect(field('chance').value).toBe('49.50')
  })

  it('marks a chance out of range, keeps the last legal bet and its bet button', () => {
    const onBet = vi.fn()
    render(<Panel onBet={onBet} />)
    type('chance', '99')
    expect(field('chance').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('dice.fields-error')).toBeTruthy()
    expect(field('multiplier').value).toBe('2.0000')
    fireEvent.click(screen.getByTestId('dice.bet-button'))
    expect(onBet).toHaveBeenCalledWith(1000, DEFAULT_DICE_PARAMS)
  })

  it('bets with Space and changes the amount with the keys, unless hotkeys are off', () => {
    const onBet = vi.fn()
    render(<Panel onBet={onBet} />)
    fireEvent.keyDown(document.body, { code: 'KeyD', key: 'd' })
    expect(field('amount-input').value).toBe('20.00')
    fireEvent.keyDown(document.body, { code: 'Space', key: ' ' })
    expect(onBet).toHaveBeenCalledWith(2000, DEFAULT_DICE_PARAMS)
    fireEvent.click(screen.getByTestId('dice.hotkeys'))
    fireEvent.keyDown(document.body, { code: 'Space', key: ' ' })
    expect(onBet).toHaveBeenCalledTimes(1)
  })

  it('sounds a bet placed by Space as one placed by the button, and nothing when none is placed', () => {
    const onBet = vi.fn()
    render(<Panel onBet={onBet} />)
    fireEvent.click(screen.getByTestId('dice.bet-button'))
    expect(played).toEqual(['bet'])
    fireEvent.keyDown(document.body, { code: 'Space', key: ' ' })
    expect(onBet).toHaveBeenCalledTimes(2)
    expect(played).toEqual(['bet', 'bet'])
    // No legal amount: Space places nothing and sounds nothing.
    type('amount-input', 'x')
    fireEvent.keyDown(document.body, { code: 'Space', key: ' ' })
    expect(onBet).toHaveBeenCalledTimes(2)
    expect(played).toEqual(['bet', 'bet'])
  })

  it('lists the shortcuts in a dialog', () => {
    render(<Panel onBet={vi.fn()} />)
    fireEvent.click(screen.getByTestId('dice.shortcuts'))
    const dialog = screen.getByTestId('dice.shortcuts-dialog')
    expect(dialog.textContent).toContain('Space')
    expect(dialog.textContent).toContain('Double the amount')
  })
})
