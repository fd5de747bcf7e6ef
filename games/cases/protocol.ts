/**
 * The cases wire: the instant kit's wire ({@link instantWire}) with an opening's params (the case
 * by slug, the hash of the item table the player was shown, and 1–5 cases) and its outcome (one
 * ticket per case and the item each names).
 */
import { z } from 'zod/mini'
import { hashSchema } from '../engine/fairness/schemas'
import { currencySchema, minorSchema } from '../engine/money'
import { instantWire } from '../kit/instant/protocol'
import {
  CASE_TABLE_FORMAT,
  CASE_TICKETS,
  MAX_CASE_ITEMS,
  MAX_CASES_PER_OPENING,
  RARITIES,
  type CaseOutcome,
  type CaseParams,
  type CaseTable,
} from './rules'

/** A case's slug, as in `/games/cases/{slug}`. */
export const caseSlugSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/))

/** An opening's params. */
export const caseParamsSchema = z.object({
  case: caseSlugSchema,
  table: hashSchema,
  count: z.int().check(z.gte(1), z.lte(MAX_CASES_PER_OPENING)),
})

/** An opening's outcome: a ticket (1–100000) and an item id per case, in order. */
export const caseOutcomeSchema = z
  .object({
    tickets: z
      .array(z.int().check(z.gte(1), z.lte(CASE_TICKETS)))
      .check(z.minLength(1), z.maxLength(MAX_CASES_PER_OPENING)),
    items: z
      .array(z.string().check(z.regex(/^[a-z0-9-]{1,32}$/)))
      .check(z.minLength(1), z.maxLength(MAX_CASES_PER_OPENING)),
  })
  .check(z.refine((o) => o.tickets.length === o.items.length, 'one item per ticket'))

/** The cases wire: `bet` (one opening of 1–5 cases), `sync` and the `snapshot` event. */
export const casesWire = instantWire('cases', caseParamsSchema, caseOutcomeSchema)

export type { CaseOutcome, CaseParams }
/** An opening command (parsed). */
export type CaseBetCommand = z.output<typeof casesWire.schemas.bet>
/** The answer to an opening. */
export type CaseBetAck = z.output<typeof casesWire.schemas.betAck>

/** A name in each language of the site. */
export const caseTextSchema = z.object({ en: z.string(), ru: z.string(), kz: z.string() })

/** An item table as {@link canonicalTable} writes it (what a table's hash is taken of). */
export const canonicalTableSchema = z.object({
  currency: currencySchema,
  format: z.literal(CASE_TABLE_FORMAT),
  items: z
    .array(
      z.object({
        id: z.string().check(z.regex(/^[a-z0-9-]{1,32}$/)),
        name: caseTextSchema,
        rarity: z.enum(RARITIES),
        tickets: z.int().check(z.gte(1), z.lte(CASE_TICKETS)),
        value: minorSchema,
      }),
    )
    .check(z.minLength(1), z.maxLength(MAX_CASE_ITEMS)),
})

/** Reads a table's canonical text back (null when it is not one). */
export function parseCanonicalTable(text: string): CaseTable | null {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = canonicalTableSchema.safeParse(json)
  return parsed.success ? { currency: parsed.data.currency, items: parsed.data.items } : null
}
