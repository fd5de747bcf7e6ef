import { describe, expect, it } from 'vitest'

import { bytesToHex, hexToBytes, isHash, isHex, utf8 } from './encoding'

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
    expect(() => hexToBytes('abc')).toThrow('[Fairness]')
  })
})

describe('utf8', () => {
  it('matches Buffer for non-ASCII text', () => {
    const s = 'Тессера ₸ 🎲 kk-KZ'
    expect(bytesToHex(utf8(s))).toBe(Buffer.from(s, 'utf8').toString('hex'))
  })
})
