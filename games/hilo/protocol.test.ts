import { describe, expect, it } from 'vitest'
import { CARDS, floatCursor, type FloatCursor } from '../engine/fairness'
import { MAX_BET_PAYOUT, type Minor } from '../engine/money'
import { statefulWireOf } from '../kit/stateful/protocol'
import { STATEFUL_PROTOCOL_VERSION } from '../kit/stateful/protocol'
import { hiloGame } from './game'
import {
  hiloLogic,
  hiloNextMultiplier,
  hiloStatefulRules as rules,
  type HiloMove,
  type HiloView,
} from './protocol'
import { guessMultiplier, MAX_SKIPS, playMove, rankOf, startRound } from './rules'

const card = (label: string) => CARDS.find((c) => c.rank + c.suit === label)!.index
/** The float that draws `label` (the middle of its 1/52 slice). */
const floatOf = (label: string) => (card(label) + 0.5) / CARDS.length

/** A cursor over given floats that counts what it hands out, as the kit's does. */
function scripted(floats: number[]): FloatCursor & { readonly left: number } {
  let consumed = 0
  return {
    next: () => {
      const float = floats[consumed]
      if (float === undefined) throw new Error('read past the scripted floats')
      consumed++
      return float
    },
    get consumed() {
      return consumed
    },
    get left() {
      return floats.length - consumed
    },
  }
}

/** Plays `moves` from a start card, each taking the next of `cards`. */
function play(start: string, steps: [HiloMove, string][]) {
  const cursor = scripted([floatOf(start), ...steps.map(([, c]) => floatOf(c))])
  let view = rules.open({}, cursor)
  const outcomes = []
  for (const [move] of steps) {
    expect(rules.stepRefusal(view, { move })).toBeNull()
    const result = rules.step(view, { move }, cursor)
    view = result.state
    outcomes.push(result.outcome)
  }
  expect(cursor.left).toBe(0)
  return { view, outcomes }
}

const stake = { amount: 10_000 as Minor, cap: MAX_BET_PAYOUT.RUB }

describe('hilo on the stateful kit', () => {
  it('draws card 0 at the opening and one card per move, nothing ahead', () => {
    const cursor = scripted([floatOf('7♦'), floatOf('9♠')])
    const view = rules.open({}, cursor)
    expect(cursor.consumed).toBe(1)
    expect(view).toEqual({ cards: [card('7♦')], moves: [], running: 10_000, correct: 0, skips: 0 })
    const { state, outcome } = rules.step(view, { move: 'higherOrSame' }, cursor)
    expect(cursor.consumed).toBe(2)
    expect(outcome).toEqual({ card: card('9♠'), won: true })
    expect(state.cards).toEqual([card('7♦'), card('9♠')])
  })

  it('multiplies as rules.ts does, guess by guess', () => {
    const { view } = play('7♦', [
      ['higherOrSame', '7♥'],
      ['skip', '3♠'],
      ['lowerOrSame', '2♣'],
      ['higherOrSame', 'K♦'],
      ['lower', 'A♥'],
      ['higher', '5♣'],
    ])
    let round = startRound(CARDS[card('7♦')]!)
    for (const [i, move] of view.moves.entries()) {
      round = playMove(round, move, CARDS[view.cards[i + 1]!]!, stake).round
    }
    expect(view.running).toBe(round.multiplier)
    expect(view.correct).toBe(round.correct)
    expect(view.skips).toBe(1)
    expect(rules.multiplier(view)).toBe(round.multiplier)
    expect(rules.phase(view)).toBe('open')
  })

  it('shows each guess the multiplier it would leave: the running one times rules.ts figure', () => {
    const { view } = play('7♦', [['higherOrSame', '9♥']])
    const g = guessMultiplier(rankOf(CARDS[card('9♥')]!), 'lowerOrSame')
    expect(hiloNextMultiplier(view, { move: 'lowerOrSame' })).toBe(
      Math.floor((view.running * g) / 10_000),
    )
    expect(hiloNextMultiplier(view, { move: 'skip' })).toBeNull()
    expect(hiloNextMultiplier(view, { move: 'same' })).toBeNull() // not offered on a nine
    const opened = play('A♠', []).view
    expect(hiloNextMultiplier(opened, { move: 'same' })).toBe(128_700)
    expect(hiloNextMultiplier(opened, { move: 'higher' })).toBe(10_725)
    // Without an action: the likelier guess (higher on an ace).
    expect(hiloNextMultiplier(opened)).toBe(10_725)
    expect(hiloNextMultiplier(play('7♦', [['higherOrSame', '2♥']]).view)).toBeNull()
  })

  it('loses the whole round on a wrong guess, and refuses any move after', () => {
    const { view, outcomes } = play('7♦', [
      ['higherOrSame', '9♥'],
      ['higherOrSame', '4♣'],
    ])
    expect(outcomes[1]).toEqual({ card: card('4♣'), won: false })
    expect(rules.phase(view)).toBe('lost')
    expect(rules.multiplier(view)).toBe(0)
    expect(rules.stepRefusal(view, { move: 'skip' })).not.toBeNull()
  })

  it('allows a cash-out only after a correct guess, skips not counting', () => {
    const opened = play('7♦', [['skip', '8♦']]).view
    expect(rules.multiplier(opened)).toBe(0)
    const { view } = play('7♦', [
      ['skip', '8♦'],
      ['lowerOrSame', '8♣'],
    ])
    expect(rules.multiplier(view)).toBe(guessMultiplier(8, 'lowerOrSame'))
  })

  it('refuses a guess not offered on the card, and a 53rd skip', () => {
    const opened = play('K♦', []).view
    expect(rules.stepRefusal(opened, { move: 'higher' })).not.toBeNull()
    expect(rules.stepRefusal(opened, { move: 'higherOrSame' })).not.toBeNull()
    expect(rules.stepRefusal(opened, { move: 'lower' })).toBeNull()
    const skips = Array.from({ length: MAX_SKIPS }, (): [HiloMove, string] => ['skip', '5♥'])
    const { view } = play('5♦', skips)
    expect(view.skips).toBe(MAX_SKIPS)
    expect(rules.stepRefusal(view, { move: 'skip' })).not.toBeNull()
    expect(rules.stepRefusal(view, { move: 'lowerOrSame' })).toBeNull()
  })

  it('plays a real seed pair the same way after a JSON round trip (the rows store JSON)', () => {
    const cursor = floatCursor('server-seed', 'client-seed', 3)
    let view = rules.open({}, cursor)
    for (let i = 0; i < 5 && rules.phase(view) === 'open'; i++) {
      const step = rules.step(
        JSON.parse(JSON.stringify(view)) as HiloView,
        { move: 'skip' },
        cursor,
      )
      view = step.state
    }
    expect(view.cards).toHaveLength(6)
    expect(hiloLogic.view.safeParse(view).success).toBe(true)
  })
})

describe('the hilo wire', () => {
  const wire = statefulWireOf(hiloGame, hiloLogic)
  const v = STATEFUL_PROTOCOL_VERSION
  const { view } = play('7♦', [['higherOrSame', '9♥']])
  const round = {
    roundId: 'b-1',
    amount: 100,
    currency: 'RUB',
    params: {},
    status: 'open',
    step: 1,
    multiplier: rules.multiplier(view),
    payout: 183,
    view: rules.view(view),
    steps: [
      {
        step: 1,
        action: { move: 'higherOrSame' },
        outcome: { card: card('9♥'), won: true },
        multiplier: rules.multiplier(view),
        time: 5,
      },
    ],
    endReason: null,
    reveal: null,
    nonce: 0,
    serverSeedHash: 'a'.repeat(64),
    clientSeed: 'c',
    openedAt: 1,
  }

  it('parses an open round: its cards so far, no card ahead', () => {
    const ack = wire.parseAck('step', { type: 'ok', v, round, balance: null })
    expect(ack).toMatchObject({
      type: 'ok',
      round: { view: { cards: view.cards, moves: view.moves } },
    })
    expect(view.cards).toHaveLength(2)
  })

  it('refuses a view carrying anything beyond its cards, or a card more than its moves took', () => {
    const ahead = { ...round, view: { ...round.view, next: card('2♦') } }
    expect(() => wire.parseAck('step', { type: 'ok', v, round: ahead, balance: null })).toThrow(
      'unrecognized_keys',
    )
    const extra = { ...round, view: { ...round.view, cards: [...view.cards, card('2♦')] } }
    expect(() => wire.parseAck('step', { type: 'ok', v, round: extra, balance: null })).toThrow(
      'one move per card taken',
    )
  })

  it('takes the guesses and the skip as actions, with no opening params', () => {
    const step = {
      type: 'step',
      v,
      key: 'key-12345',
      roundId: 'b-1',
      step: 1,
      action: { move: 'skip' },
    }
    expect(wire.parseCommand('step', step)).toEqual(step)
    expect(wire.parseCommand('step', { ...step, action: { move: 'double' } })).toBeNull()
    const open = { type: 'open', v, key: 'key-12345', amount: 100, currency: 'RUB', params: {} }
    expect(wire.parseCommand('open', open)).toEqual(open)
    expect(wire.parseCommand('open', { ...open, params: { mines: 3 } })).toBeNull()
  })
})
