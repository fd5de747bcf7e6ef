import { describe, expect, it } from 'vitest'
import { floats, floatCursor } from './floats'
import { CARDS, caseTicket, cardOf, coinOf, drawDistinct, kenoDraw, minesBoard } from './draws'

/** A cursor over given floats, to pin the conversions to exact numbers. */
const fixed = (values: number[]) => {
  let i = 0
  return {
    next: () => values[i++]!,
    get consumed() {
      return i
    },
  }
}

describe('published conversions', () => {
  it('draws distinct items by floor(float * remaining) over what is left, in ascending order', () => {
    // 40 left: 0.5 -> index 20 (21); 39 left: 0 -> 1; 38 left: 0.999 -> the last left (40).
    expect(
      drawDistinct(
        fixed([0.5, 0, 0.999]),
        Array.from({ length: 40 }, (_, i) => i + 1),
        3,
      ),
    ).toEqual([21, 1, 40])
    const drawn = kenoDraw(floatCursor('server', 'client', 1))
    expect(drawn).toHaveLength(10)
    expect(new Set(drawn).size).toBe(10)
    expect(drawn.every((n) => n >= 1 && n <= 40)).toBe(true)
  })

  it('places fewer mines as a prefix of the 24-mine board', () => {
    const all = minesBoard(floatCursor('server', 'client', 7), 24)
    expect(new Set(all).size).toBe(24)
    for (const m of [1, 3, 10]) {
      expect(minesBoard(floatCursor('server', 'client', 7), m)).toEqual(all.slice(0, m))
    }
    expect(() => minesBoard(floatCursor('s', 'c', 0), 25)).toThrow()
  })

  it('orders the deck by rank 2..A, each rank diamonds, hearts, spades, clubs', () => {
    expect(CARDS).toHaveLength(52)
    expect(CARDS.slice(0, 5).map((c) => c.rank + c.suit)).toEqual(['2♦', '2♥', '2♠', '2♣', '3♦'])
    expect(CARDS[51]).toMatchObject({ rank: 'A', suit: '♣' })
    expect(cardOf(0).index).toBe(0)
    expect(cardOf(0.5).rank + cardOf(0.5).suit).toBe('8♠') // 26 = rank 8 (index 6), suit 2
    expect(cardOf(0.9999999).index).toBe(51)
  })

  it('rolls a case ticket of 1-100000 and a coin of two sides', () => {
    expect(caseTicket(0)).toBe(1)
    expect(caseTicket(0.99999999)).toBe(100_000)
    expect([coinOf(0.49), coinOf(0.5)]).toEqual(['heads', 'tails'])
    const f = floats('s', 'c', 0, 1)[0]!
    expect(caseTicket(f)).toBe(Math.floor(f * 100_000) + 1)
  })
})
