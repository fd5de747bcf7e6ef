/**
 * The profile's bet history over every game: each game registers a provider that pages its own
 * bet rows, and the history merges their pages. Pages are keyset pages on (time, id), newest
 * first; ids are unique across games ({@link newBetId}) and compared in byte order (SQL
 * `COLLATE "C"`), so one cursor pages every game without skipping or repeating a row.
 */
import type { Queryable } from '../../db/db'
import type { UserId } from './player'

/** A keyset position: the time (epoch ms) and id of the last row of a page. */
export interface HistoryCursor {
  ms: number
  id: string
}

/** One bet of a player's history, with its keyset position. */
export interface HistoryRow<Item> extends HistoryCursor {
  /** The bet as the history's wire shape has it (its game id and round reference included). */
  item: Item
}

/** How a game lists a player's bets for the history. */
export interface BetHistoryProvider<Item> {
  /**
   * The player's bets strictly before `after` in (ms, id) order (all when null), newest first,
   * at most `limit`. Bets refused or withdrawn before their round are left out.
   */
  page(
    db: Queryable,
    userId: UserId,
    after: HistoryCursor | null,
    limit: number,
  ): Promise<HistoryRow<Item>[]>
}

/** Newest first: later time first, then the larger id in byte order. */
function newer(a: HistoryCursor, b: HistoryCursor): boolean {
  return a.ms !== b.ms ? a.ms > b.ms : a.id > b.id
}

/**
 * One page of `limit` rows over every provider, and whether more rows follow. Each provider is
 * asked for one row more than the page: the page's rows and the next one are among those.
 */
export async function betHistoryPage<Item>(
  providers: readonly BetHistoryProvider<Item>[],
  db: Queryable,
  userId: UserId,
  after: HistoryCursor | null,
  limit: number,
): Promise<{ rows: HistoryRow<Item>[]; more: boolean }> {
  const pages = await Promise.all(providers.map((p) => p.page(db, userId, after, limit + 1)))
  const merged: HistoryRow<Item>[] = []
  const heads = pages.map(() => 0)
  // A merge of sorted pages keeps each provider's own order exactly.
  while (merged.length <= limit) {
    let best = -1
    pages.forEach((page, i) => {
      const row = page[heads[i]!]
      if (row && (best < 0 || newer(row, pages[best]![heads[best]!]!))) best = i
    })
    if (best < 0) break
    merged.push(pages[best]![heads[best]!]!)
    heads[best]! += 1
  }
  return { rows: merged.slice(0, limit), more: merged.length > limit }
}
