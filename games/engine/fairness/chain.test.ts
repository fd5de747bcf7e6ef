import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import {
  chainFrom,
  chainPosition,
  crashChainPublicationSchema,
  previousGameHash,
  verifyChain,
  walkChain,
} from './chain'

const sha256Hex = (hex: string) =>
  createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex')
const seed = createHash('sha256').update('tessera chain test seed').digest('hex')

describe('hash chain', () => {
  const length = 200
  const chain = chainFrom(seed, length)

  it('lists game 0 (terminating) to game `length` (the seed), each the hash of the next', () => {
    expect(chain).toHaveLength(length + 1)
    expect(chain[length]).toBe(seed)
    for (let n = 1; n <= length; n++) expect(chain[n - 1]).toBe(sha256Hex(chain[n]!))
  })

  it('previousGameHash is one step back, whatever the hex case', () => {
    expect(previousGameHash(chain[10]!)).toBe(chain[9])
    expect(previousGameHash(chain[10]!.toUpperCase())).toBe(chain[9])
  })

  it('verifies every game at its own number and at no other', () => {
    const terminating = chain[0]!
    for (let n = 0; n <= length; n++) {
      expect(verifyChain(chain[n]!, n, terminating)).toBe(true)
      expect(verifyChain(chain[n]!, n + 1, terminating)).toBe(false)
      if (n > 0) expect(verifyChain(chain[n]!, n - 1, terminating)).toBe(false)
    }
  })

  it('rejects a hash from another chain', () => {
    const other = chainFrom(sha256Hex(seed), 5)
    expect(verifyChain(other[5]!, 5, chain[0]!)).toBe(false)
  })

  it('finds a game number by walking back, within a bound', () => {
    expect(chainPosition(chain[137]!, chain[0]!, length)).toBe(137)
    expect(chainPosition(chain[0]!, chain[0]!, length)).toBe(0)
    expect(chainPosition(chain[137]!, chain[0]!, 136)).toBeNull()
    expect(chainPosition(chain[137]!.toUpperCase(), chain[0]!.toUpperCase(), 200)).toBe(137)
  })

  it('walkChain visits each earlier game in order and stops when asked', () => {
    const seen: string[] = []
    const last = walkChain(chain[20]!, 5, (bytes) => {
      seen.push(Buffer.from(bytes).toString('hex'))
    })
    expect(seen).toEqual([chain[19], chain[18], chain[17], chain[16], chain[15]])
    expect(last).toBe(chain[15])
    let visits = 0
    walkChain(chain[20]!, 10, () => ++visits < 3)
    expect(visits).toBe(3)
  })

  it('throws on malformed hashes and counts', () => {
    expect(() => chainFrom('abc', 3)).toThrow('[Fairness]')
    expect(() => chainFrom(seed, -1)).toThrow('[Fairness]')
    expect(() => verifyChain(seed, 1, 'nothex')).toThrow('[Fairness]')
  })
})

describe('crash chain publication', () => {
  it('parses the published facts and refuses a malformed terminating hash', () => {
    const good = { terminatingHash: seed, salt: 'ab'.repeat(32), length: 1000 }
    expect(crashChainPublicationSchema.parse(good)).toEqual(good)
    expect(crashChainPublicationSchema.safeParse({ ...good, terminatingHash: 'x' }).success).toBe(
      false,
    )
    expect(crashChainPublicationSchema.safeParse({ ...good, length: 0 }).success).toBe(false)
  })
})
