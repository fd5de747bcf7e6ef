import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { chainFrom, walkChain } from './chain'
import { createCrashPointer, crashPoint, formatCrashPoint, type CrashPoint } from './crash'

/** The published formula written out independently with node:crypto, as a multiplier. */
function referenceCrash(gameHash: string, salt: string): number {
  const h = createHmac('sha256', salt).update(Buffer.from(gameHash, 'hex')).digest('hex')
  const r = parseInt(h.slice(0, 13), 16)
  const x = 99 / (1 - r / 2 ** 52)
  return Math.max(1, Math.floor(x) / 100)
}

const salt = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c'
const seed = createHash('sha256').update('tessera crash test seed').digest('hex')

describe('crashPoint', () => {
  it('matches the formula computed with node:crypto for 2,000 games of a chain', () => {
    const chain = chainFrom(seed, 2000)
    for (const hash of chain) {
      expect(crashPoint(hash, salt) / 100, hash).toBe(referenceCrash(hash, salt))
    }
  })

  it('gives a known crash point for a known game and salt', () => {
    const game = '7e9d4e1a3b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9011a2b3c4d5e6'
    const expected = Math.round(referenceCrash(game, salt) * 100)
    expect(crashPoint(game, salt)).toBe(expected)
    // Pinned, so a change of scheme in both places at once still fails here.
    expect(crashPoint(game, salt)).toMatchInlineSnapshot(`531`)
  })

  it('depends on the salt, so another operator salt gives other points', () => {
    const chain = chainFrom(seed, 20)
    const mine = chain.map((h) => crashPoint(h, salt))
    const theirs = chain.map((h) => crashPoint(h, salt.replace(/^0/, '1')))
    expect(theirs).not.toEqual(mine)
  })

  it('rejects a game hash that is not 32 bytes', () => {
    expect(() => crashPoint('abcd', salt)).toThrow('[Fairness]')
    expect(() => createCrashPointer(salt)(new Uint8Array(31))).toThrow('[Fairness]')
  })
})

describe('formatCrashPoint', () => {
  it.each([
    [100, '1.00'],
    [101, '1.01'],
    [153, '1.53'],
    [1000, '10.00'],
    [123456, '1234.56'],
  ])('%i -> %s', (point, text) => {
    expect(formatCrashPoint(point as CrashPoint)).toBe(text)
  })
})

describe('distribution over 1,000,000 crash points of a fixed chain', () => {
  it('P(crash >= x) is 0.99 / x within 5 sigma, and 1.00x has 2/101', () => {
    const games = 1_000_000
    const targets = [1.01, 1.5, 2, 5, 10, 100]
    const atLeast = new Array<number>(targets.length).fill(0)
    const thresholds = targets.map((x) => Math.round(x * 100))
    let atOne = 0
    const pointOf = createCrashPointer(salt)
    const started = performance.now()
    walkChain(seed, games, (bytes) => {
      const point = pointOf(bytes)
      if (point === 100) atOne++
      for (let i = 0; i < thresholds.length; i++) if (point >= thresholds[i]!) atLeast[i]!++
    })
    const seconds = (performance.now() - started) / 1000

    const within5Sigma = (count: number, p: number) => {
      const sigma = Math.sqrt((p * (1 - p)) / games)
      return Math.abs(count / games - p) / sigma
    }
    targets.forEach((x, i) => {
      expect(within5Sigma(atLeast[i]!, 0.99 / x), `x = ${x}`).toBeLessThan(5)
    })
    // crash = 1.00 whenever X < 101, i.e. u < 2/101 (~1.98 %): the 1 % of rounds where X < 100
    // (the clamp, the house's instant bust) plus the ~0.98 % that honestly land in [1.00, 1.01).
    expect(within5Sigma(atOne, 2 / 101), 'P(crash = 1.00)').toBeLessThan(5)
    console.info(`1,000,000 crash points in ${seconds.toFixed(1)} s`)
  })
})
