import { z } from 'zod/mini'

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
