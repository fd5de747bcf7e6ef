import { describe, expect, it } from 'vitest'
import { floatCursor, type FloatCursor } from '../engine/fairness'
import { MAX_BET_PAYOUT, type Minor } from '../engine/money'
import { statefulWireOf } from '../kit/stateful/protocol'
import { STATEFUL_PROTOCOL_VERSION } from '../kit/stateful/protocol'
import { coinflipGame } from './game'
import {
  coinflipAutoLogic,
  coinflipLogic,
  coinflipNextMultiplier,
  coinflipStatefulRules as rules,
  type CoinflipState,
  type CoinflipView,
} from './protocol'
import { coinflipMultiplier, flip, MAX_FLIPS, sideOf, type Side } from './rules'

const wire = statefulWireOf(coinflipGame, coinflipLogic)
const v = STATEFUL_PROTOCOL_VERSION
const other = (side: Side): Side => (side === 'heads' ? 'tails' : 'heads')

/** The sides a round on this seed pair and nonce flips, as its steps will draw them. */
function sidesOf(nonce: number, n: number): Side[] {
  const cursor = floatCursor('server', 'client', nonce)
  return Array.from({ length: n }, () => sideOf(cursor.next()))
}

/** Plays `calls` through the adapter as the kit does: one shared cursor from the opening. */
function play(calls: readonly Side[], cursor: FloatCursor) {
  let state: CoinflipState = rules.open({}, cursor)
  const outcomes = []
  for (const call of calls) {
    expect(rules.stepRefusal(state, { call })).toBeNull()
    const result = rules.step(state, { call }, cursor)
    state = result.state
    outcomes.push(result.outcome)
    if (rules.phase(state) !== 'open') break
  }
  return { state, outcomes }
}

/** A round as an ack carries it, with `view`, `steps` and `reveal` from the adapter. */
function roundOf(state: CoinflipState, ended: boolean) {
  const steps = state.flips.map((f, i) => ({
    step: i + 1,
    action: { call: f.call },
    outcome: { side: f.side, won: f.call === f.side },
    multiplier: f.call === f.side ? coinflipMultiplier(i + 1) : 0,
    time: 10 + i,
  }))
  return {
    roundId: 'b-1',
    amount: 100,
    currency: 'RUB',
    params: {},
    status: ended ? (state.lost ? 'lost' : 'won') : 'open',
    step: steps.length,
    multiplier: rules.multiplier(state),
    payout: 0,
    view: rules.view(state),
    steps,
    endReason: ended ? (state.lost ? 'lost' : 'complete') : null,
    reveal: ended ? rules.reveal(state) : null,
    nonce: 3,
    serverSeedHash: 'a'.repeat(64),
    clientSeed: 'client',
    openedAt: 1,
  }
}

describe('coinflip on the stateful wire', () => {
  it('parses an open round’s view, and an ended round with its reveal', () => {
    const sides = sidesOf(3, 3)
    const open = play(sides.slice(0, 2), floatCursor('server', 'client', 3)).state
    const ack = { type: 'ok', v, balance: null, round: roundOf(open, false) }
    const parsed = wire.parseAck('step', ack)
    expect(parsed).toEqual(ack)
    expect(parsed.type === 'ok' && parsed.round.view).toEqual({
      flips: [
        { call: sides[0], side: sides[0] },
        { call: sides[1], side: sides[1] },
      ],
      streak: 2,
    })
    const lost = play([...sides.slice(0, 2), other(sides[2]!)], floatCursor('server', 'client', 3))
    const ended = { type: 'ok', v, balance: 900, round: roundOf(lost.state, true) }
    expect(wire.parseAck('step', ended)).toEqual(ended)
    expect(lost.state.lost && rules.reveal(lost.state)).toEqual({ sides })
  })

  it('refuses a view carrying anything but the flips and the streak (a future flip)', () => {
    const round = roundOf(rules.open({}, floatCursor('s', 'c', 0)), false)
    const leaky = { ...round, view: { ...round.view, next: 'heads' } }
    expect(() => wire.parseAck('step', { type: 'ok', v, balance: null, round: leaky })).toThrow()
    expect(() =>
      wire.parseAck('step', {
        type: 'ok',
        v,
        balance: null,
        round: { ...round, view: { flips: [], streak: 21 } },
      }),
    ).toThrow()
  })

  it('takes only a call as a step, and nothing at the opening', () => {
    const step = { type: 'step', v, key: 'key-12345', roundId: 'b-1', step: 0 }
    expect(wire.parseCommand('step', { ...step, action: { call: 'tails' } })).not.toBeNull()
    expect(wire.parseCommand('step', { ...step, action: { call: 'edge' } })).toBeNull()
    expect(wire.parseCommand('step', { ...step, action: { call: 'heads', n: 2 } })).toBeNull()
    const open = { type: 'open', v, key: 'key-12345', amount: 100, currency: 'RUB' }
    expect(wire.parseCommand('open', { ...open, params: {} })).not.toBeNull()
    expect(wire.parseCommand('open', { ...open, params: { flips: 3 } })).toBeNull()
  })
})

describe('coinflip’s stateful rules (the adapter of rules.ts)', () => {
  it('gives each step the multiplier rules.ts’s flip gives, flip after flip', () => {
    const stake = { amount: 100 as Minor, cap: MAX_BET_PAYOUT.RUB }
    for (let nonce = 0; nonce < 200; nonce++) {
      const calls: Side[] = Array.from({ length: 6 }, (_, i) => (i % 2 ? 'tails' : 'heads'))
      const floats = floatCursor('seed', 'client', nonce)
      const cursor = floatCursor('seed', 'client', nonce)
      let state = rules.open({}, cursor)
      let streak = 0
      for (const call of calls) {
        const expected = flip(streak, call, floats.next(), stake)
        const { state: next, outcome } = rules.step(state, { call }, cursor)
        state = next
        expect(outcome).toEqual({ side: expected.side, won: expected.end !== 'wrong' })
        expect(rules.multiplier(state)).toBe(expected.multiplier)
        streak = expected.streak
        if (expected.end === 'wrong') break
      }
      expect(cursor.consumed).toBe(floats.consumed)
    }
  })

  it('loses on a wrong call: no multiplier, no further step', () => {
    const [first] = sidesOf(7, 1)
    const { state, outcomes } = play([other(first!)], floatCursor('server', 'client', 7))
    expect(outcomes).toEqual([{ side: first, won: false }])
    expect(rules.phase(state)).toBe('lost')
    expect(rules.multiplier(state)).toBe(0)
    expect(rules.stepRefusal(state, { call: 'heads' })).not.toBeNull()
    expect(coinflipNextMultiplier(rules.view(state))).toBeNull()
  })

  it('completes after 20 correct calls at 0.99 × 2^20', () => {
    const sides = sidesOf(11, MAX_FLIPS)
    const { state } = play(sides, floatCursor('server', 'client', 11))
    expect(state.streak).toBe(MAX_FLIPS)
    expect(rules.phase(state)).toBe('complete')
    expect(rules.multiplier(state)).toBe(10_380_902_400)
    expect(rules.stepRefusal(state, { call: 'heads' })).not.toBeNull()
    expect(rules.reveal(state)).toEqual({ sides })
  })

  it('opens with nothing drawn and no cash-out; the next call pays 0.99 × 2^(n+1)', () => {
    const cursor = floatCursor('s', 'c', 0)
    const state = rules.open({}, cursor)
    expect(cursor.consumed).toBe(0)
    expect(rules.multiplier(state)).toBe(0)
    const view = (streak: number): CoinflipView => ({
      flips: Array.from({ length: streak }, () => ({ call: 'heads', side: 'heads' })),
      streak,
    })
    expect([0, 1, 2].map((n) => coinflipNextMultiplier(view(n)))).toEqual([19_800, 39_600, 79_200])
    expect(coinflipNextMultiplier(view(MAX_FLIPS))).toBeNull()
    expect(coinflipLogic.nextMultiplier).toBe(coinflipNextMultiplier)
  })

  it('plays its auto-bet as the instant logic of the same rules', () => {
    const auto = coinflipAutoLogic
    expect(coinflipLogic.auto).toBe(coinflipAutoLogic)
    const sides = sidesOf(5, 3)
    const params = auto.params.parse({ calls: sides })
    const result = auto.rules.settle(params, 100 as Minor, floatCursor('server', 'client', 5))
    expect(auto.outcome.parse(result.outcome)).toEqual({ sides })
    expect(result.multiplier).toBe(79_200)
    expect(auto.describe(result.outcome)).toBe(`flips ${sides.join(' ')}`)
    expect(() => auto.params.parse({ calls: [] })).toThrow()
    expect(auto.fair.params?.({ calls: 'heads,up' })).toHaveProperty('error')
  })
})
