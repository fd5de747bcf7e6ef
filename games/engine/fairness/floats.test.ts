import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { FLOATS_PER_BLOCK, floatCursor, floats, floatStream, hashServerSeed } from './floats'

/** The published scheme written out independently with node:crypto. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number) {
  const out: number[] = []
  for (let round = 0; out.length < count; round++) {
    const block = createHmac('sha256', serverSeed)
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest()
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      const bytes = [...block.subarray(i, i + 4)]
      out.push(bytes.reduce((sum, byte, j) => sum + byte / 256 ** (j + 1), 0))
    }
  }
  return out
}

describe('float stream', () => {
  const serverSeed = 'a3f1c9e2d7b84a6f9e0c1d2b3a4f5e6d7c8b9a0f1e2d3c4b5a6978877665544'
  const clientSeed = 'lucky-player 42'

  it('equals the scheme computed with node:crypto, across several blocks and nonces', () => {
    for (const nonce of [0, 1, 7, 1234567]) {
      expect(floats(serverSeed, clientSeed, nonce, 3 * FLOATS_PER_BLOCK + 5)).toEqual(
        referenceFloats(serverSeed, clientSeed, nonce, 3 * FLOATS_PER_BLOCK + 5),
      )
    }
  })

  it('treats seeds as UTF-8 text', () => {
    expect(floats('сид сервера ₸', 'клиент', 3, 10)).toEqual(
      referenceFloats('сид сервера ₸', 'клиент', 3, 10),
    )
  })

  it('differs when any input changes', () => {
    const base = floats(serverSeed, clientSeed, 0, 1)[0]
    expect(floats(serverSeed + 'x', clientSeed, 0, 1)[0]).not.toBe(base)
    expect(floats(serverSeed, clientSeed + 'x', 0, 1)[0]).not.toBe(base)
    expect(floats(serverSeed, clientSeed, 1, 1)[0]).not.toBe(base)
  })

  it('gives the same values through the cursor, the generator and the array', () => {
    const expected = floats(serverSeed, clientSeed, 9, 20)
    const cursor = floatCursor(serverSeed, clientSeed, 9)
    const fromCursor = Array.from({ length: 20 }, () => cursor.next())
    expect(fromCursor).toEqual(expected)
    expect(cursor.consumed).toBe(20)
    const fromGenerator: number[] = []
    for (const f of floatStream(serverSeed, clientSeed, 9)) {
      fromGenerator.push(f)
      if (fromGenerator.length === 20) break
    }
    expect(fromGenerator).toEqual(expected)
  })

  it('stays in [0, 1) with a mean near 1/2 over many draws', () => {
    const values = floats(serverSeed, clientSeed, 5, 40_000)
    expect(values.every((f) => f >= 0 && f < 1)).toBe(true)
    const mean = values.reduce((a, b) => a + b, 0) / values.length
    // Standard error of the mean is sqrt(1/12 / 40000) ~ 0.00144; allow 5 of them.
    expect(Math.abs(mean - 0.5)).toBeLessThan(5 * 0.00144)
  })

  it('rejects a bad nonce or count as a bug', () => {
    expect(() => floats(serverSeed, clientSeed, -1, 1)).toThrow('[Fairness]')
    expect(() => floats(serverSeed, clientSeed, 1.5, 1)).toThrow('[Fairness]')
    expect(() => floats(serverSeed, clientSeed, 0, -1)).toThrow('[Fairness]')
  })
})

describe('hashServerSeed', () => {
  // FIPS 180-4 / NIST example vectors: the commitment is plain SHA-256 of the UTF-8 text.
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
    ['a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  ])('NIST vector %#', (seed, digest) => {
    expect(hashServerSeed(seed)).toBe(digest)
  })

  it('is the hex SHA-256 of the seed text, as shown before play', () => {
    expect(hashServerSeed('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    const seed = 'Ω server seed'
    expect(hashServerSeed(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'))
  })
})
