/**
 * Cases' logic for the instant kit: an opening's params (the case by slug, the hash of the item
 * table the player was shown, and 1–5 cases), its outcome (one ticket per case and the item each
 * names), and the schema of an item table's canonical text. The kit derives the wire from them
 * and the definition (`game.ts`). A case's rules are its table: the server builds them per
 * opening (`caseRules`), and the logic's own rules only draw tickets (the verifier without a
 * table) and refuse every bet.
 */
import { z } from 'zod/mini'
import { hashSchema } from '../engine/fairness/schemas'
import { currencySchema, minorSchema, type Minor } from '../engine/money'
import type { InstantMultiplier } from '../kit/instant/protocol'
import { instantLogic } from '../kit/instant/define'
import type { InstantRules } from '../kit/instant/rules'
import { casesFair, type CaseFairParams } from './fair'
import {
  CASE_TABLE_FORMAT,
  CASE_TICKETS,
  MAX_CASE_ITEMS,
  caseTicket,
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

/**
 * The rules without a case: the tickets of an opening (what `npm run fair -- cases` prints; the
 * item of each is the one whose range holds it in the table the opening names, served at
 * `GET /api/games/case-tables/<hash>`). No bet is placed on them: the server plays each opening
 * with its case's rules (`caseRules`).
 */
const ticketsOnly: InstantRules<CaseFairParams, CaseOutcome> = {
  game: 'cases',
  refusal: () => 'bad_request',
  maxPayout: () => 0 as Minor,
  settle(params, _amount, floats) {
    const tickets = Array.from({ length: params.count }, () => caseTicket(floats.next()))
    return {
      outcome: { tickets, items: [] },
      multiplier: 0 as InstantMultiplier,
      payout: 0 as Minor,
    }
  },
}

/**
 * Cases' logic: params, outcome, the tickets-only rules, and the tickets as the verifier prints
 * them (with the items they drew when it is given the opening's table: `./fair`).
 */
export const casesLogic = instantLogic({
  params: caseParamsSchema,
  outcome: caseOutcomeSchema,
  rules: ticketsOnly,
  describe: ({ tickets }) => `${tickets.length === 1 ? 'ticket' : 'tickets'} ${tickets.join(', ')}`,
  example: { case: 'example', table: '0'.repeat(64), count: 1 },
  fair: casesFair((canonical) => parseCanonicalTable(canonical)),
})

export type { CaseOutcome, CaseParams }

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
