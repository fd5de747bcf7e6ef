import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, type CataloguePosition } from './cursor'

describe('catalogue cursors', () => {
  it('decode to the position they were made from, for their own sort only', () => {
    const positions: CataloguePosition[] = [
      { sort: 'popular', value: 0, id: 'a' },
      { sort: 'popular', value: 2 ** 31 - 1, id: 'book-of-tessera' },
      { sort: 'new', value: '2024-02-29', id: 'x-1' },
      { sort: 'title', value: "ivory hold'em | книга", id: 'x' },
    ]
    for (const p of positions) {
      const raw = encodeCursor(p)
      expect(raw).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(decodeCursor(raw, p.sort)).toEqual(p)
      for (const other of ['popular', 'new', 'title'] as const) {
        if (other !== p.sort) expect(decodeCursor(raw, other)).toBeNull()
      }
    }
  })

  it('refuse what the server would not issue', () => {
    const forged = (value: unknown, sort = 'popular', id: unknown = 'x') =>
      Buffer.from(JSON.stringify([sort, value, id])).toString('base64url')
    const refused: [string, 'popular' | 'new' | 'title'][] = [
      ['', 'popular'],
      ['!!!', 'popular'],
      [Buffer.from('not json').toString('base64url'), 'popular'],
      [forged(-1), 'popular'],
      [forged(1.5), 'popular'],
      [forged(2 ** 31), 'popular'],
      [forged('5'), 'popular'],
      [forged(5, 'popular', 'Bad Id'), 'popular'],
      [forged(5, 'popular', 'a'.repeat(65)), 'popular'],
      [forged('2023-02-29', 'new'), 'new'],
      [forged('0999-01-01', 'new'), 'new'],
      [forged('2024-13-01', 'new'), 'new'],
      [forged('', 'title'), 'title'],
      [forged('a\u0000b', 'title'), 'title'],
      [forged('\ud800', 'title'), 'title'],
      [forged('a'.repeat(101), 'title'), 'title'],
    ]
    for (const [raw, sort] of refused) expect(decodeCursor(raw, sort), raw).toBeNull()
  })
})
