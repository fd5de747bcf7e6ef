import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords'
import { hashToken, newCode, newToken } from './tokens'

describe('passwords and tokens', () => {
  it('hashes with scrypt, salted, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse', 1024)
    const b = await hashPassword('correct horse', 1024)
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('correct horse', a)).toBe(true)
    expect(await verifyPassword('correct horsE', a)).toBe(false)
    expect(await verifyPassword('x', 'md5$abc')).toBe(false)
  })

  it('makes 256-bit tokens and six-digit codes', () => {
    const t = newToken('ta')
    expect(t).toMatch(/^ta_[A-Za-z0-9_-]{43}$/)
    expect(newToken('ta')).not.toBe(t)
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/)
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^[0-9]{6}$/)
  })
})
