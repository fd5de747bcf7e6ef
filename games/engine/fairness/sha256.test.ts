import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { bytesToHex, hexToBytes, isHash, isHex, utf8 } from './encoding'
import { createHmacSha256, hmacSha256, sha256 } from './sha256'

const hex = (bytes: Uint8Array) => bytesToHex(bytes)
const text = (s: string) => utf8(s)
const repeat = (byte: number, length: number) => new Uint8Array(length).fill(byte)

/** A small fixed-seed generator (mulberry32) so random cases reproduce. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomBytes(next: () => number, length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(next() * 256))
}

describe('sha256: FIPS 180-4 / NIST example vectors', () => {
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
  ])('sha256(%j)', (input, digest) => {
    expect(hex(sha256(text(input)))).toBe(digest)
  })

  it('hashes one million "a"', () => {
    expect(hex(sha256(repeat(0x61, 1_000_000)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    )
  })
})

describe('hmacSha256: RFC 4231 test cases', () => {
  it.each([
    [
      '1',
      repeat(0x0b, 20),
      text('Hi There'),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      '2',
      text('Jefe'),
      text('what do ya want for nothing?'),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      '3',
      repeat(0xaa, 20),
      repeat(0xdd, 50),
      '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
    ],
    [
      '4',
      Uint8Array.from({ length: 25 }, (_, i) => i + 1),
      repeat(0xcd, 50),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    [
      '6',
      repeat(0xaa, 131),
      text('Test Using Larger Than Block-Size Key - Hash Key First'),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      '7',
      repeat(0xaa, 131),
      text(
        'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      ),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ])('test case %s', (_name, key, data, mac) => {
    expect(hex(hmacSha256(key, data))).toBe(mac)
  })

  it('test case 5 (output truncated to 128 bits)', () => {
    const mac = hmacSha256(repeat(0x0c, 20), text('Test With Truncation'))
    expect(hex(mac).slice(0, 32)).toBe('a3b6167473100ee06e0c796c2955552b')
  })
})

describe('against node:crypto on random inputs (fixed seed)', () => {
  const next = random(20261122)
  // Every length around the one- and two-block padding boundaries, then longer messages.
  const lengths = [...Array.from({ length: 140 }, (_, i) => i), 255, 256, 1000, 4097]

  it('sha256 matches for every length across the padding boundaries', () => {
    for (const length of lengths) {
      const msg = randomBytes(next, length)
      expect(hex(sha256(msg)), `length ${length}`).toBe(
        createHash('sha256').update(msg).digest('hex'),
      )
    }
  })

  it('hmacSha256 matches for keys shorter than, equal to and longer than a block', () => {
    for (const keyLength of [0, 1, 32, 63, 64, 65, 200]) {
      for (const length of [0, 1, 32, 55, 56, 64, 100, 300]) {
        const key = randomBytes(next, keyLength)
        const msg = randomBytes(next, length)
        const expected = createHmac('sha256', key).update(msg).digest('hex')
        expect(hex(hmacSha256(key, msg)), `key ${keyLength}, msg ${length}`).toBe(expected)
      }
    }
  })

  it('a keyed HMAC reused for many messages gives each message its own MAC', () => {
    const key = randomBytes(next, 40)
    const mac = createHmacSha256(key)
    const out = new Uint8Array(32)
    for (let i = 0; i < 50; i++) {
      const msg = randomBytes(next, i * 3)
      expect(hex(mac(msg, out))).toBe(createHmac('sha256', key).update(msg).digest('hex'))
    }
  })

  it('hashes in place when out is the input', () => {
    const bytes = randomBytes(next, 32)
    const expected = createHash('sha256').update(bytes).digest('hex')
    expect(hex(sha256(bytes, bytes))).toBe(expected)
    expect(hex(bytes)).toBe(expected)
  })

  it('utf8 matches Buffer for non-ASCII text', () => {
    const s = 'Тессера ₸ 🎲 kk-KZ'
    expect(hex(utf8(s))).toBe(Buffer.from(s, 'utf8').toString('hex'))
  })
})

describe('hex helpers', () => {
  it('round-trips and accepts either case', () => {
    const bytes = Uint8Array.from([0, 1, 15, 16, 127, 128, 254, 255])
    expect(bytesToHex(bytes)).toBe('00010f107f80feff')
    expect(hexToBytes('00010F107f80FEff')).toEqual(bytes)
  })

  it('rejects odd lengths and non-hex digits', () => {
    expect(isHex('abc')).toBe(false)
    expect(isHex('zz')).toBe(false)
    expect(isHash('ab'.repeat(32))).toBe(true)
    expect(isHash('ab'.repeat(31))).toBe(false)
    expect(() => hexToBytes('0g')).toThrow('[Fairness]')
  })

  it('refuses an out buffer too small for a digest', () => {
    expect(() => sha256(new Uint8Array(1), new Uint8Array(31))).toThrow('[Fairness]')
  })
})
