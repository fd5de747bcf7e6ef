import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { Minor } from '../engine/money'
import {
  autobetMachine,
  autobetSettingsValid,
  type AutobetEmitted,
  type AutobetSettings,
} from './autobet.machine'
import type { RoundId } from './protocol'
import type { Multiplier } from './rules'

const settings = (over: Partial<AutobetSettings> = {}): AutobetSettings => ({
  rounds: 3,
  amount: 1000 as Minor,
  autoCashoutAt: 200 as Multiplier,
  stopOnProfit: null,
  stopOnLoss: null,
  ...over,
})

function start(over: Partial<AutobetSettings> = {}) {
  const actor = createActor(autobetMachine).start()
  const bets: AutobetEmitted[] = []
  actor.on('placeBet', (event) => bets.push(event))
  actor.send({ type: 'START', settings: settings(over) })
  const open = (id: string) => actor.send({ type: 'ROUND_OPEN', roundId: id as RoundId })
  const result = (win: number) =>
    actor.send({ type: 'RESULT', stake: 1000 as Minor, win: win as Minor })
  return { actor, bets, open, result, ctx: () => actor.getSnapshot().context }
}

describe('autobet machine', () => {
  it('bets once per opened round and stops after the set number of rounds', () => {
    const a = start()
    a.open('1')
    a.open('1') // a repeated betting event (resync) must not bet twice
    expect(a.bets).toEqual([{ type: 'placeBet', roundId: '1', amount: 1000, autoCashoutAt: 200 }])
    a.result(2000)
    a.open('2')
    a.result(0)
    a.open('3')
    a.result(0)
    expect(a.actor.getSnapshot().value).toBe('off')
    expect(a.ctx()).toMatchObject({ played: 3, net: -1000, stopReason: 'rounds' })
    a.open('4')
    expect(a.bets).toHaveLength(3)
  })

  it('stops on profit once the net result reaches the threshold', () => {
    const a = start({ rounds: 100, stopOnProfit: 1500 as Minor })
    a.open('1')
    a.result(2000) // +1000
    expect(a.actor.getSnapshot().value).toEqual({ on: 'waitingForRound' })
    a.open('2')
    a.result(1500) // +1500 total
    expect(a.ctx()).toMatchObject({ stopReason: 'profit', played: 2, net: 1500 })
  })

  it('stops on loss once the net loss reaches the threshold', () => {
    const a = start({ rounds: 100, stopOnLoss: 2000 as Minor })
    a.open('1')
    a.result(0)
    a.open('2')
    a.result(0)
    expect(a.ctx()).toMatchObject({ stopReason: 'loss', net: -2000 })
  })

  it('stops when the player says so or a bet is refused, telling a low balance apart', () => {
    const a = start()
    a.actor.send({ type: 'STOP' })
    expect(a.ctx().stopReason).toBe('player')
    expect(a.actor.getSnapshot().matches('off')).toBe(true)
    const b = start()
    b.open('1')
    b.actor.send({ type: 'BET_REFUSED', because: 'error' })
    expect(b.ctx().stopReason).toBe('error')
    const c = start()
    c.open('1')
    c.actor.send({ type: 'BET_REFUSED', because: 'balance' })
    expect(c.ctx()).toMatchObject({ stopReason: 'balance', played: 0, net: 0 })
  })

  it('ignores a refusal or a result while no bet is in flight', () => {
    const a = start()
    a.actor.send({ type: 'BET_REFUSED', because: 'error' })
    a.result(2000)
    expect(a.actor.getSnapshot().matches({ on: 'waitingForRound' })).toBe(true)
    expect(a.ctx()).toMatchObject({ played: 0, net: 0, stopReason: null })
  })

  it('starts a fresh run after one ended, with the counters reset', () => {
    const a = start({ rounds: 1 })
    a.open('1')
    a.result(0)
    expect(a.ctx()).toMatchObject({ stopReason: 'rounds', played: 1, net: -1000 })
    a.actor.send({ type: 'START', settings: settings({ rounds: 2 }) })
    expect(a.actor.getSnapshot().matches({ on: 'waitingForRound' })).toBe(true)
    expect(a.ctx()).toMatchObject({ stopReason: null, played: 0, net: 0, lastRound: null })
  })

  it('refuses settings outside 1 to 100 rounds or with non-positive amounts and thresholds', () => {
    expect(autobetSettingsValid(settings({ rounds: 100 }))).toBe(true)
    expect(autobetSettingsValid(settings({ rounds: 101 }))).toBe(false)
    expect(autobetSettingsValid(settings({ rounds: 0 }))).toBe(false)
    expect(autobetSettingsValid(settings({ amount: 0 as Minor }))).toBe(false)
    expect(autobetSettingsValid(settings({ stopOnLoss: 0 as Minor }))).toBe(false)
    expect(autobetSettingsValid(settings({ stopOnProfit: -5 as Minor }))).toBe(false)
    expect(autobetSettingsValid(settings({ rounds: 2.5 }))).toBe(false)
    expect(autobetSettingsValid(settings({ autoCashoutAt: 100 as Multiplier }))).toBe(false)
    expect(autobetSettingsValid(settings({ autoCashoutAt: null }))).toBe(true)
    const a = start({ rounds: 500 })
    expect(a.actor.getSnapshot().value).toBe('off')
  })
})
