/**
 * The cases wire: the instant kit's wire ({@link instantWire}) with an opening's params (the case
 * by slug, the hash of the item table the player was shown, and 1–5 cases) and its outcome (one
 * ticket per case and the item each names).
 */
import { z } from 'zod/mini'
import { hashSchema } from '../engine/fairness/schemas'
import { instantWire } from '../kit/instant/protocol'
import { CASE_TICKETS, MAX_CASES_PER_OPENING, type CaseOutcome, type CaseParams } from './rules'

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
