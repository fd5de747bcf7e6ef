import { z } from 'zod/mini'
import { text } from './common'

/** Host settings and single sign-on between mirror hosts (issue 31; docs/api.md). */

/** GET /host_config query: the host the page is on (`location.host`). */
export const hostConfigQuery = z.object({
  host: z
    .string()
    .check(z.minLength(1), z.maxLength(260), z.regex(/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/)),
})

/**
 * A route rule of this host: a page path (`/games/crash`, or a prefix ending in `/*`) and where
 * it sends the player, a path of this site or an absolute http(s) URL (an external redirect).
 */
export const hostRouteRule = z.object({ path: z.string(), to: z.string() })
export type HostRouteRule = z.infer<typeof hostRouteRule>

/**
 * GET /host_config answer: whether the host is in matched-host mode (Russian shown in English)
 * and the route rules that apply on it, the first match winning.
 */
export const hostConfigResponse = z.object({
  en_only: z.boolean(),
  route_rules: z.array(hostRouteRule),
})
export type HostConfigResponse = z.infer<typeof hostConfigResponse>

/** GET /sso/enter query: the one-time ticket of a log-in and the page to return to. */
export const ssoEnterQuery = z.object({
  ticket: text(128, 1),
  return: z.optional(text(2048)),
})
