/** The dice page's `?bet=<id>` parameter: the bet whose proof is open (profile history links). */
import { z } from 'zod/mini'
import { betIdSchema, type BetId } from '../kit/protocol'

/** The page's search parameters, validated; a malformed `bet` is ignored (null). */
export function parseDiceSearch(search: unknown): { bet: BetId | null } {
  const value =
    typeof search === 'object' && search !== null ? Reflect.get(search, 'bet') : undefined
  const parsed = z.pipe(z.string().check(z.trim()), betIdSchema).safeParse(value)
  return { bet: parsed.success ? parsed.data : null }
}
