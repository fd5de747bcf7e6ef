import { describe, expect, it } from 'vitest'
import { DRAW_SPIN_MS } from '../round.machine'
import {
  fitCentreText,
  GLYPH_WIDTH,
  MIN_TEXT_SCALE,
  restingRotation,
  sliceOf,
  spinRotation,
  SPIN_TURNS,
  wheelSlices,
} from './wheelView'

const row = (purchaseId: string, firstTicket: number, count: number, colour: number) => ({
  purchaseId,
  firstTicket,
  count,
  colour,
})

describe('the wheel', () => {
  it("lays the list out as arcs, merging a colour's consecutive purchases, the player's apart", () => {
    const slices = wheelSlices(
      [row('a', 0, 2, 0), row('b', 2, 3, 0), row('c', 5, 1, 1), row('d', 6, 4, 1)],
      ['d'],
    )
    expect(slices).toEqual([
      { first: 0, count: 5, colour: 0, mine: false },
      { first: 5, count: 1, colour: 1, mine: false },
      { first: 6, count: 4, colour: 1, mine: true },
    ])
    expect([0, 4, 5, 9, 10].map((t) => sliceOf(slices, t))).toEqual([0, 0, 1, 2, null])
  })

  it("rests with the winning ticket's middle under the pointer at the top", () => {
    // Ticket 0 of 4 spans the first quarter clockwise from the top: its middle is 1/8 turn on.
    expect(restingRotation(0, 4)).toBeCloseTo(-Math.PI / 4)
    expect(restingRotation(3, 4)).toBeCloseTo(-(7 / 8) * 2 * Math.PI)
  })

  it('turns SPIN_TURNS more at the start, slows, and stops exactly on the ticket', () => {
    const resting = restingRotation(2, 10)
    expect(spinRotation(resting, 0, false)).toBeCloseTo(resting - SPIN_TURNS * 2 * Math.PI)
    const speeds = [0, 0.25, 0.5, 0.75].map(
      (f) =>
        spinRotation(resting, (f + 0.01) * DRAW_SPIN_MS, false) -
        spinRotation(resting, f * DRAW_SPIN_MS, false),
    )
    for (let i = 1; i < speeds.length; i++) expect(speeds[i]).toBeLessThan(speeds[i - 1] ?? 0)
    expect(spinRotation(resting, DRAW_SPIN_MS, false)).toBe(resting)
    expect(spinRotation(resting, DRAW_SPIN_MS * 3, false)).toBe(resting)
    // Reduced motion: no spin at all.
    expect(spinRotation(resting, 0, true)).toBe(resting)
  })
})

describe('the centre text', () => {
  it('takes the scale its longest line fits the hub at, at most the given one', () => {
    // 'Winner:' is 7 glyphs, the name 5: the name's line is not the widest.
    expect(fitCentreText('Winner:\nAlice', 7 * GLYPH_WIDTH, 2)).toEqual({
      text: 'Winner:\nAlice',
      scale: 1,
    })
    expect(fitCentreText('43', 1000, 2).scale).toBe(2)
  })

  it('cuts a line too long to read at the smallest scale, with an ellipsis', () => {
    const room = 8 * MIN_TEXT_SCALE * GLYPH_WIDTH
    const fitted = fitCentreText('Winner:\nPeacefulBasilisk1903', room, 0.8)
    expect(fitted).toEqual({ text: 'Winner:\nPeacefu…', scale: MIN_TEXT_SCALE })
    // Cyrillic counts by characters, not UTF-16 units or bytes.
    expect(fitCentreText('Победитель:\nЖ', 100 * GLYPH_WIDTH, 0.8).text).toBe('Победитель:\nЖ')
  })
})
