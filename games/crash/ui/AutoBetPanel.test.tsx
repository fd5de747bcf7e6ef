import { fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/crash.json'
import kitEn from '../../../locales/en/kit.json'
import ru from '../../../locales/ru/crash.json'
import kitRu from '../../../locales/ru/kit.json'
import type { Minor } from '../../engine/money'
import { readAutoBetForm } from '../../kit/ui/autoBetForm'
import { AutoBetPanel, type AutoBetPanelProps, type AutoBetStatus } from '../../kit/ui/AutoBetPanel'
import type { CrashBetParams } from '../autobet.machine'
import { crashAutobetForm } from './autoCashout'
import { i18nTestEnv } from '../../kit/testing/i18n'

i18nTestEnv({ en: { crash: en, kit: kitEn }, ru: { crash: ru, kit: kitRu } })

const IDLE: AutoBetStatus = { running: false, played: 0, rounds: null, net: 0, stopReason: null }

function renderPanel(overrides: Partial<AutoBetPanelProps<CrashBetParams>> = {}) {
  const props: AutoBetPanelProps<CrashBetParams> = {
    game: 'crash',
    params: crashAutobetForm,
    currency: 'RUB',
    locale: 'en',
    amount: 1000 as Minor,
    canStart: true,
    status: IDLE,
    onStart: vi.fn(),
    onStop: vi.fn(),
    ...overrides,
  }
  const view = render(<AutoBetPanel {...props} />)
  const rerender = (next: Partial<AutoBetPanelProps<CrashBetParams>>) =>
    view.rerender(<AutoBetPanel {...props} {...next} />)
  return { props, rerender }
}

const input = (id: string) => screen.getByTestId(`crash.autobet.${id}`) as HTMLInputElement
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } })
const startButton = () => screen.getByTestId('crash.autobet.start') as HTMLButtonElement
const errorOf = (id: string) => screen.getByTestId(`crash.autobet.${id}-error`)

describe('crash in the auto-bet form', () => {
  it('requires an auto cash-out and a valid amount', () => {
    const text = { rounds: '5', autoCashout: '', stopOnProfit: '', stopOnLoss: '' }
    expect(readAutoBetForm(text, 1000 as Minor, 'RUB', crashAutobetForm)).toMatchObject({
      settings: null,
      invalid: { autoCashout: true, rounds: false },
    })
    const good = { ...text, autoCashout: '1.5' }
    expect(readAutoBetForm(good, null, 'RUB', crashAutobetForm).settings).toBeNull()
    expect(readAutoBetForm(good, 1000 as Minor, 'RUB', crashAutobetForm).settings).toEqual({
      rounds: 5,
      amount: 1000,
      autoCashoutAt: 150,
      stopOnProfit: null,
      stopOnLoss: null,
    })
  })
})

describe('AutoBetPanel', () => {
  it('starts with the typed settings, thresholds in minor units', () => {
    const { props } = renderPanel()
    type('rounds', '2')
    type('auto-cashout', '1,5')
    type('stop-profit', '50')
    type('stop-loss', '20.5')
    fireEvent.click(startButton())
    expect(props.onStart).toHaveBeenCalledWith({
      rounds: 2,
      amount: 1000,
      autoCashoutAt: 150,
      stopOnProfit: 5000,
      stopOnLoss: 2050,
    })
  })

  it.each(['0', '101', 'abc', ''])(
    'refuses %j rounds with a message and sends nothing',
    (value) => {
      const { props } = renderPanel()
      type('rounds', value)
      expect(input('rounds').getAttribute('aria-invalid')).toBe('true')
      expect(errorOf('rounds').textContent).toBe(kitEn.autobet.invalidRounds)
      expect(input('rounds').getAttribute('aria-describedby')).toBe(errorOf('rounds').id)
      expect(startButton().disabled).toBe(true)
      fireEvent.click(startButton())
      expect(props.onStart).not.toHaveBeenCalled()
    },
  )

  it('refuses zero or malformed stop amounts and a missing auto cash-out', () => {
    const { props } = renderPanel()
    type('stop-profit', '0')
    expect(errorOf('stop-profit').textContent).toBe(kitEn.autobet.invalidStop)
    type('stop-profit', '')
    expect(errorOf('stop-profit').textContent).toBe('')
    expect(input('stop-profit').getAttribute('aria-describedby')).toBeNull()
    type('stop-loss', '1,2,3')
    expect(errorOf('stop-loss').textContent).toBe(kitEn.autobet.invalidStop)
    type('stop-loss', '')
    type('auto-cashout', '')
    expect(errorOf('auto-cashout').textContent).toBe(en.autobet.invalidAuto)
    type('auto-cashout', '1')
    expect(errorOf('auto-cashout').textContent).toBe(en.autobet.invalidAuto)
    expect(startButton().disabled).toBe(true)
    fireEvent.click(startButton())
    expect(props.onStart).not.toHaveBeenCalled()
    type('auto-cashout', '3')
    expect(startButton().disabled).toBe(false)
  })

  it('cannot start while the game says no (a manual bet in play, offline) or the amount is bad', () => {
    const { rerender } = renderPanel({ canStart: false })
    expect(startButton().disabled).toBe(true)
    rerender({ canStart: true, amount: null })
    expect(startButton().disabled).toBe(true)
    rerender({ canStart: true, amount: 1000 as Minor })
    expect(startButton().disabled).toBe(false)
  })

  it('shows the live counters while running, locks the fields, and stops', () => {
    const running: AutoBetStatus = {
      running: true,
      played: 1,
      rounds: 3,
      net: 530,
      stopReason: null,
    }
    const { props, rerender } = renderPanel({ status: running })
    expect(screen.queryByTestId('crash.autobet.start')).toBeNull()
    expect(input('rounds').disabled).toBe(true)
    expect(screen.getByTestId('crash.autobet.played').textContent).toBe('Rounds played: 1 of 3')
    expect(screen.getByTestId('crash.autobet.left').textContent).toBe('Rounds left: 2')
    expect(screen.getByTestId('crash.autobet.profit').textContent).toBe('Profit: +₽5.30')
    fireEvent.click(screen.getByTestId('crash.autobet.stop'))
    expect(props.onStop).toHaveBeenCalledOnce()

    rerender({ status: { ...running, played: 2, net: -470 } })
    expect(screen.getByTestId('crash.autobet.left').textContent).toBe('Rounds left: 1')
    expect(screen.getByTestId('crash.autobet.profit').textContent).toBe('Profit: -₽4.70')
    expect(screen.getByTestId('crash.autobet.profit').dataset.net).toBe('-470')
  })

  it.each([
    ['rounds', kitEn.autobet.stopped.rounds],
    ['profit', kitEn.autobet.stopped.profit],
    ['loss', kitEn.autobet.stopped.loss],
    ['balance', kitEn.autobet.stopped.balance],
    ['player', kitEn.autobet.stopped.player],
    ['error', kitEn.autobet.stopped.error],
  ] as const)('says why a run stopped: %s', (reason, text) => {
    renderPanel({ status: { running: false, played: 2, rounds: 2, net: 0, stopReason: reason } })
    const stopped = screen.getByTestId('crash.autobet.stop-reason')
    expect(stopped.textContent).toBe(text)
    expect(stopped.dataset.reason).toBe(reason)
    expect(screen.getByRole('status').contains(stopped)).toBe(true)
    expect(startButton().disabled).toBe(false)
  })

  it('speaks Russian, with amounts in the Russian format', async () => {
    await i18next.changeLanguage('ru')
    try {
      renderPanel({
        locale: 'ru',
        status: { running: false, played: 2, rounds: 2, net: 150_000, stopReason: 'profit' },
      })
      expect(screen.getByTestId('crash.autobet.stop-reason').textContent).toBe(
        kitRu.autobet.stopped.profit,
      )
      expect(screen.getByTestId('crash.autobet.profit').textContent).toBe(
        'Прибыль: +1\u00a0500,00\u00a0₽',
      )
      expect(screen.getByLabelText(kitRu.autobet.rounds)).toBe(input('rounds'))
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
