import { describe, expect, it } from 'vitest'
import { floatCursor } from '../games/engine/fairness'
import { runCaptured } from './fairTesting'

const seeds = ['--server-seed', 'server seed', '--client-seed', 'client seed']

const run = (argv: string[]) => runCaptured(argv)

/** The first `n` floats of a nonce (the stream itself is checked against node:crypto elsewhere). */
function floatsOf(nonce: number, n: number): number[] {
  const cursor = floatCursor('server seed', 'client seed', nonce)
  return Array.from({ length: n }, () => cursor.next())
}

/** The published distinct draw, written again from its description: the first m are the mines. */
function minesOf(nonce: number, m: number): number[] {
  const left = Array.from({ length: 25 }, (_, i) => i)
  return floatsOf(nonce, m).map((f) => left.splice(Math.floor(f * left.length), 1)[0]!)
}

const DECK = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].flatMap((r) =>
  ['♦', '♥', '♠', '♣'].map((s) => r + s),
)
/** Rank in play of a deck index: the ace (indexes 48-51) is 1. */
const rankAt = (index: number) => (index >= 48 ? 1 : Math.floor(index / 4) + 2)

describe('fair stateful rounds (in-process)', () => {
  it('replays a miner round tile by tile, with each multiplier and the payout; miner is mines', () => {
    const mines = minesOf(11, 3)
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !mines.includes(t))
    const tiles = `${safe[0]},${safe[1]}+${safe[2]}`
    const { code, out } = run(['miner', ...seeds, '--nonce', '11', '--tiles', tiles])
    expect(code).toBe(0)
    expect(out[1]).toBe(`mines ${[...mines].sort((a, b) => a - b).join(' ')}`)
    // 0.99 × 25/22 and 0.99 × C(25,3)/C(22,3), floored to ten-thousandths.
    expect(out.slice(7)).toEqual([
      `step 1 tile ${safe[0]}: safe, 1.1250x`,
      `step 2 tile ${safe[1]}+${safe[2]}: safe, 1.4785x`,
      'cash out at 1.4785x (after the last step): payout 147 of 100',
    ])
    expect(run(['mines', ...seeds, '--nonce', '11', '--tiles', tiles]).out).toEqual(out)
    const lost = run(['mines', ...seeds, '--nonce', '11', '--tiles', `${safe[0]},${mines[1]}`])
    expect(lost.out.at(-1)).toBe(`step 2 tile ${mines[1]}: mine on ${mines[1]}, payout 0 of 100`)
    const full = run([
      'mines',
      ...seeds,
      '--nonce',
      '11',
      '--mines',
      '24',
      '--tiles',
      `${minesOf(11, 25)[24]}`,
    ])
    expect(full.out.at(-1)).toBe('cash out at 24.7500x (every safe tile): payout 2475 of 100')
  })

  it('replays a hilo round from card 0 with the edge rules and the running multiplier', () => {
    // Find a nonce whose first card is between the edges and guess the likelier side of it.
    for (let nonce = 0; nonce < 50; nonce++) {
      const cards = floatsOf(nonce, 3).map((f) => Math.floor(f * 52))
      const [start, next] = cards.map(rankAt) as [number, number]
      if (start === 1 || start === 13) continue
      const higher = 14 - start >= start
      const won = higher ? next >= start : next <= start
      const { code, out } = run([
        'hilo',
        ...seeds,
        '--nonce',
        String(nonce),
        '--amount',
        '10000',
        '--guesses',
        `${higher ? 'higher' : 'lower'},skip`,
      ])
      expect(code).toBe(0)
      expect(out[1]).toBe(`card 0 ${DECK[cards[0]!]} (start)`)
      const multiplier = Math.floor(128_700 / (higher ? 14 - start : start))
      const move = higher ? 'higher-or-same' : 'lower-or-same'
      if (!won) {
        expect(out.slice(2)).toEqual([
          `card 1 ${DECK[cards[1]!]}: ${move} wrong, payout 0 of 10000`,
        ])
        continue
      }
      const shown = `${(multiplier / 10_000).toFixed(4)}x`
      expect(out.slice(2)).toEqual([
        `card 1 ${DECK[cards[1]!]}: ${move} correct, ${shown}`,
        `card 2 ${DECK[cards[2]!]}: skip, ${shown}`,
        `cash out at ${shown} (after the last guess): payout ${multiplier} of 10000`,
      ])
      return
    }
    throw new Error('no nonce of 50 starts between the edges with a correct guess')
  })

  it('replays a coinflip streak and loses on the first wrong call', () => {
    const sides = floatsOf(2, 3).map((f) => (f < 0.5 ? 'heads' : 'tails'))
    const streak = run(['coinflip', ...seeds, '--nonce', '2', '--calls', sides.join(',')])
    expect(streak.out.slice(1)).toEqual([
      `flip 1 call ${sides[0]}: ${sides[0]}, 1.9800x`,
      `flip 2 call ${sides[1]}: ${sides[1]}, 3.9600x`,
      `flip 3 call ${sides[2]}: ${sides[2]}, 7.9200x`,
      'cash out at 7.9200x (after the last call): payout 792 of 100',
    ])
    const other = sides[1] === 'heads' ? 'tails' : 'heads'
    const lost = run([
      'coinflip',
      ...seeds,
      '--nonce',
      '2',
      '--calls',
      `${sides[0]},${other},${sides[2]}`,
    ])
    expect(lost.out.slice(2)).toEqual([`flip 2 call ${other}: ${sides[1]}, wrong, payout 0 of 100`])
  })

  it('caps the payout at the currency maximum', () => {
    const mines = minesOf(11, 12)
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !mines.includes(t))
    const { out } = run([
      'mines',
      ...seeds,
      '--nonce',
      '11',
      '--mines',
      '12',
      '--amount',
      '100000',
      '--currency',
      'USD',
      '--tiles',
      safe.join('+'),
    ])
    // 5,148,297x on 1,000 USD is far past the 50,000 USD cap.
    expect(out.at(-1)).toBe('cash out at 5148297.0000x (every safe tile): payout 5000000 of 100000')
  })

  it('refuses bad replays with exit code 2 and the usage', () => {
    for (const argv of [
      ['mines', ...seeds, '--nonce', '0', '--tiles', '1,1'],
      ['mines', ...seeds, '--nonce', '0', '--tiles', '25'],
      ['mines', ...seeds, '--nonce', '0', '--tiles', '1,,2'],
      ['mines', ...seeds, '--nonce', '0', '--mines', '24', '--tiles', '1+2'],
      ['hilo', ...seeds, '--nonce', '0', '--guesses', 'up'],
      ['coinflip', ...seeds, '--nonce', '0', '--calls', 'heads,edge'],
      ['coinflip', ...seeds, '--nonce', '0', '--calls', 'heads', '--currency', 'XYZ'],
      ['coinflip', ...seeds, '--nonce', '0', '--calls', 'heads', '--amount', '0'],
    ]) {
      const { code, err } = run(argv)
      expect(code, argv.join(' ')).toBe(2)
      expect(err).toContain('Usage:')
    }
  })
})
