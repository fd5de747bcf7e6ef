import { describe, expect, it } from 'vitest'
import { CARDS } from '../engine/fairness'
import { MAX_BET_PAYOUT, type Minor } from '../engine/money'
import type { InstantMultiplier } from '../kit/instant/protocol'
import { moments, tolerance, type Outcome } from '../kit/testing/rtp'
import { seededFloats } from '../kit/testing/seededFloats'
import {
  canCashOut,
  cardOf,
  cashOutPayout,
  guessesOn,
  guessMultiplier,
  lastCard,
  likelierGuess,
  MAX_SKIPS,
  moveRefusal,
  playMove,
  rankOf,
  startRound,
  stepMultiplier,
  type HiloMove,
  type HiloRound,
} from './rules'

// 100 RUB: a payout in minor units is the multiplier itself, and 0.99^-5 × 12.87^5 is far under
// the cap, so the RTP simulations see neither the stake's rounding nor the cap.
const stake = { amount: 10_000 as Minor, cap: MAX_BET_PAYOUT.RUB }
const card = (label: string) => CARDS.find((c) => c.rank + c.suit === label)!

describe('hilo cards', () => {
  it('ranks the ace lowest in play though it is last in the deck', () => {
    expect(rankOf(card('A♣'))).toBe(1)
    expect(rankOf(card('2♦'))).toBe(2)
    expect(rankOf(card('10♥'))).toBe(10)
    expect(rankOf(card('K♠'))).toBe(13)
    expect(cardOf(0.999)).toEqual(card('A♣'))
    expect(cardOf(0)).toEqual(card('2♦'))
  })
})

describe('hilo guesses', () => {
  it('offers higher / same on an ace, lower / same on a king, else the or-same pair', () => {
    expect(guessesOn(1)).toEqual(['higher', 'same'])
    expect(guessesOn(13)).toEqual(['lower', 'same'])
    expect(guessesOn(7)).toEqual(['higherOrSame', 'lowerOrSame'])
  })

  it('pays 0.99 × 13 / winning ranks, floored (GAMES-REFERENCE.md figures)', () => {
    expect(guessMultiplier(1, 'same')).toBe(128_700) // 12.87x
    expect(guessMultiplier(13, 'same')).toBe(128_700)
    expect(guessMultiplier(1, 'higher')).toBe(10_725) // 0.99 × 13/12
    expect(guessMultiplier(13, 'lower')).toBe(10_725)
    expect(guessMultiplier(2, 'higherOrSame')).toBe(10_725) // 0.99 × 13 / (14 − 2)
    expect(guessMultiplier(2, 'lowerOrSame')).toBe(64_350) // 0.99 × 13 / 2
    expect(guessMultiplier(7, 'higherOrSame')).toBe(18_385) // 1.838571…, floored
    expect(guessMultiplier(12, 'lowerOrSame')).toBe(10_725)
    expect(() => guessMultiplier(1, 'lowerOrSame')).toThrow('[hilo]')
    expect(() => guessMultiplier(13, 'higher')).toThrow('[hilo]')
    expect(() => guessMultiplier(5, 'same')).toThrow('[hilo]')
    expect(() => guessMultiplier(5, 'constructor' as HiloMove as 'same')).toThrow('[hilo]')
    expect(() => guessMultiplier(5.5, 'higherOrSame')).toThrow('[hilo]')
  })

  it('decides each guess on the next rank, ties winning the or-same guesses', () => {
    const on = (label: string): HiloRound => startRound(card(label))
    expect(playMove(on('7♦'), 'higherOrSame', card('7♣'), stake).won).toBe(true)
    expect(playMove(on('7♦'), 'lowerOrSame', card('7♣'), stake).won).toBe(true)
    expect(playMove(on('7♦'), 'higherOrSame', card('6♣'), stake).end).toBe('wrong')
    expect(playMove(on('A♦'), 'higher', card('A♥'), stake).won).toBe(false)
    expect(playMove(on('A♦'), 'higher', card('2♥'), stake).won).toBe(true)
    expect(playMove(on('A♦'), 'same', card('A♠'), stake).round.multiplier).toBe(128_700)
    expect(playMove(on('K♦'), 'lower', card('Q♥'), stake).won).toBe(true)
    expect(playMove(on('K♦'), 'lower', card('K♥'), stake).won).toBe(false)
  })

  it('multiplies the running multiplier, floored at each correct guess', () => {
    let round = startRound(card('7♦'))
    expect(canCashOut(round)).toBe(false)
    round = playMove(round, 'higherOrSame', card('7♥'), stake).round // 1.8385
    round = playMove(round, 'skip', card('3♠'), stake).round
    expect(round.multiplier).toBe(18_385)
    round = playMove(round, 'higherOrSame', card('5♣'), stake).round // × 1.1700
    expect(round.multiplier).toBe(Math.floor((18_385 * 11_700) / 10_000)) // 21510
    expect(round).toMatchObject({ correct: 2, skips: 1 })
    expect(round.cards.map((c) => c.rank)).toEqual(['7', '7', '3', '5'])
    expect(canCashOut(round)).toBe(true)
    expect(cashOutPayout({ amount: 100 as Minor, cap: stake.cap }, round.multiplier)).toBe(215)
    expect(stepMultiplier(10_000, 10_725)).toBe(10_725)
  })

  it('cashes out at the cap', () => {
    const small = { amount: 10_000 as Minor, cap: 130_000 as Minor }
    const first = playMove(startRound(card('A♦')), 'same', card('A♥'), small)
    expect(first.end).toBe('open') // 12.87x: 1287 RUB of 1300, then 13.80x
    expect(playMove(first.round, 'higher', card('5♥'), small).end).toBe('cap')
  })

  it('allows 52 skips a round and refuses the 53rd, and guesses not offered', () => {
    let round = startRound(card('7♦'))
    for (let i = 0; i < MAX_SKIPS; i++) round = playMove(round, 'skip', card('A♦'), stake).round
    expect(moveRefusal(round, 'skip')).toBe('bad_request')
    expect(() => playMove(round, 'skip', card('2♦'), stake)).toThrow('[hilo]')
    expect(moveRefusal(round, 'lowerOrSame')).toBe('bad_request') // on an ace: higher, same
    expect(moveRefusal(round, 'same')).toBeNull()
    expect(moveRefusal(startRound(card('7♦')), 'same')).toBe('bad_request')
    expect(moveRefusal(startRound(card('7♦')), 'up' as HiloMove)).toBe('bad_request')
    expect(moveRefusal(startRound(card('7♦')), 'toString' as HiloMove)).toBe('bad_request')
  })
})

describe('hilo RTP', () => {
  const ROUNDS = 1_000_000
  const GUESSES = 5

  /**
   * The exact payout distribution of "the likelier guess k times, then cash out", k = 1..5, with
   * the rules' own floors: every rank equally likely, walked over (rank, multiplier) states.
   */
  function exactOutcomes(): Outcome[][] {
    type State = { rank: number; multiplier: InstantMultiplier; chance: number }
    // One card of each rank stands in for its four suits (the ace is deck index 48).
    const cardOfRank = (rank: number) => CARDS[rank === 1 ? 48 : (rank - 2) * 4]!
    const ranks = Array.from({ length: 13 }, (_, i) => i + 1)
    let states = new Map<string, State>(
      ranks.map((rank) => [
        `${rank}`,
        { rank, multiplier: 10_000 as InstantMultiplier, chance: 1 / 13 },
      ]),
    )
    const byK: Outcome[][] = []
    for (let k = 1; k <= GUESSES; k++) {
      const next = new Map<string, State>()
      for (const s of states.values()) {
        const round: HiloRound = {
          cards: [cardOfRank(s.rank)],
          multiplier: s.multiplier,
          correct: k - 1,
          skips: 0,
        }
        for (const rank of ranks) {
          const played = playMove(round, likelierGuess(s.rank), cardOfRank(rank), stake)
          if (!played.won) continue
          const { multiplier } = played.round
          const key = `${rank}:${multiplier}`
          next.set(key, { rank, multiplier, chance: (next.get(key)?.chance ?? 0) + s.chance / 13 })
        }
      }
      states = next
      const wins = [...states.values()].map((s) => ({
        multiplier: s.multiplier / 10_000,
        chance: s.chance,
      }))
      const won = wins.reduce((sum, o) => sum + o.chance, 0)
      byK.push([...wins, { multiplier: 0, chance: 1 - won }])
    }
    return byK
  }

  it('returns 0.99^k to the likelier guess cashing out after 1-5 correct guesses', () => {
    const paid = new Array<number>(GUESSES).fill(0)
    const floats = seededFloats(52)
    // The test runner reads an imported binding through a getter on every use; the loop's
    // functions read once keep a million rounds from paying for it five times a move.
    const [deal, likelier, rank, last, play, payout] = [
      cardOf,
      likelierGuess,
      rankOf,
      lastCard,
      playMove,
      cashOutPayout,
    ]
    for (let i = 0; i < ROUNDS; i++) {
      let round = startRound(deal(floats.next()))
      for (let k = 1; k <= GUESSES; k++) {
        const step = play(round, likelier(rank(last(round))), deal(floats.next()), stake)
        if (!step.won) break
        round = step.round
        paid[k - 1]! += payout(stake, round.multiplier)
      }
    }
    exactOutcomes().forEach((outcomes, i) => {
      const k = i + 1
      const { rtp, variance } = moments(outcomes)
      // The floors (one per guess) cost at most 0.0001x each on a multiplier over 1.07x.
      expect(rtp).toBeLessThanOrEqual(0.99 ** k + 1e-12)
      expect(rtp).toBeGreaterThan(0.99 ** k - 0.0001 * k)
      const simulated = paid[i]! / (ROUNDS * stake.amount)
      expect(Math.abs(simulated - rtp), `${k} guesses`).toBeLessThan(tolerance(variance, ROUNDS))
    })
  })
})
