import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../db/db'
import { betHistoryPage, type BetHistoryProvider, type HistoryCursor } from './history'
import type { UserId } from './player'

/** A provider over fixed rows, as a game's SQL keyset query would page them. */
function provider(game: string, rows: HistoryCursor[]): BetHistoryProvider<string> {
  const sorted = [...rows].sort((a, b) => b.ms - a.ms || (a.id < b.id ? 1 : -1))
  return {
    page: (_db, _user, after, limit) =>
      Promise.resolve(
        sorted
          .filter((r) => !after || r.ms < after.ms || (r.ms === after.ms && r.id < after.id))
          .slice(0, limit)
          .map((r) => ({ ...r, item: `${game}:${r.id}` })),
      ),
  }
}

const db = {} as Queryable
const user = 7 as UserId

describe('betHistoryPage', () => {
  it("pages every game's bets newest first by one keyset, none skipped or repeated", async () => {
    const games = [
      provider('crash', [
        { ms: 5, id: 'b-c5' },
        { ms: 3, id: 'b-c3' },
        { ms: 3, id: 'b-a3' },
        { ms: 1, id: 'b-c1' },
      ]),
      provider('dice', [
        { ms: 4, id: 'b-d4' },
        { ms: 3, id: 'b-b3' },
        { ms: 2, id: 'b-d2' },
      ]),
    ]
    const seen: string[] = []
    let after: HistoryCursor | null = null
    let pages = 0
    for (;;) {
      const { rows, more }: Awaited<ReturnType<typeof betHistoryPage<string>>> =
        await betHistoryPage(games, db, user, after, 3)
      seen.push(...rows.map((r) => r.item))
      pages += 1
      if (!more) break
      after = rows.at(-1)!
    }
    expect(pages).toBe(3)
    expect(seen).toEqual([
      'crash:b-c5',
      'dice:b-d4',
      'crash:b-c3',
      'dice:b-b3',
      'crash:b-a3',
      'dice:b-d2',
      'crash:b-c1',
    ])
  })

  it('says no more rows when a page takes the last one, and answers an empty history', async () => {
    const one = provider('crash', [{ ms: 1, id: 'b-1' }])
    expect(await betHistoryPage([one], db, user, null, 1)).toMatchObject({ more: false })
    expect(await betHistoryPage([], db, user, null, 20)).toEqual({ rows: [], more: false })
  })
})
