/**
 * Hot and cold numbers of the player's recent spins on this page, pure. Hot: the numbers that
 * came up most often (at least twice), the latest first among equals. Cold: the numbers that came
 * up least often, among equals the one unseen the longest (never seen first), then the lowest.
 */
import { POCKETS } from '../rules'

/** The hot and the cold numbers, at most `count` each. */
export interface HotCold {
  hot: number[]
  cold: number[]
}

/** Hot and cold numbers of `pockets` (newest first). */
export function hotAndCold(pockets: readonly number[], count = 3): HotCold {
  if (pockets.length === 0) return { hot: [], cold: [] }
  const stats = Array.from({ length: POCKETS }, (_, n) => ({
    n,
    hits: 0,
    // Spins since last seen; never seen counts as the longest.
    since: Number.POSITIVE_INFINITY,
  }))
  pockets.forEach((pocket, age) => {
    const s = stats[pocket]
    if (!s) return
    s.hits++
    s.since = Math.min(s.since, age)
  })
  const hot = stats
    .filter((s) => s.hits >= 2)
    .sort((a, b) => b.hits - a.hits || a.since - b.since)
    .slice(0, count)
    .map((s) => s.n)
  const cold = stats
    .filter((s) => !hot.includes(s.n))
    .sort((a, b) => a.hits - b.hits || b.since - a.since || a.n - b.n)
    .slice(0, count)
    .map((s) => s.n)
  return { hot, cold }
}
