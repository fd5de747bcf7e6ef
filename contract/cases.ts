import { z } from 'zod/mini'
import { currency, minor, sha256Hex } from './common'

/**
 * The cases catalogue (public): the cases on offer, one case with every item, its exact
 * probability, its ticket range and the return to player computed from its table, and any item
 * table ever offered, by hash (what an opening's proof names). The draw and the table's hash are
 * games/cases/rules.ts; docs/games.md has them written out.
 */

/** GET: the catalogue; GET `<path>/:slug`: one case. */
export const CASES_PATH = '/api/games/cases'
/** GET `<path>/:hash`: an item table by its hash (tables never change). */
export const CASE_TABLES_PATH = '/api/games/case-tables'

/** A case's slug. */
export const caseSlug = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/))

/** A name given in each language of the site. */
export const caseText = z.object({ en: z.string(), ru: z.string(), kz: z.string() })

/** Rarities, least rare first. */
export const caseRarity = z.enum(['common', 'uncommon', 'rare', 'epic', 'legendary'])

/** An item with its published ticket range `from`–`to` (its probability: `tickets / 100000`). */
export const caseItem = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]{1,32}$/)),
  name: caseText,
  /** What the item pays, in minor units of the case's currency. */
  value: minor,
  rarity: caseRarity,
  tickets: z.int().check(z.gte(1), z.lte(100_000)),
  from: z.int().check(z.gte(1), z.lte(100_000)),
  to: z.int().check(z.gte(1), z.lte(100_000)),
})
export type CaseItemResponse = z.infer<typeof caseItem>

/** A case in the catalogue. `rtp` is the return to player in hundredths of a percent (9260). */
export const caseSummary = z.object({
  slug: caseSlug,
  name: caseText,
  image: z.string(),
  price: minor,
  currency,
  rtp: z.int().check(z.nonnegative()),
  /** The most valuable item. */
  top: z.object({ id: z.string(), name: caseText, value: minor, rarity: caseRarity }),
})
export type CaseSummary = z.infer<typeof caseSummary>

/** GET /api/games/cases answer, cheapest first. */
export const casesResponse = z.object({ data: z.array(caseSummary) })
export type CasesResponse = z.infer<typeof casesResponse>

/** GET /api/games/cases/:slug answer: the case and the table openings draw from now. */
export const caseResponse = z.object({
  slug: caseSlug,
  name: caseText,
  image: z.string(),
  price: minor,
  currency,
  rtp: z.int().check(z.nonnegative()),
  /** The hash an opening names (its params' `table`). */
  table_hash: sha256Hex,
  items: z.array(caseItem).check(z.minLength(1)),
})
export type CaseResponse = z.infer<typeof caseResponse>

/**
 * GET /api/games/case-tables/:hash answer: the table as it was hashed. `canonical` is the text
 * whose SHA-256 is `hash`; `items` is the same table, parsed, with each item's range.
 */
export const caseTableResponse = z.object({
  hash: sha256Hex,
  currency,
  canonical: z.string(),
  items: z.array(caseItem).check(z.minLength(1)),
})
export type CaseTableResponse = z.infer<typeof caseTableResponse>
