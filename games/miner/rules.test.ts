import { describe, expect, it } from 'vitest'
import { floatCursor, minesBoard } from '../engine/fairness'
import { MAX_BET_PAYOUT, type Minor } from '../engine/money'
import { moments, tolerance } from '../kit/testing/rtp'
import { seededFloats } from '../kit/testing/seededFloats'
import {
  canCashOut,
  cashOutPayout,
  minerAutoRules,
  minerBoard,
  minerMultiplier,
  revealRefusal,
  revealStep,
  safeTiles,
} from './rules'

// 100 RUB: a payout in minor units is then the multiplier itself, so the RTP simulations see no
// rounding of the stake, and 24.75x is far under the cap.
const stake = { amount: 10_000 as Minor, cap: MAX_BET_PAYOUT.RUB }

/** C(n, k) in doubles, written again for the test (exact at these sizes). */
function c(n: number, k: number): number {
  let r = 1
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i
  return r
}

describe('miner multipliers', () => {
  it('matches the reference figures: 3 mines 1.125, 1.29, 1.48, 1.71, 2.00; 24 mines 24.75', () => {
    expect([1, 2, 3, 4, 5].map((n) => minerMultiplier(3, n))).toEqual([
      11_250, 12_857, 14_785, 17_120, 19_973,
    ])
    expect(minerMultiplier(24, 1)).toBe(247_500)
    expect(minerMultiplier(1, 1)).toBe(10_312) // 0.99 × 25/24 = 1.03125, floored
  })

  it('is 0.99 × C(25, n) / C(25 − m, n) floored to ten-thousandths at every point', () => {
    for (let m = 1; m <= 24; m++) {
      for (let n = 0; n <= 25 - m; n++) {
        const exact = (0.99 * c(25, n)) / c(25 - m, n)
        const value = minerMultiplier(m, n)
        expect(value / 10_000).toBeLessThanOrEqual(exact * (1 + 1e-12))
        expect(value / 10_000).toBeGreaterThan(exact - 0.0001 - exact * 1e-12)
      }
    }
    // A full board with 12 mines: 0.99 × C(25, 13) = 5,148,297x, exactly.
    expect(minerMultiplier(12, 13)).toBe(51_482_970_000)
  })

  it('refuses a mine count or a tile count off the board', () => {
    expect(() => minerMultiplier(0, 1)).toThrow('[miner]')
    expect(() => minerMultiplier(25, 0)).toThrow('[miner]')
    expect(() => minerMultiplier(3, 23)).toThrow('[miner]')
    expect(() => minerMultiplier(3, 1.5)).toThrow('[miner]')
  })
})

describe('miner steps', () => {
  const board = [4, 12, 20] // three mines

  it('places the board as the kit minesBoard does from the round floats', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      for (let m = 1; m <= 24; m++) {
        expect(minerBoard(floatCursor('s', 'c', nonce), m)).toEqual(
          minesBoard(floatCursor('s', 'c', nonce), m),
        )
      }
    }
    expect(() => minerBoard(floatCursor('s', 'c', 0), 25)).toThrow('[miner]')
  })

  it('reveals several safe tiles in one step, then loses on a mine with the mine named', () => {
    const first = revealStep(board, 3, [], [0, 1], stake)
    expect(first).toEqual({ revealed: [0, 1], hit: [], multiplier: 12_857, end: 'open' })
    expect(canCashOut(first.revealed)).toBe(true)
    expect(cashOutPayout({ amount: 100 as Minor, cap: stake.cap }, first.multiplier)).toBe(128)
    const lost = revealStep(board, 3, first.revealed, [2, 12], stake)
    expect(lost).toEqual({ revealed: [0, 1], hit: [12], multiplier: 0, end: 'mine' })
  })

  it('cashes out at once on the last safe tile, and at the cap', () => {
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !board.includes(t))
    const full = revealStep(board, 3, safe.slice(0, 21), [safe[21]!], stake)
    expect(full.end).toBe('full')
    expect(full.multiplier).toBe(minerMultiplier(3, 22))
    // 100 RUB at 24 mines: 24.75x pays 2475 RUB, a cap of 2000 RUB binds.
    const small = { amount: 10_000 as Minor, cap: 200_000 as Minor }
    const capped = revealStep(
      [0, ...Array.from({ length: 23 }, (_, i) => i + 2)],
      24,
      [],
      [1],
      small,
    )
    expect(capped.end).toBe('full')
    const atCap = revealStep(board, 3, safe.slice(0, 15), [safe[15]!], small)
    expect(atCap.multiplier).toBe(minerMultiplier(3, 16)) // 27.1x: 2710 RUB
    expect(atCap.end).toBe('cap')
    expect(cashOutPayout(small, atCap.multiplier)).toBe(200_000)
  })

  it('pays a maximum stake on a full 12-mine board exactly, then caps it', () => {
    const amount = 500_000 as Minor // 5,000 KZT, miner's maximum
    const multiplier = minerMultiplier(12, 13)
    expect(cashOutPayout({ amount, cap: Number.MAX_SAFE_INTEGER as Minor }, multiplier)).toBe(
      Number((500_000n * 51_482_970_000n) / 10_000n),
    )
    expect(cashOutPayout({ amount, cap: MAX_BET_PAYOUT.KZT }, multiplier)).toBe(MAX_BET_PAYOUT.KZT)
  })

  it('refuses empty, repeated, revealed, off-board and too many tiles', () => {
    expect(revealRefusal(3, [], [])).toBe('bad_request')
    expect(revealRefusal(3, [], [1, 1])).toBe('bad_request')
    expect(revealRefusal(3, [1], [1])).toBe('bad_request')
    expect(revealRefusal(3, [], [25])).toBe('bad_request')
    expect(revealRefusal(3, [], [-1])).toBe('bad_request')
    expect(revealRefusal(3, [], [0.5])).toBe('bad_request')
    expect(revealRefusal(0, [], [1])).toBe('bad_request')
    expect(revealRefusal(24, [], [0, 1])).toBe('bad_request')
    expect(revealRefusal(24, [], [0])).toBeNull()
    expect(canCashOut([])).toBe(false)
    expect(() => revealStep(board, 3, [], [], stake)).toThrow('[miner]')
    expect(() => revealStep([1, 2], 3, [], [0], stake)).toThrow('[miner]')
  })
})

describe('miner auto-bet', () => {
  it('settles tiles chosen beforehand on the same board with the same multiplier', () => {
    const board = minerBoard(floatCursor('s', 'c', 9), 3)
    const safe = [0, 1, 2, 3, 4, 5, 6, 7].filter((t) => !board.includes(t)).slice(0, 4)
    const win = minerAutoRules.settle(
      { mines: 3, tiles: safe },
      100 as Minor,
      floatCursor('s', 'c', 9),
    )
    expect(win).toEqual({ outcome: { mines: board }, multiplier: 17_120, payout: 171 })
    const loss = minerAutoRules.settle(
      { mines: 3, tiles: [board[0]!] },
      100 as Minor,
      floatCursor('s', 'c', 9),
    )
    expect(loss).toEqual({ outcome: { mines: board }, multiplier: 0, payout: 0 })
  })

  it('refuses bad params and bounds the payout before the draw', () => {
    expect(minerAutoRules.refusal({ mines: 3, tiles: [] }, 100 as Minor)).toBe('bad_request')
    expect(minerAutoRules.refusal({ mines: 25, tiles: [1] }, 100 as Minor)).toBe('bad_request')
    expect(minerAutoRules.refusal({ mines: 3, tiles: [1, 2] }, 100 as Minor)).toBeNull()
    expect(minerAutoRules.maxPayout({ mines: 24, tiles: [7] }, 100 as Minor)).toBe(2475)
  })
})

describe('miner RTP', () => {
  const ROUNDS = 1_000_000
  const POINTS = [1, 2, 3, 4, 5]

  // 1, 3 and 24 mines, each cash-out point after 1–5 tiles where the board has them (24 mines:
  // one). One million rounds a mine count, each revealing tiles 0, 1, 2… one a step; a round that
  // reaches point k is what the strategy "cash out after k" plays, so each point is scored over
  // the same million independent rounds (the points are correlated with each other, not within).
  it.each([1, 3, 24])('returns 99 percent at every cash-out point with %i mines', (mines) => {
    const points = POINTS.filter((k) => k <= safeTiles(mines))
    const paid = points.map(() => 0)
    const floats = seededFloats(mines * 7919)
    // Imported bindings read once: the test runner reads them through a getter on every use
    // (hilo's test measured a five-fold cost in this loop).
    const [board, reveal, payout] = [minerBoard, revealStep, cashOutPayout]
    for (let round = 0; round < ROUNDS; round++) {
      const mineTiles = board(floats, mines)
      let revealed: number[] = []
      for (const k of points) {
        const step = reveal(mineTiles, mines, revealed, [k - 1], stake)
        if (step.end === 'mine') break
        revealed = step.revealed
        paid[k - 1]! += payout(stake, step.multiplier)
      }
    }
    for (const k of points) {
      const chance = c(25 - mines, k) / c(25, k)
      const multiplier = minerMultiplier(mines, k) / 10_000
      const { rtp, variance } = moments([
        { multiplier, chance },
        { multiplier: 0, chance: 1 - chance },
      ])
      expect(rtp).toBeGreaterThan(0.9899) // the floor costs at most 0.0001x
      expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12)
      const simulated = paid[k - 1]! / (ROUNDS * stake.amount)
      expect(Math.abs(simulated - rtp), `${mines} mines, ${k} tiles`).toBeLessThan(
        tolerance(variance, ROUNDS),
      )
    }
  })
})
