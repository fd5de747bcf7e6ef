/**
 * A live game page's URL parameter that opens one finished round's proof:
 * `/games/<game>?round=<roundId>` (profile history links and the rooms' draws use it). Pure, so
 * it is tested without a router and a page reads the parameter through it alone.
 */
import { z } from 'zod/mini'
import { roundIdSchema, type RoundId } from '../protocol'

/**
 * `round` as the router hands it over: its default search parser reads `?round=12` as the number
 * 12 (JSON), so a numeric id arrives as a number and any other id as text.
 */
const roundParamSchema = z.pipe(
  z.union([z.int().check(z.positive()), z.string().check(z.trim(), z.minLength(1))]),
  z.pipe(
    z.transform((value: number | string) => String(value)),
    roundIdSchema,
  ),
)

/** A live game page's search parameters, validated; a malformed `round` is ignored (null). */
export function parseRoundSearch(search: unknown): { round: RoundId | null } {
  const value =
    typeof search === 'object' && search !== null ? Reflect.get(search, 'round') : undefined
  const parsed = roundParamSchema.safeParse(value)
  return { round: parsed.success ? parsed.data : null }
}
