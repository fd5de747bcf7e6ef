import { z } from 'zod/mini'
import { text } from './common'

/** Attribution calls added beside SPEC.md section 7's (see docs/api.md, "Attribution"). */

/**
 * POST middleware/ip answer: `ip` is the address the server saw, which the client keeps in the
 * `userVersion` cookie for a day (SPEC.md section 3) so it reports again only when it changes.
 */
export const middlewareIpResponse = z.object({
  success: z.literal(true),
  ip: z.optional(z.string()),
})
export type MiddlewareIpResponse = z.infer<typeof middlewareIpResponse>

/** GET /sandbox/attribution (sandbox mode, this machine only): one e-mail's account, or the newest. */
export const attributionReportQuery = z.object({
  email: z.optional(text(254)),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
})
