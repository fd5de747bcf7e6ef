import { describe, expect, it } from 'vitest'
import type { Minor } from '../../../engine/money'
import {
  INSTANT_AUTOBET_DEFAULTS,
  readBets,
  readInstantAutoBetForm,
  readPercent,
  type InstantAutoBetText,
} from './instantAutoBetForm'

const read = (over: Partial<InstantAutoBetText>, params: { n: number } | null = { n: 1 }) =>
  readInstantAutoBetForm(
    { ...INSTANT_AUTOBET_DEFAULTS, ...over },
    {
      amount: 500 as Minor,
      currency: 'RUB',
      limits: { min: 100 as Minor, max: 1_000_000 as Minor },
      params,
      paramsValid: (p) => p.n > 0,
    },
  )

describe('instant auto-bet form', () => {
  it('reads the defaults into a run of 10 bets that resets the amount', () => {
    expect(read({}).settings).toEqual({
      bets: 10,
      amount: 500,
      onWin: { kind: 'reset' },
      onLoss: { kind: 'reset' },
      stopOnProfit: null,
      stopOnLoss: null,
      params: { n: 1 },
      limits: { min: 100, max: 1_000_000 },
    })
  })

  it('reads unlimited, the percent changes and the stops', () => {
    const { settings } = read({
      bets: 'x',
      unlimited: true,
      onWin: 'decrease',
      onWinPercent: '12,5',
      onLoss: 'increase',
      onLossPercent: '100',
      stopOnProfit: '10.50',
      stopOnLoss: '20',
    })
    expect(settings).toMatchObject({
      bets: null,
      onWin: { kind: 'decrease', bp: 1250 },
      onLoss: { kind: 'increase', bp: 10_000 },
      stopOnProfit: 1050,
      stopOnLoss: 2000,
    })
  })

  it('names each invalid field and starts nothing', () => {
    const bad = read({
      bets: '0',
      onWin: 'decrease',
      onWinPercent: '100',
      onLoss: 'increase',
      onLossPercent: '1.234',
      stopOnProfit: '-1',
      stopOnLoss: 'abc',
    })
    expect(bad.settings).toBeNull()
    expect(bad.invalid).toEqual({
      bets: true,
      onWinPercent: true,
      onLossPercent: true,
      stopOnProfit: true,
      stopOnLoss: true,
    })
    // A percent field does not count while its amount resets.
    expect(read({ onWinPercent: 'x' }).invalid.onWinPercent).toBe(false)
    expect(read({}, null).settings).toBeNull()
  })

  it('reads counts and percentages within their ranges', () => {
    expect(readBets('100000')).toBe(100_000)
    expect(readBets('100001')).toBeNull()
    expect(readBets('1.5')).toBeNull()
    expect(readPercent('1000', 'increase')).toBe(100_000)
    expect(readPercent('1000.01', 'increase')).toBeNull()
    expect(readPercent('99.99', 'decrease')).toBe(9999)
    expect(readPercent('0', 'increase')).toBeNull()
    expect(readPercent('0.01', 'increase')).toBe(1)
  })
})
