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

  it('stops when the player says so or a bet is refused', () => {
    const a = start()
    a.actor.send({ type: 'STOP' })
    expect(a.ctx().stopReason).toBe('player')
    const b = start()
    b.open('1')
    b.actor.send({ type: 'BET_REFUSED' })
    expect(b.ctx().stopReason).toBe('refused')
  })

  it('refuses settings outside 1 to 100 rounds or with non-positive amounts and thresholds', () => {
    expect(autobetSettingsValid(settings({ rounds: 100 }))).toBe(true)
    expect(autobetSettingsValid(settings({ rounds: 101 }))).toBe(false)
    expect(autobetSettingsValid(settings({ rounds: 0 }))).toBe(false)
    expect(autobetSettingsValid(settings({ amount: 0 as Minor }))).toBe(false)
    expect(autobetSettingsValid(settings({ stopOnLoss: 0 as Minor }))).toBe(false)
    const a = start({ rounds: 500 })
    expect(a.actor.getSnapshot().value).toBe('off')
  })
})
