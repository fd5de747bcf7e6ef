import { describe, expect, it } from 'vitest'
import { floatCursor } from '../engine/fairness'
import type { Minor } from '../engine/money'
import { statefulWireOf } from '../kit/stateful/protocol'
import { minerGame } from './game'
import {
  minerActionSchema,
  minerAutoLogic,
  minerLogic,
  minerStatefulRules as rules,
  minerViewSchema,
  nextMinerMultiplier,
  type MinerState,
} from './protocol'
import { minerBoard, minerMultiplier, revealStep } from './rules'

const wire = statefulWireOf(minerGame, minerLogic)
const SEEDS = ['miner-server-seed', 'miner-client-seed'] as const
const cursor = (nonce: number) => floatCursor(SEEDS[0], SEEDS[1], nonce)
const HASH = 'a'.repeat(64)

/** The ack a server sends for a round in `state` after `steps` steps, as the kit builds it. */
function ackOf(state: MinerState, steps: number) {
  const phase = rules.phase(state)
  const ended = phase !== 'open'
  const round = {
    roundId: 'r-1',
    amount: 100,
    currency: 'RUB',
    params: { mines: state.mines },
    status: !ended ? 'open' : phase === 'lost' ? 'lost' : 'won',
    step: steps,
    multiplier: rules.multiplier(state),
    payout: 0,
    view: rules.view(state),
    steps: [],
    endReason: !ended ? null : phase === 'lost' ? 'lost' : 'complete',
    reveal: ended ? rules.reveal(state) : null,
    nonce: 1,
    serverSeedHash: HASH,
    clientSeed: SEEDS[1],
    openedAt: 1,
  }
  return { type: 'ok', v: 1, round, balance: null }
}

/** Plays the safe tiles of the nonce's board in steps of `size`, then a mine. */
function playRound(nonce: number, mines: number, size: number) {
  let state = rules.open({ mines }, cursor(nonce))
  const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !state.board.includes(t))
  const states = [state]
  for (let i = 0; i < 25 - mines - size && rules.phase(state) === 'open'; i += size) {
    state = rules.step(state, { tiles: safe.slice(i, i + size) }, cursor(nonce)).state
    states.push(state)
  }
  const mine = { tiles: [state.board[0]!] }
  expect(rules.stepRefusal(state, mine)).toBeNull()
  const lost = rules.step(state, mine, cursor(nonce))
  return { states, lost }
}

describe('miner logic', () => {
  it('draws the board of rules.ts at the opening and shows none of it while open', () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      for (const mines of [1, 3, 12, 24]) {
        const { states, lost } = playRound(nonce, mines, 1 + (nonce % 3))
        expect(states[0]!.board).toEqual(minerBoard(cursor(nonce), mines))
        for (const [i, state] of states.entries()) {
          const parsed = wire.schemas.ack.parse(ackOf(state, i))
          if (parsed.type !== 'ok') throw new Error('not ok')
          expect(parsed.round.reveal).toBeNull()
          expect(Object.keys(parsed.round.view).sort()).toEqual(['mines', 'revealed'])
          expect(parsed.round.view.revealed.filter((t) => state.board.includes(t))).toEqual([])
        }
        // The loss's step names the mine it hit, and the ended round reveals the whole board.
        expect(lost.outcome.hit).toEqual([lost.state.board[0]])
        const ended = wire.schemas.ack.parse(ackOf(lost.state, states.length))
        if (ended.type !== 'ok') throw new Error('not ok')
        expect(ended.round.reveal).toEqual({ mines: states[0]!.board })
      }
    }
  })

  it('refuses a view carrying the board: the view schema is strict', () => {
    const view = { mines: 3, revealed: [0, 1] }
    expect(minerViewSchema.safeParse(view).success).toBe(true)
    expect(minerViewSchema.safeParse({ ...view, board: [2, 3, 4] }).success).toBe(false)
    expect(minerViewSchema.safeParse({ ...view, mines: [2, 3, 4] }).success).toBe(false)
    const open = rules.open({ mines: 3 }, cursor(0))
    const leaked = { ...ackOf(open, 0), round: { ...ackOf(open, 0).round } }
    leaked.round.view = { ...rules.view(open), board: open.board } as never
    expect(wire.schemas.ack.safeParse(leaked).success).toBe(false)
  })

  it('pays the multipliers of rules.ts step by step, several tiles a step', () => {
    const state = rules.open({ mines: 3 }, cursor(7))
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !state.board.includes(t))
    expect(rules.multiplier(state)).toBe(0)
    let now = state
    let revealed: number[] = []
    for (const size of [1, 2, 3, 5]) {
      const tiles = safe.slice(revealed.length, revealed.length + size)
      const step = revealStep(state.board, 3, revealed, tiles, null)
      const result = rules.step(now, { tiles }, cursor(7))
      now = result.state
      revealed = step.revealed
      expect(result.outcome).toEqual({ tiles, hit: [] })
      expect(rules.multiplier(now)).toBe(step.multiplier)
      expect(rules.multiplier(now)).toBe(minerMultiplier(3, revealed.length))
      expect(rules.phase(now)).toBe('open')
      expect(rules.view(now)).toEqual({ mines: 3, revealed })
    }
    expect(nextMinerMultiplier(rules.view(now))).toBe(minerMultiplier(3, 12))
    expect(nextMinerMultiplier(rules.view(now), 2)).toBe(minerMultiplier(3, 13))
    expect(nextMinerMultiplier(rules.view(now), 11)).toBe(minerMultiplier(3, 22))
    expect(nextMinerMultiplier(rules.view(now), 12)).toBeNull()
    expect(minerLogic.nextMultiplier?.(rules.view(now))).toBe(minerMultiplier(3, 12))
    expect(minerLogic.nextMultiplier?.(rules.view(now), { tiles: [1, 2] })).toBe(
      minerMultiplier(3, 13),
    )
  })

  it('ends the round lost on a mine, with a step that also revealed a safe tile', () => {
    const state = rules.open({ mines: 5 }, cursor(3))
    const safe = Array.from({ length: 25 }, (_, t) => t).find((t) => !state.board.includes(t))!
    const { state: lost, outcome } = rules.step(
      state,
      { tiles: [safe, state.board[2]!] },
      cursor(3),
    )
    expect(outcome).toEqual({ tiles: [safe, state.board[2]], hit: [state.board[2]] })
    expect(rules.phase(lost)).toBe('lost')
    expect(rules.multiplier(lost)).toBe(0)
    expect(rules.view(lost)).toEqual({ mines: 5, revealed: [] })
    expect(rules.stepRefusal(lost, { tiles: [safe] })).not.toBeNull()
  })

  it('completes the round on a full board at the full multiplier, in one step or many', () => {
    for (const mines of [1, 12, 24]) {
      const state = rules.open({ mines }, cursor(mines))
      const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !state.board.includes(t))
      const all = rules.step(state, { tiles: safe }, cursor(mines)).state
      expect(rules.phase(all)).toBe('complete')
      // The kit caps it; the rules' multiplier is the uncapped figure.
      expect(rules.multiplier(all)).toBe(minerMultiplier(mines, 25 - mines))
      expect(nextMinerMultiplier(rules.view(all))).toBeNull()
      expect(rules.stepRefusal(all, { tiles: [state.board[0]!] })).not.toBeNull()
    }
  })

  it('refuses bad mine counts and tiles already revealed, repeated or too many', () => {
    expect(rules.refusal({ mines: 0 }, 100 as Minor)).not.toBeNull()
    expect(rules.refusal({ mines: 24 }, 100 as Minor)).toBeNull()
    const state = rules.open({ mines: 24 }, cursor(1))
    const safe = Array.from({ length: 25 }, (_, t) => t).find((t) => !state.board.includes(t))!
    expect(rules.stepRefusal(state, { tiles: [safe, state.board[0]!] })).not.toBeNull()
    const open = rules.open({ mines: 3 }, cursor(1))
    const first = Array.from({ length: 25 }, (_, t) => t).find((t) => !open.board.includes(t))!
    const after = rules.step(open, { tiles: [first] }, cursor(1)).state
    expect(rules.stepRefusal(after, { tiles: [first] })).not.toBeNull()
    expect(minerActionSchema.safeParse({ tiles: [1, 1] }).success).toBe(false)
    expect(minerActionSchema.safeParse({ tiles: [] }).success).toBe(false)
    expect(minerActionSchema.safeParse({ tiles: [25] }).success).toBe(false)
  })

  it('survives the JSON of a round row: state in, same play out', () => {
    const state = rules.open({ mines: 3 }, cursor(11))
    const stored = JSON.parse(JSON.stringify(state)) as MinerState
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !state.board.includes(t))
    expect(rules.step(stored, { tiles: safe.slice(0, 2) }, cursor(11))).toEqual(
      rules.step(state, { tiles: safe.slice(0, 2) }, cursor(11)),
    )
  })

  it('settles the auto-bet on the same board and multiplier, its params parsed', () => {
    const { params, rules: auto, describe: line, fair } = minerAutoLogic
    const board = minerBoard(cursor(4), 3)
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !board.includes(t))
    expect(params.safeParse({ mines: 3, tiles: safe.slice(0, 4) }).success).toBe(true)
    expect(params.safeParse({ mines: 24, tiles: [0, 1] }).success).toBe(false)
    expect(params.safeParse({ mines: 3, tiles: [0, 0] }).success).toBe(false)
    const won = auto.settle({ mines: 3, tiles: safe.slice(0, 4) }, 100 as Minor, cursor(4))
    expect(won.multiplier).toBe(minerMultiplier(3, 4))
    expect(line(won.outcome)).toBe(`mines ${[...board].sort((a, b) => a - b).join(' ')}`)
    expect(fair.params?.({ mines: '3', tiles: '1,2' })).toEqual({ mines: 3, tiles: [1, 2] })
    expect(fair.params?.({ mines: '24', tiles: '1,2' })).toHaveProperty('error')
    expect(fair.params?.({})).toBeNull()
  })
})
