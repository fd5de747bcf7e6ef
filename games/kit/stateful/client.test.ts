import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { Minor } from '../../engine/money'
import { towerServer } from '../testing/towerClient'
import { towerLogic } from '../testing/towerGame'
import { statefulClient } from './client'
import { defineStatefulGame } from './define'
import { cashOutProfit, nextProfit, stakeCapOf } from './money'

// The test tower under a real limits group's id: the client derives everything from the two.
const game = defineStatefulGame({
  id: 'coinflip',
  service: 'coinflip',
  logic: () => Promise.resolve(towerLogic),
})

describe('statefulClient', () => {
  it('derives the wire, the machine and its actors, and maps stream messages to events', async () => {
    const client = statefulClient(game, towerLogic)
    expect(client.wire.game).toBe('coinflip')
    expect(client.roundMachine.id).toBe('coinflipRound')
    const server = towerServer('client-seed-s', 'client-seed-c')
    const actors = client.commandActors({
      request: async (name, payload) => server.answer(name, payload),
    })
    const actor = createActor(client.roundMachine.provide({ actors }), {
      input: { currency: 'RUB', balance: 10_000 as Minor },
    })
    actor.start()
    actor.send(client.eventFromStream('connect', { recovered: false, clockOffset: 0 }))
    actor.send(client.eventFromStream('snapshot', server.snapshot()))
    actor.send({
      type: 'OPEN',
      key: 'key-open-0001' as never,
      amount: 100 as Minor,
      params: { floors: 3 },
    })
    const open = await waitFor(actor, (snapshot) => !snapshot.matches('opening'))
    expect(open.value).toBe('open')
    expect(() => client.eventFromStream('snapshot', { type: 'snapshot' })).toThrow(/malformed/)
  })
})

describe('stateful money', () => {
  const stake = stakeCapOf({ amount: 100 as Minor, currency: 'RUB' })

  it('shows the profit of a cash-out now and of the next step, capped', () => {
    expect(nextProfit(stake, 14_850)).toBe(48)
    expect(nextProfit({ amount: 100 as Minor, cap: 1_000 as Minor }, 990_000)).toBe(900)
    expect(cashOutProfit({ amount: 100 as Minor, multiplier: 22_275, payout: 222 as Minor })).toBe(
      122,
    )
    expect(cashOutProfit({ amount: 100 as Minor, multiplier: 0, payout: 0 as Minor })).toBeNull()
  })

  it('gives the next multiplier from the public view only', () => {
    const next = towerLogic.nextMultiplier
    expect(next?.({ floors: 2, played: [] })).toBe(14_850)
    expect(next?.({ floors: 2, played: [{ door: 0, trap: 1 }] })).toBe(22_275)
    expect(next?.({ floors: 1, played: [{ door: 0, trap: 1 }] })).toBeNull()
  })
})
