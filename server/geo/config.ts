import { z } from 'zod'
import { csv } from '../envFields'

/** A host as browsers send it in `Host`: a name or address, with an optional port. */
const hostList = csv.pipe(
  z.array(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+(:[0-9]{1,5})?$/, 'a host such as mirror.example or localhost:3000'),
  ),
)

/** An origin of one of this server's mirror hosts: scheme, host and port, nothing after. */
const originList = csv.pipe(
  z.array(
    z
      .url({ protocol: /^https?$/ })
      .transform((u) => new URL(u))
      .refine((u) => u.pathname === '/' && !u.search && !u.hash, 'an origin, no path')
      .transform((u) => u.origin),
  ),
)

/**
 * One server-side route rule (SPEC.md section 2): a page path (`/games/crash`, or a prefix ending
 * in `/*`), the hosts it applies to (none: every host) and where it sends the player: a path of
 * this site (the locale prefix is kept) or an absolute http(s) URL (an external redirect).
 */
const routeRule = z.object({
  path: z.string().regex(/^\/[A-Za-z0-9._~/-]*(\/\*)?$/, 'a path such as /games/crash or /x/*'),
  hosts: z.array(z.string().toLowerCase()).default([]),
  to: z.union([z.string().regex(/^\/(?!\/)[^\s]*$/), z.url({ protocol: /^https?$/ })]),
})
/** A parsed route rule. */
export type RouteRule = z.infer<typeof routeRule>

const routeRules = z
  .string()
  .default('[]')
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not a JSON array' })
      return z.NEVER
    }
  })
  .pipe(z.array(routeRule))

/**
 * The environment of geo, mirrors, single sign-on and host rules, spread into the server's
 * schema (server/config.ts). Every variable is in the README's settings table.
 */
export const geoEnvShape = {
  /** Hosts whose pages 301 to MIRROR_NEW_LINK; empty: every host but the new link's own. */
  MIRROR_REDIRECT_HOSTS: hostList,
  /** Origins of this server's mirror hosts that share a log-in (single sign-on). */
  SSO_ORIGINS: originList,
  /** Seconds an SSO ticket may wait to be used. */
  SSO_TICKET_TTL_S: z.coerce.number().int().positive().max(600).default(60),
  /** Route rules, a JSON array of `{ path, hosts?, to }`. */
  ROUTE_RULES: routeRules,
  /** Hosts on which crash, coinflip and cases send players to /error (SPEC.md section 6). */
  GAMES_OFF_HOSTS: hostList,
  /** Hosts in matched-host mode: Russian is shown in English (SPEC.md section 4). */
  EN_ONLY_HOSTS: hostList,
}

type GeoEnv = { [K in keyof typeof geoEnvShape]: z.output<(typeof geoEnvShape)[K]> }

/** The pages of the games SPEC.md section 6 turns off on some hosts. */
export const HOST_OFF_GAME_PATHS = [
  '/games/crash',
  '/games/coinflip',
  '/games/cases',
  '/games/cases/*',
]

/** Where those pages send the player: the error page, as "not found". */
export const GAME_OFF_TARGET = '/error?errorCode=404'

/** The parsed settings, `config.hosts` of the server's config. */
export function hostConfigOf(e: GeoEnv) {
  const gamesOff: RouteRule[] =
    e.GAMES_OFF_HOSTS.length === 0
      ? []
      : HOST_OFF_GAME_PATHS.map((path) => ({ path, hosts: e.GAMES_OFF_HOSTS, to: GAME_OFF_TARGET }))
  return {
    mirrorRedirectHosts: e.MIRROR_REDIRECT_HOSTS,
    ssoOrigins: e.SSO_ORIGINS,
    ssoTicketTtlS: e.SSO_TICKET_TTL_S,
    /** The operator's rules first, then the games turned off by host. */
    routeRules: [...e.ROUTE_RULES, ...gamesOff],
    enOnlyHosts: e.EN_ONLY_HOSTS,
  } as const
}

/** The host settings as the rest of the server reads them. */
export type HostConfig = ReturnType<typeof hostConfigOf>
