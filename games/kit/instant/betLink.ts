/**
 * An instant game page's `?bet=<id>` parameter: the bet whose proof is open (the profile
 * history's links, `/games/<game>?bet=<id>`). One reader for every instant game.
 */
import { z } from 'zod/mini'
import { betIdSchema, type BetId } from '../protocol'

/** The page's search parameters, validated; a malformed `bet` is ignored (null). */
export function parseBetSearch(search: unknown): { bet: BetId | null } {
  const value =
    typeof search === 'object' && search !== null ? Reflect.get(search, 'bet') : undefined
  const parsed = z.pipe(z.string().check(z.trim()), betIdSchema).safeParse(value)
  return { bet: parsed.success ? parsed.data : null }
}
