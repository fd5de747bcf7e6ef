import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import kitEn from '../../../../locales/en/kit.json'
import type { Minor } from '../../../engine/money'
import type { InstantAutobetStopReason } from '../autobet.machine'
import { InstantAutoBetPanel, type InstantAutoBetPanelProps } from './InstantAutoBetPanel'
import type { InstantAutobetStatus } from './useInstantAutobet'
import { i18nTestEnv } from '../../testing/i18n'

i18nTestEnv({ en: { kit: kitEn } })

type Params = { pick: number }
const IDLE: InstantAutobetStatus = {
  running: false,
  played: 0,
  bets: null,
  started: false,
  net: 0,
  amount: null,
  stopReason: null,
}

function renderPanel(status: InstantAutobetStatus = IDLE) {
  const control = { status, onStart: vi.fn(), onStop: vi.fn() }
  const props: InstantAutoBetPanelProps<Params> = {
    game: 'test',
    currency: 'RUB',
    locale: 'en',
    amount: 500 as Minor,
    limits: { min: 100 as Minor, max: 100_000 as Minor },
    params: { pick: 3 },
    paramsValid: (p) => p.pick > 0,
    canStart: true,
    control,
  }
  render(<InstantAutoBetPanel {...props} />)
  return control
}

const field = (id: string) => screen.getByTestId(`test.autobet.${id}`) as HTMLInputElement
const set = (id: string, value: string) => fireEvent.change(field(id), { target: { value } })
const start = () => screen.getByTestId('test.autobet.start') as HTMLButtonElement

describe('InstantAutoBetPanel', () => {
  it('starts an unlimited run that doubles on loss, with the game params and limits', () => {
    const control = renderPanel()
    fireEvent.click(field('unlimited'))
    expect(field('bets').disabled).toBe(true)
    expect(field('on-loss-percent').disabled).toBe(true)
    set('on-loss', 'increase')
    expect(field('on-loss-percent').disabled).toBe(false)
    set('stop-loss', '25')
    fireEvent.click(start())
    expect(control.onStart).toHaveBeenCalledWith({
      bets: null,
      amount: 500,
      onWin: { kind: 'reset' },
      onLoss: { kind: 'increase', bp: 10_000 },
      stopOnProfit: null,
      stopOnLoss: 2500,
      params: { pick: 3 },
      limits: { min: 100, max: 100_000 },
    })
  })

  it('says why a field is invalid and keeps Start disabled', () => {
    renderPanel()
    set('on-win', 'decrease')
    set('on-win-percent', '100')
    expect(start().disabled).toBe(true)
    expect(field('on-win-percent').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('test.autobet.on-win-percent-error').textContent).toBe(
      kitEn.instantAuto.invalidPercent,
    )
    set('on-win-percent', '50')
    set('bets', '0')
    expect(screen.getByTestId('test.autobet.bets-error').textContent).toBe(
      kitEn.instantAuto.invalidBets,
    )
    expect(start().disabled).toBe(true)
  })

  it('shows the progress of a run, locks its fields, and Stop stops it', () => {
    const control = renderPanel({
      ...IDLE,
      running: true,
      started: true,
      played: 3,
      bets: 10,
      net: -300,
      amount: 800 as Minor,
    })
    expect(field('bets').disabled).toBe(true)
    expect(screen.getByTestId('test.autobet.played').textContent).toBe('Bets played: 3 of 10')
    expect(screen.getByTestId('test.autobet.profit').textContent).toBe('Profit: -₽3.00')
    expect(screen.getByTestId('test.autobet.next').textContent).toBe('Next bet: ₽8.00')
    fireEvent.click(screen.getByTestId('test.autobet.stop'))
    expect(control.onStop).toHaveBeenCalledOnce()
  })

  it.each<[InstantAutobetStopReason, string]>([
    ['bets', kitEn.instantAuto.stopped.bets],
    ['profit', kitEn.autobet.stopped.profit],
    ['loss', kitEn.autobet.stopped.loss],
    ['player', kitEn.autobet.stopped.player],
    ['balance', kitEn.autobet.stopped.balance],
    ['limit', kitEn.instantAuto.stopped.limit],
    ['error', kitEn.autobet.stopped.error],
    ['offline', kitEn.instantAuto.stopped.offline],
    ['hidden', kitEn.instantAuto.stopped.hidden],
  ])('tells why the run stopped: %s', (stopReason, text) => {
    renderPanel({ ...IDLE, started: true, played: 2, bets: null, stopReason })
    expect(screen.getByTestId('test.autobet.stop-reason').textContent).toBe(text)
    expect(screen.getByTestId('test.autobet.played').textContent).toBe('Bets played: 2 (unlimited)')
  })
})
