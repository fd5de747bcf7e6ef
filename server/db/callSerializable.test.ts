import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlLiteral, serializableCallSql, type Db } from './db'
import { openTestPglite } from './testDatabases'

describe('sqlLiteral', () => {
  it('writes integers as digits and strings as E-literals with quotes and backslashes doubled', () => {
    expect(sqlLiteral(-42)).toBe('-42')
    expect(sqlLiteral(null)).toBe('NULL')
    expect(sqlLiteral(true)).toBe('TRUE')
    expect(sqlLiteral(`it's a \\ test`)).toBe(`E'it''s a \\\\ test'`)
  })

  it('refuses what it cannot write exactly', () => {
    expect(() => sqlLiteral(1.5)).toThrow(/safe integer/)
    expect(() => sqlLiteral(2 ** 53)).toThrow(/safe integer/)
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/)
    expect(() => serializableCallSql('f(); DROP TABLE users; --', [])).toThrow(/function name/)
  })
})

describe('Db.callSerializable on PGlite', () => {
  let db: Db
  beforeAll(async () => {
    db = await openTestPglite()
  }, 60_000)
  afterAll(async () => db.close())

  it('runs the call in a SERIALIZABLE transaction', async () => {
    const rows = await db.callSerializable<{ current_setting: string }>('current_setting', [
      'transaction_isolation',
    ])
    expect(rows).toEqual([{ current_setting: 'serializable' }])
  })

  it('passes hostile strings through unchanged', async () => {
    const hostile = `'); DROP TABLE users; -- \\' \\\\ "ü" $$ ${'\u2028'}`
    const rows = await db.callSerializable<{ concat: string }>('concat', [hostile, 7])
    expect(rows).toEqual([{ concat: `${hostile}7` }])
  })

  it('the movement functions refuse to run outside SERIALIZABLE', async () => {
    await expect(
      db.query(`SELECT * FROM ledger_hold('k', 'h', 1, 'RUB', 1, 'r')`),
    ).rejects.toMatchObject({ code: '25001' })
  })
})
