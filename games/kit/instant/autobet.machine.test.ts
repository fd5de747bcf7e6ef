import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { Minor } from '../../engine/money'
import {
  createInstantAutobetMachine,
  instantAutobetSettingsValid,
  nextAmount,
  scaleStakes,
  type InstantAutobetEmitted,
  type InstantAutobetSettings,
} from './autobet.machine'

/** A stand-in game: its params are a number the game accepts when positive. */
type Params = { target: number }
const paramsValid = (p: Params) => p.target > 0
const machine = createInstantAutobetMachine<Params>({ id: 'testAutobet', paramsValid })
const LIMITS = { min: 100 as Minor, max: 10_000 as Minor }

const settings = (over: Partial<InstantAutobetSettings<Params>> = {}) => ({
  bets: 10,
  amount: 1000 as Minor,
  onWin: { kind: 'reset' as const },
  onLoss: { kind: 'reset' as const },
  stopOnProfit: null,
  stopOnLoss: null,
  params: { target: 50 },
  limits: LIMITS,
  ...over,
})

/** Starts a run; the fake round answers each emitted bet by `win` or `lose`. */
function start(over: Partial<InstantAutobetSettings<Params>> = {}) {
  const actor = createActor(machine).start()
  const bets: InstantAutobetEmitted<Params>[] = []
  actor.on('placeBet', (event) => bets.push(event))
  actor.send({ type: 'START', settings: settings(over) })
  const last = () => bets.at(-1)?.amount ?? 0
  const win = (payout = last() * 2) =>
    actor.send({ type: 'RESULT', stake: last() as Minor, payout: payout as Minor })
  const lose = () => actor.send({ type: 'RESULT', stake: last() as Minor, payout: 0 as Minor })
  const ctx = () => actor.getSnapshot().context
  const value = () => actor.getSnapshot().value
  return { actor, bets, win, lose, ctx, value, amounts: () => bets.map((b) => b.amount) }
}

describe('instant auto-bet machine', () => {
  it('bets at once with the params, one bet per answer, and stops after the set count', () => {
    const a = start({ bets: 3 })
    expect(a.bets).toEqual([{ type: 'placeBet', amount: 1000, params: { target: 50 } }])
    a.win()
    a.lose()
    expect(a.bets).toHaveLength(3)
    a.lose()
    expect(a.value()).toBe('off')
    expect(a.ctx()).toMatchObject({ played: 3, net: -1000, stopReason: 'bets' })
    expect(a.bets).toHaveLength(3)
  })

  it('plays on without a count until something stops it', () => {
    const a = start({ bets: null })
    for (let i = 0; i < 250; i++) a.lose()
    expect(a.value()).toEqual({ on: 'betting' })
    expect(a.ctx().played).toBe(250)
    a.actor.send({ type: 'STOP' })
    a.lose()
    expect(a.ctx()).toMatchObject({ played: 251, stopReason: 'player' })
  })

  it('changes the amount on a loss and resets it on a win (martingale), within the limits', () => {
    const a = start({ onLoss: { kind: 'increase', bp: 10_000 } })
    a.lose()
    a.lose()
    a.lose()
    a.lose() // 16000 would be above the 10000 maximum
    a.win()
    expect(a.amounts()).toEqual([1000, 2000, 4000, 8000, 10_000, 1000])
  })

  it('changes the amount on a win and resets it on a loss', () => {
    const a = start({ onWin: { kind: 'decrease', bp: 5000 }, onLoss: { kind: 'reset' } })
    a.win()
    a.win()
    a.win()
    a.win() // 125 → 62.5 is below the 100 minimum
    a.lose()
    expect(a.amounts()).toEqual([1000, 500, 250, 125, 100, 1000])
  })

  it('stops on profit and on loss once the net reaches the threshold', () => {
    const profit = start({ stopOnProfit: 1500 as Minor })
    profit.win() // +1000
    expect(profit.value()).toEqual({ on: 'betting' })
    profit.win(1500) // +500: +1500
    expect(profit.ctx()).toMatchObject({ stopReason: 'profit', played: 2, net: 1500 })
    expect(profit.bets).toHaveLength(2)

    const loss = start({ stopOnLoss: 2000 as Minor })
    loss.lose()
    loss.lose()
    expect(loss.ctx()).toMatchObject({ stopReason: 'loss', played: 2, net: -2000 })
  })

  it.each(['balance', 'limit', 'error', 'offline'] as const)(
    'stops on a refused bet (%s), counting nothing',
    (because) => {
      const a = start()
      a.win()
      a.actor.send({ type: 'BET_REFUSED', because })
      expect(a.value()).toBe('off')
      expect(a.ctx()).toMatchObject({ stopReason: because, played: 1, net: 1000 })
    },
  )

  it.each([
    ['STOP', 'player'],
    ['DISCONNECTED', 'offline'],
    ['HIDDEN', 'hidden'],
  ] as const)('on %s waits for the bet in flight, counts it, and stops (%s)', (type, reason) => {
    const a = start()
    a.actor.send({ type })
    expect(a.value()).toEqual({ on: 'finishing' })
    a.win()
    expect(a.value()).toBe('off')
    expect(a.ctx()).toMatchObject({ stopReason: reason, played: 1, net: 1000 })
    expect(a.bets).toHaveLength(1)
    // The first reason stands when the bet in flight is then refused.
    const b = start()
    b.actor.send({ type })
    b.actor.send({ type: 'BET_REFUSED', because: 'offline' })
    expect(b.ctx()).toMatchObject({ stopReason: reason, played: 0 })
  })

  it('refuses settings it cannot run, and a new start clears the last run', () => {
    const valid = (over: Partial<InstantAutobetSettings<Params>>) =>
      instantAutobetSettingsValid(settings(over), paramsValid)
    expect(valid({})).toBe(true)
    expect(valid({ bets: 0 })).toBe(false)
    expect(valid({ bets: 1.5 })).toBe(false)
    expect(valid({ amount: 99 as Minor })).toBe(false)
    expect(valid({ amount: 10_001 as Minor })).toBe(false)
    expect(valid({ onWin: { kind: 'increase', bp: 0 } })).toBe(false)
    expect(valid({ onLoss: { kind: 'decrease', bp: 10_000 } })).toBe(false)
    expect(valid({ stopOnProfit: 0 as Minor })).toBe(false)
    expect(valid({ params: { target: 0 } })).toBe(false)
    const actor = createActor(machine).start()
    actor.send({ type: 'START', settings: settings({ bets: 0 }) })
    expect(actor.getSnapshot().value).toBe('off')

    const a = start({ bets: 1 })
    a.lose()
    a.actor.send({ type: 'START', settings: settings({ bets: 2 }) })
    expect(a.ctx()).toMatchObject({ played: 0, net: 0, stopReason: null, amount: 1000 })
  })
})

describe('nextAmount', () => {
  it('rounds half up to a whole minor unit and clamps into the limits', () => {
    const wide = { min: 1 as Minor, max: 1_000_000 as Minor }
    const up = (current: number, bp: number) =>
      nextAmount(current as Minor, 1 as Minor, { kind: 'increase', bp }, wide)
    expect(up(100, 50)).toBe(101) // 100.5 → 101
    expect(up(100, 49)).toBe(100) // 100.49 → 100: too small a change to move
    expect(up(333, 10_000)).toBe(666)
    expect(nextAmount(101 as Minor, 1 as Minor, { kind: 'decrease', bp: 5000 }, wide)).toBe(51)
    expect(nextAmount(700_000 as Minor, 1 as Minor, { kind: 'increase', bp: 10_000 }, wide)).toBe(
      1_000_000,
    )
    expect(nextAmount(7 as Minor, 5 as Minor, { kind: 'reset' }, wide)).toBe(5)
  })
})

describe('scaleStakes', () => {
  const limits = { min: 100 as Minor, max: 10_000 as Minor }
  const scale = (parts: number[], kind: 'increase' | 'decrease', bp: number) =>
    scaleStakes(parts as Minor[], { kind, bp }, limits)

  it('rounds each chip half up to a whole minor unit, as a bet amount is', () => {
    expect(scale([101, 225, 1000], 'increase', 5_000)).toEqual([152, 338, 1500]) // 151.5, 337.5
    expect(scale([1001, 999], 'decrease', 5_000)).toEqual([501, 500]) // 500.5, 499.5
    expect(scale([300], 'increase', 10)).toEqual([300]) // 300.3: too small a change to move
  })

  it('keeps every chip at least the minimum bet', () => {
    expect(scale([150, 400], 'decrease', 5_000)).toEqual([100, 200]) // 75 → 100
    expect(scale([100, 100], 'decrease', 9_999)).toEqual([100, 100])
  })

  it('gives nothing when the total would pass the maximum bet', () => {
    expect(scale([2_500, 2_500], 'increase', 10_000)).toEqual([5_000, 5_000]) // exactly the max
    expect(scale([2_500, 2_501], 'increase', 10_000)).toBeNull()
    expect(scale(Array<number>(101).fill(100), 'decrease', 5_000)).toBeNull() // 101 minimum chips
  })
})
