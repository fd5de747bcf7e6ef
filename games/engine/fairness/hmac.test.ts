import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { bytesToHex, utf8 } from './encoding'
import { createHmacSha256 } from './hmac'

const hex = (bytes: Uint8Array) => bytesToHex(bytes)
const text = (s: string) => utf8(s)
const repeat = (byte: number, length: number) => new Uint8Array(length).fill(byte)
const hmacSha256 = (key: Uint8Array, msg: Uint8Array) => createHmacSha256(key)(msg)

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

describe('createHmacSha256: RFC 4231 test cases', () => {
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

describe('createHmacSha256: one key, many messages', () => {
  it('gives each message its own MAC, in a reused out buffer, as node:crypto does', () => {
    const next = random(20261122)
    const key = randomBytes(next, 40)
    const mac = createHmacSha256(key)
    const out = new Uint8Array(32)
    for (let i = 0; i < 50; i++) {
      const msg = randomBytes(next, i * 3)
      expect(mac(msg, out)).toBe(out)
      expect(hex(out)).toBe(createHmac('sha256', key).update(msg).digest('hex'))
    }
  })

  it('refuses an out buffer too small for a digest', () => {
    expect(() => createHmacSha256(text('key'))(text('msg'), new Uint8Array(31))).toThrow()
  })
})
